/** Props of a facet filter. */
export interface FacetSelectProps {
  label: string;
  testId: string;
  /** Text of the option that clears the filter. */
  allLabel: string;
  value: string | null;
  options: { value: string; text: string }[];
  onChange(value: string | null): void;
  /** Why the filter cannot be used now; the select is disabled with this as its tooltip. */
  refusal?: string | null;
}

/** A labelled dropdown over one facet; each option shows its rollout count. */
export function FacetSelect({ label, testId, allLabel, value, options, onChange, refusal }: FacetSelectProps) {
  return (
    <label className="facet">
      <span className="facet-label">{label}</span>
      <select
        data-testid={testId}
        value={value ?? ''}
        disabled={refusal != null}
        title={refusal ?? undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}
