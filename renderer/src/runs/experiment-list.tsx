import type { AttemptCounts, ExperimentSummary } from '../../../common/runs/run-types';
import { formatHash } from '../router/route';
import { navigate } from '../router/router';
import { shownCounts, shownStatuses, statusLooks } from './attempt-status';

/** The statuses an experiment's slots have, as letter-count chips (only those present). */
function StatusCounts({ counts: stored, neverStarted }: { counts: AttemptCounts; neverStarted: number }) {
  const counts = shownCounts(stored, neverStarted);
  const present = shownStatuses.filter((s) => counts[s] > 0);
  return (
    <span className="status-counts">
      {present.map((s) => (
        <span key={s} className={`count-chip status-${s}`} title={`${counts[s]} ${statusLooks[s].label}`} data-status={s}>
          <span aria-hidden="true">{statusLooks[s].letter}</span>
          <span className="visually-hidden">{statusLooks[s].label}</span> {counts[s]}
        </span>
      ))}
    </span>
  );
}

/** Every experiment of the corpus; a row opens its grid. */
export function ExperimentList({ experiments, selected }: { experiments: ExperimentSummary[]; selected: string | null }) {
  return (
    <table className="plain-table experiment-table" data-testid="experiments-table">
      <tbody>
        {experiments.map((e) => {
          const current = e.id === selected;
          return (
            <tr
              key={e.id}
              className={current ? 'selected' : undefined}
              data-testid="experiment-row"
              data-experiment-id={e.id}
              aria-selected={current}
              onClick={() => navigate({ name: 'runs', experiment: e.id, attempt: null })}
            >
              <td>
                <a href={formatHash({ name: 'runs', experiment: e.id, attempt: null })} aria-current={current ? 'page' : undefined}>
                  {e.name}
                </a>
                <div className="muted experiment-shape">
                  <span className="mono">{e.id}</span> · {e.caseCount} case{e.caseCount === 1 ? '' : 's'} × {e.repeats} repeat{e.repeats === 1 ? '' : 's'}
                </div>
                <div className="arm-list" title="arms">
                  {e.arms.join(' · ')}
                </div>
              </td>
              <td className="experiment-counts">
                <StatusCounts counts={e.counts} neverStarted={e.neverStarted} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
