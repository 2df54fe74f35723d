import type { LabelSchema } from '../../../common/labels/label-schema';
import type { StoredLabel } from '../../../common/labels/labels';
import { LabelValue } from '../rubrics';
import type { LabelKeyState } from './use-label-keys';

interface Props {
  schema: LabelSchema;
  mine: StoredLabel | null;
  /** A value sent and not yet confirmed. */
  pending: unknown;
  failed: string | null;
  keys: LabelKeyState;
}

const time = (at: string) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The annotator's label on the item: saved (confirmed committed by the backend), on its way, or
 * failed; and what the keys have typed towards the next one (digits, reasons, a pending reject).
 */
export function LabelChoice({ schema, mine, pending, failed, keys }: Props) {
  const reasonLabel = (code: string) => schema.definition.reasons.find((r) => r.code === code)?.label ?? code;
  const typedOption = keys.digits === '' ? null : schema.options[Number(keys.digits) - 1];
  return (
    <section className="label-choice" aria-live="polite" data-testid="label-choice">
      <div className="label-choice-row">
        <span className="facet-label">Your label</span>
        {failed !== null ? (
          <span className="badge badge-fail" data-testid="label-state" data-state="failed" title={failed}>
            not saved: {failed}
          </span>
        ) : pending !== undefined ? (
          <span data-testid="label-state" data-state="pending">
            <LabelValue schema={schema.name} value={pending} /> <span className="muted">saving…</span>
          </span>
        ) : mine ? (
          <span data-testid="label-state" data-state="saved" data-value={typeof mine.value === 'string' ? mine.value : JSON.stringify(mine.value)}>
            <LabelValue schema={schema.name} value={mine.value} />{' '}
            {mine.reasons.map((r) => (
              <span key={r} className="reason-chip mono">
                {r}
              </span>
            ))}
            <span className="saved-mark">✓ saved {time(mine.at)}</span>
            {mine.note && <span className="muted"> · “{mine.note}”</span>}
          </span>
        ) : (
          <span className="muted" data-testid="label-state" data-state="none">
            not labelled yet
          </span>
        )}
      </div>
      {(typedOption !== null || keys.reasons.length > 0 || keys.rejecting) && (
        <div className="label-typed" data-testid="label-typed">
          {keys.digits !== '' && (
            <span>
              <kbd>{keys.digits}</kbd> {typedOption ? `${typedOption.value} · ${typedOption.label}` : ''}{' '}
              <span className="muted">(another digit, or Enter)</span>
            </span>
          )}
          {keys.rejecting && (
            <span className="badge badge-fail">
              reject: press reason letters, then <kbd>Enter</kbd> (<kbd>Esc</kbd> cancels)
            </span>
          )}
          {keys.reasons.map((r) => (
            <span key={r} className="reason-chip">
              {reasonLabel(r)}
            </span>
          ))}
        </div>
      )}
    </section>
  );
}
