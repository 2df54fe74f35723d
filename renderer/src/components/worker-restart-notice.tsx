import { useEffect, useState } from 'react';
import { onWorkbenchEvent } from '../api/bridge';

/**
 * Says that the worker process crashed and was restarted: whatever was in progress then
 * failed with an error and may need doing again. Stays until dismissed.
 */
export function WorkerRestartNotice() {
  const [restart, setRestart] = useState<{ reason: string; at: string } | undefined>(undefined);
  useEffect(
    () =>
      onWorkbenchEvent((event) => {
        if (event.type === 'worker:restarted') setRestart({ reason: event.reason, at: new Date().toLocaleTimeString() });
      }),
    [],
  );
  if (!restart) return null;
  return (
    <span role="status" data-testid="worker-restarted">
      The worker process stopped ({restart.reason}) and was restarted at {restart.at}; a request in progress then failed and may need trying again.{' '}
      <button type="button" onClick={() => setRestart(undefined)}>
        Dismiss
      </button>
    </span>
  );
}
