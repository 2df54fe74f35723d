/** Props of a facet filter. */
export interface FacetSelectProps {
  label: string;
  testId: string;
  /** Text of the option that clears the filter. */
  allLabel: string;
  value: string | null;
  options: { value: string; text: string }[];
  onChange(value: string | null): void;
}

/** A labelled dropdown over one facet; each option shows its rollout count. */
export function FacetSelect({ label, testId, allLabel, value, options, onChange }: FacetSelectProps) {
  return (
    <label className="facet">
      <span className="facet-label">{label}</span>
      <select data-testid={testId} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
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
