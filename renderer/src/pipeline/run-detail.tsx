import type { PipelineRunDetail } from '../../../common/pipeline/pipeline-types';
import { CurationFunnel, formatParams } from '../libraries';
import { LoadingState } from '../components/loading-state';
import { formatCount } from '../lib/format';
import { formatHash } from '../router/route';
import { usePipelineStore } from './pipeline-store';
import { formatUsd } from './pipeline-format';
import { JudgeTargets } from './run-judge-targets';

/** Why a run has no cost per accepted rubric, when it has none. */
function perAcceptedGap(run: PipelineRunDetail): string {
  if (run.costs.unknownCost > 0) return 'unknown while a request has no cost (no price in Settings, or cut off in flight)';
  if (run.status !== 'done') return 'once the run is done';
  return 'nothing was accepted';
}

function RunCosts({ run }: { run: PipelineRunDetail }) {
  const c = run.costs;
  const unit = run.kind === 'judge' ? 'verdict' : 'accepted rubric';
  return (
    <dl className="run-costs" data-testid="run-costs" data-cost-usd={c.costUsd} data-cost-per-accepted={c.costPerAccepted ?? ''}>
      <div>
        <dt>Requests</dt>
        <dd>
          {formatCount(c.requests)}{' '}
          <span className="muted">
            ({formatCount(c.sent)} sent, {formatCount(c.reused)} reused from the ledger, {formatCount(c.failed)} failed)
          </span>
        </dd>
      </div>
      <div>
        <dt>Cost</dt>
        <dd>
          {formatUsd(c.costUsd)}
          {c.unknownCost > 0 && <span className="muted"> + {formatCount(c.unknownCost)} of unknown cost</span>}
        </dd>
      </div>
      <div>
        <dt>Per {unit}</dt>
        <dd data-testid="run-cost-per-accepted">
          {c.costPerAccepted === null ? <span className="muted">— {perAcceptedGap(run)}</span> : formatUsd(c.costPerAccepted)}
          {run.accepted !== null && (
            <span className="muted">
              {' '}
              ({formatCount(run.accepted)} {run.kind === 'judge' ? 'verdicts' : 'rubrics'})
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>Executions</dt>
        <dd>{run.executions}</dd>
      </div>
    </dl>
  );
}

/**
 * One run opened: its costs, the curation funnel with every rejected proposal (or the cases it
 * judged), its parameters and error. How a library filled its categories is on its own page.
 */
export function RunDetail({ run }: { run: string }) {
  const detail = usePipelineStore((s) => s.details[run]);
  if (detail === undefined) return <LoadingState label="Loading the run…" />;
  const report = detail.report;
  return (
    <div className="run-detail" data-testid="run-detail" data-run-id={run}>
      {detail.error !== null && (
        <p className="field-error run-detail-error" role="alert">
          {detail.error}
        </p>
      )}
      <RunCosts run={detail} />
      {report?.funnel && (
        <section aria-label="Curation funnel">
          <h3>Funnel</h3>
          <CurationFunnel funnel={report.funnel} proposals={report.proposals} />
        </section>
      )}
      {report !== null && report.targets.length > 0 && (
        <section aria-label="Judged cases">
          <h3>Cases</h3>
          <JudgeTargets rows={report.targets} />
        </section>
      )}
      {detail.library !== null && (
        <p className="run-detail-library">
          Library{' '}
          <a href={formatHash({ name: 'libraries', id: detail.library })} className="mono">
            {detail.library}
          </a>
          : its category mix, quotas and rubrics.
        </p>
      )}
      <p className="run-params muted" data-testid="run-params">
        {formatParams(detail.params)}
      </p>
    </div>
  );
}
