import type { AttemptRow } from '../../../common/runs/run-types';
import { shownStatus, statusLooks } from './attempt-status';

/** An attempt's shown status as its letter and word, in the status colour. */
export function StatusBadge({ attempt }: { attempt: AttemptRow }) {
  const shown = shownStatus(attempt);
  const look = statusLooks[shown];
  return (
    <span className={`status-badge status-${shown}`} data-testid="attempt-status" data-status={attempt.status} data-shown={shown}>
      <span className="status-letter" aria-hidden="true">
        {look.letter}
      </span>
      {look.label}
    </span>
  );
}
