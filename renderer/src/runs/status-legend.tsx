import { attemptStatuses } from '../../../common/corpus/bundle';
import type { AttemptCounts } from '../../../common/runs/run-types';
import { statusLooks } from './attempt-status';

/** What each cell colour and letter means, with how many slots of the experiment have it. */
export function StatusLegend({ counts }: { counts: AttemptCounts }) {
  return (
    <ul className="status-legend" aria-label="Attempt statuses" data-testid="status-legend">
      {attemptStatuses.map((status) => (
        <li key={status} title={statusLooks[status].meaning} data-status={status}>
          <span className={`legend-swatch attempt-cell status-${status}`} aria-hidden="true">
            <span className="cell-letter">{statusLooks[status].letter}</span>
          </span>
          {statusLooks[status].label} <span className="legend-count">{counts[status]}</span>
        </li>
      ))}
    </ul>
  );
}
