import type { ModelsStatus } from '../../../common/model/model-types';
import { formatHash } from '../router/route';

/** True when model calls cannot run: live mode without a key. Unknown (still loading) is not blocked. */
export function modelBlocked(status: ModelsStatus | null): boolean {
  return status !== null && status.mode === 'live' && !status.hasKey;
}

/** Why a model feature is off, and where to turn it on. */
export function NoKeyReason({ id, what, testId }: { id: string; what: string; testId: string }) {
  return (
    <p id={id} className="no-key-reason" data-testid={testId} role="note">
      {what} the model, and there is no API key: set one in <a href={formatHash({ name: 'settings' })}>Settings</a>, or start <code>rwb serve</code> with{' '}
      <code>ANTHROPIC_API_KEY</code> in its environment.
    </p>
  );
}
