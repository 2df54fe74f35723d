import type { PipelineRunSummary } from '../../../common/pipeline/pipeline-types';
import { formatCount } from '../lib/format';
import { formatHash } from '../router/route';
import { usePipelineStore } from './pipeline-store';
import { formatUsd, formatWhen } from './pipeline-format';
import { ReplayResult } from './replay-result';
import { RunDetail } from './run-detail';

/** States a run can be resumed from (every one but `running` and `done`). */
const resumable = new Set(['failed', 'cancelled', 'stopped', 'interrupted']);

function statusClass(status: PipelineRunSummary['status']): string {
  if (status === 'done') return 'badge badge-ok';
  if (status === 'running') return 'badge run-running';
  if (status === 'failed') return 'badge badge-fail';
  return 'badge badge-warn';
}

/** Units done of planned, from the latest progress event when the run's job reports one. */
function RunProgress({ run }: { run: PipelineRunSummary }) {
  const jobId = usePipelineStore((s) => s.jobOf[run.id]);
  const event = usePipelineStore((s) => (jobId === undefined ? undefined : s.progress[jobId]));
  const live = run.status === 'running' && event !== undefined;
  const done = live ? event.done : run.done;
  const total = live ? event.total : run.total;
  const label = `${formatCount(done)}${total === null ? '' : ` / ${formatCount(total)}`}`;
  return (
    <div className="run-progress" data-testid="pipeline-progress" title={live ? event.message : (run.message ?? '')}>
      {total !== null && total > 0 ? (
        <progress max={total} value={Math.min(done, total)} aria-label={`${label} units`} />
      ) : run.status === 'running' ? (
        <progress aria-label="progress unknown" />
      ) : null}
      <span className="run-progress-text">{label}</span>
    </div>
  );
}

function RunRow({ run }: { run: PipelineRunSummary }) {
  const hasJob = usePipelineStore((s) => s.jobOf[run.id] !== undefined);
  const replay = usePipelineStore((s) => s.replays[run.id]);
  const expanded = usePipelineStore((s) => s.expanded === run.id);
  const { cancel, resume, toggleDetail } = usePipelineStore.getState();
  const c = run.costs;
  return (
    <>
      <tr className={expanded ? 'pipeline-run-row expanded' : 'pipeline-run-row'} data-testid="pipeline-run-row" data-run-id={run.id} data-state={run.status}>
        <td>
          <span className="mono">{run.id}</span>
          <div className="muted run-when">{formatWhen(run.createdAt)}</div>
        </td>
        <td>{run.kind}</td>
        <td>
          <span className={statusClass(run.status)}>{run.status}</span>
          {run.message !== null && run.status !== 'running' && <div className="muted run-message">{run.message}</div>}
        </td>
        <td>
          <RunProgress run={run} />
        </td>
        <td
          className="num"
          title={`${c.requests} requests: ${c.sent} sent, ${c.reused} reused, ${c.failed} failed${c.unknownCost > 0 ? `; ${c.unknownCost} of unknown cost` : ''}`}
        >
          {formatUsd(c.costUsd)}
          {c.unknownCost > 0 && <span className="muted"> + {c.unknownCost} unknown</span>}
          <div className="muted">
            {formatCount(c.sent)} sent · {formatCount(c.reused)} reused
          </div>
        </td>
        <td className="num" title="Dollars of every request the run used / rubrics it accepted; blank while a cost is unknown">
          {run.library !== null ? formatUsd(c.costPerAccepted) : <span className="muted">—</span>}
          {run.accepted !== null && (
            <div className="muted">
              {formatCount(run.accepted)} {run.kind === 'judge' ? 'verdicts' : 'rubrics'}
            </div>
          )}
        </td>
        <td>
          {run.library !== null ? (
            <a href={formatHash({ name: 'libraries', id: run.library })} className="mono">
              {run.library}
            </a>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
        <td>
          <div className="run-actions">
            <button
              type="button"
              className="button button-small"
              data-testid="pipeline-run-details"
              aria-expanded={expanded}
              aria-controls={`run-detail-${run.id}`}
              onClick={() => toggleDetail(run.id)}
            >
              {expanded ? 'Hide details' : 'Details'}
            </button>
            {run.status === 'running' && (
              <button type="button" className="button button-small button-danger" disabled={!hasJob} onClick={() => void cancel(run.id)}>
                Cancel
              </button>
            )}
            {resumable.has(run.status) && (
              <button type="button" className="button button-small" onClick={() => void resume(run.id)}>
                Resume
              </button>
            )}
            {run.status === 'done' && (
              <button
                type="button"
                className="button button-small"
                data-testid="pipeline-replay"
                disabled={replay?.loading === true}
                title="Re-execute the run from the ledger alone (no network, no writes) and compare with what it stored"
                onClick={() => void usePipelineStore.getState().replay(run.id)}
              >
                Replay
              </button>
            )}
          </div>
        </td>
      </tr>
      {expanded && (
        <tr className="run-detail-row" id={`run-detail-${run.id}`}>
          <td colSpan={8}>
            <RunDetail run={run.id} />
          </td>
        </tr>
      )}
      {replay !== undefined && (
        <tr className="replay-row">
          <td colSpan={8}>
            <ReplayResult state={replay} />
          </td>
        </tr>
      )}
    </>
  );
}

/** Pipeline runs, newest first. */
export function RunTable({ runs }: { runs: PipelineRunSummary[] }) {
  return (
    <table className="pipeline-table" data-testid="pipeline-runs">
      <thead>
        <tr>
          <th scope="col">Run</th>
          <th scope="col">Kind</th>
          <th scope="col">State</th>
          <th scope="col">Progress</th>
          <th scope="col" className="num">
            Cost
          </th>
          <th scope="col" className="num">
            Per accepted rubric
          </th>
          <th scope="col">Library</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <RunRow key={run.id} run={run} />
        ))}
      </tbody>
    </table>
  );
}
