/** Props of a small numeric field of the run toolbar (a time cap, slots per host). */
export interface CountInputProps {
  value: string;
  invalid: boolean;
  placeholder: string;
  title: string;
  onChange(value: string): void;
  testId: string;
  disabled?: boolean;
  describedBy?: string;
}

/** A whole number of at least 1, kept as typed so the form can say what is wrong with it. */
export function CountInput({ value, invalid, placeholder, title, onChange, testId, disabled, describedBy }: CountInputProps) {
  return (
    <input
      className="cap-input"
      type="number"
      min={1}
      step={1}
      inputMode="numeric"
      placeholder={placeholder}
      value={value}
      aria-invalid={invalid}
      title={title}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      data-testid={testId}
      aria-describedby={describedBy}
    />
  );
}
