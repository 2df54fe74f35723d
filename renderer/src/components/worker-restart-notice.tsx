import { useEffect, useState } from 'react';
import { onWorkbenchEvent } from '../api/bridge';

type Notice = { kind: 'restarted'; reason: string; at: string } | { kind: 'down'; reason: string; crashes: number; restartAt: string | null };

/**
 * Says that the worker process crashed and was restarted: whatever was in progress then
 * failed with an error and may need doing again. When it crashed too often to restart at
 * once, says so and when it starts again. Stays until dismissed.
 */
export function WorkerRestartNotice() {
  const [notice, setNotice] = useState<Notice | undefined>(undefined);
  useEffect(
    () =>
      onWorkbenchEvent((event) => {
        if (event.type === 'worker:restarted') setNotice({ kind: 'restarted', reason: event.reason, at: new Date().toLocaleTimeString() });
        else if (event.type === 'worker:down')
          setNotice({
            kind: 'down',
            reason: event.reason,
            crashes: event.crashes,
            restartAt: event.restartAt === null ? null : new Date(event.restartAt).toLocaleTimeString(),
          });
      }),
    [],
  );
  if (!notice) return null;
  if (notice.kind === 'down')
    return (
      <span role="alert" data-testid="worker-down">
        The worker process crashed {notice.crashes} times within a minute (last: {notice.reason});{' '}
        {notice.restartAt === null ? 'reopen the corpus to start it again.' : `it starts again at ${notice.restartAt}. Until then every request fails.`}
      </span>
    );
  return (
    <span role="status" data-testid="worker-restarted">
      The worker process stopped ({notice.reason}) and was restarted at {notice.at}; a request in progress then failed and may need trying again.{' '}
      <button type="button" onClick={() => setNotice(undefined)}>
        Dismiss
      </button>
    </span>
  );
}
