import { useRef, useState } from 'react';

/**
 * A path on the backend's disk (or a sign-in link), selectable, with a Copy button. The desktop app denies the
 * page the clipboard permission, so Copy falls back to copying the selected text, and failing
 * that leaves it selected for Ctrl+C.
 */
export function CopyablePath({
  path,
  testId,
  fieldLabel = 'Path of the file',
  buttonLabel = 'Copy path',
}: {
  path: string;
  testId: string;
  fieldLabel?: string;
  buttonLabel?: string;
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);

  async function copy(): Promise<void> {
    const field = fieldRef.current;
    field?.select();
    try {
      await navigator.clipboard.writeText(path);
      setCopied('Copied');
    } catch {
      field?.select();
      setCopied(document.execCommand('copy') ? 'Copied' : 'Selected: press Ctrl+C to copy');
    }
  }

  return (
    <div className="copyable-path">
      <input ref={fieldRef} className="mono" readOnly value={path} aria-label={fieldLabel} data-testid={testId} onFocus={(e) => e.target.select()} />
      <button type="button" className="button" onClick={() => void copy()}>
        {buttonLabel}
      </button>
      <span className="muted" aria-live="polite">
        {copied}
      </span>
    </div>
  );
}
