import type { AttemptStatus } from '../../../common/runs/run-types';
import { statusLooks } from './attempt-status';

/** An attempt status as its letter and word, in the status colour. */
export function StatusBadge({ status }: { status: AttemptStatus }) {
  const look = statusLooks[status];
  return (
    <span className={`status-badge status-${status}`} data-testid="attempt-status" data-status={status}>
      <span className="status-letter" aria-hidden="true">
        {look.letter}
      </span>
      {look.label}
    </span>
  );
}
