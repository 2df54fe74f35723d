import type { ReactNode } from 'react';

/** Props of one labelled field of the "Start a run" form. */
export interface RunFormFieldProps {
  id: string;
  label: string;
  /** Shown under the field instead of the hint when the value is refused. */
  error?: string;
  hint?: ReactNode;
  /** The control; it must carry `id`, and `aria-describedby={`${id}-note`}` to be read with its note. */
  children: ReactNode;
}

/** A label over its control, with the hint or the error beneath it. */
export function RunFormField({ id, label, error, hint, children }: RunFormFieldProps) {
  return (
    <div className={error === undefined ? 'run-field' : 'run-field has-error'} data-field={id}>
      <label htmlFor={id} className="facet-label">
        {label}
      </label>
      {children}
      {error !== undefined ? (
        <span id={`${id}-note`} className="field-error" data-testid="new-run-field-error">
          {error}
        </span>
      ) : hint !== undefined ? (
        <span id={`${id}-note`} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
