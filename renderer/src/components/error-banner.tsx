import { useAppStore } from '../stores/app-store';

/** The last failed call's message; it names the file, field or id that was wrong. */
export function ErrorBanner() {
  const error = useAppStore((s) => s.error);
  const dismiss = useAppStore((s) => s.dismissError);
  if (!error) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      <span className="error-code">{error.code.replace(/_/g, ' ')}</span>
      <span className="error-message">{error.message}</span>
      <button type="button" className="link-button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
