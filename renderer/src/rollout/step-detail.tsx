import type { StepDetail as StepDetailData, StepRow } from '../../../common/corpus/corpus-types';
import { ExitBadge } from '../components/exit-badge';
import { LoadingState } from '../components/loading-state';
import { OutputPane } from '../components/output-pane';
import { formatDuration } from '../lib/format';
import { RerunButton } from '../runs';
import { useRolloutStore } from './rollout-store';
import { FailureSection } from './failure-section';
import { StepReruns } from './step-reruns';
import { useDiffCommand } from './use-diff-command';

/** Props of the step detail pane. */
export interface StepDetailProps {
  row: StepRow;
  /** The step's outputs and failure, once loaded. */
  detail: StepDetailData | undefined;
}

/** The selected step: its command, its failure if any, then stdout and stderr. */
export function StepDetail({ row, detail }: StepDetailProps) {
  const rollout = useRolloutStore((s) => s.rolloutId);
  useDiffCommand(rollout, row.program);
  return (
    <div className="step-detail" data-testid="step-detail">
      <header className="step-detail-head">
        <h2>Step {row.index}</h2>
        <ExitBadge step={row} />
        {(row.timedOut || row.killed) && row.exitCode !== null && <span className="muted">exit {row.exitCode}</span>}
        <span>{formatDuration(row.durationMs)}</span>
        {row.program && (
          <span className="mono muted" title="program version this step ran">
            {row.program.path} v{row.program.version}
          </span>
        )}
        {row.score !== null && <span>score {row.score}</span>}
        {/* Only a stored program version can be re-executed: it is what a case is made from. */}
        {row.program && rollout !== null && <RerunButton program={{ rollout, ...row.program }} keyed />}
      </header>
      <pre className="step-command mono" data-testid="step-command">
        {row.command}
      </pre>
      {detail === undefined ? (
        <LoadingState label="Loading output…" />
      ) : (
        <>
          {detail.failure && <FailureSection key={detail.failure.id} failure={detail.failure} />}
          {row.program && rollout !== null && <StepReruns program={{ rollout, ...row.program }} />}
          <OutputPane label="stdout" text={detail.stdout} bytes={detail.stdoutBytes} testId="step-stdout" />
          <OutputPane label="stderr" text={detail.stderr} bytes={detail.stderrBytes} testId="step-stderr" />
        </>
      )}
    </div>
  );
}
