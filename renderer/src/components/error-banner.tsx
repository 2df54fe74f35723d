import { useEffect } from 'react';
import { useAppStore } from '../app-state/app-store';

/**
 * The last failed call's message (it names the file, field or id that was wrong), on the screen
 * it belongs to: moving to another screen drops it, so one screen's NOT FOUND never follows the user.
 */
export function ErrorBanner({ screen }: { screen: string }) {
  const error = useAppStore((s) => s.error);
  const dismiss = useAppStore((s) => s.dismissError);
  const leaveScreen = useAppStore((s) => s.leaveScreen);
  useEffect(() => leaveScreen(screen), [screen, leaveScreen]);
  if (!error || error.screen !== screen) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner" data-source={error.source ?? ''}>
      <span className="error-code">{error.code.replace(/_/g, ' ')}</span>
      <span className="error-message">{error.message}</span>
      <button type="button" className="link-button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
