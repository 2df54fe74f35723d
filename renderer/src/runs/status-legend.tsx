import type { AttemptCounts } from '../../../common/runs/run-types';
import { shownCounts, shownStatuses, statusLooks } from './attempt-status';

/** What each cell colour and letter means, with how many slots of the experiment show it. */
export function StatusLegend({ counts, neverStarted }: { counts: AttemptCounts; neverStarted: number }) {
  const shown = shownCounts(counts, neverStarted);
  return (
    <ul className="status-legend" aria-label="Attempt statuses" data-testid="status-legend">
      {shownStatuses.map((status) => (
        <li key={status} title={statusLooks[status].meaning} data-status={status}>
          <span className={`legend-swatch attempt-cell status-${status}`} aria-hidden="true">
            <span className="cell-letter">{statusLooks[status].letter}</span>
          </span>
          {statusLooks[status].label} <span className="legend-count">{shown[status]}</span>
        </li>
      ))}
    </ul>
  );
}
