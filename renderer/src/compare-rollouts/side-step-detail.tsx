import type { StepRow } from '../../../common/corpus/corpus-types';
import { useOperation } from '../api/use-operation';
import { ExitBadge } from '../components/exit-badge';
import { LoadingState } from '../components/loading-state';
import { OutputPane } from '../components/output-pane';
import { formatDuration } from '../lib/format';
import { formatHash } from '../router/route';
import type { Side } from './aligned-step-row';

/** Props of one side of the selected row. */
export interface SideStepDetailProps {
  side: Side;
  rollout: string;
  /** The side's step on this row; null for a gap, undefined while its page loads. */
  step: StepRow | null | undefined;
  focused: boolean;
}

/** One side's step on the selected row: command, exit, duration, program, failure and both outputs. */
export function SideStepDetail({ side, rollout, step, focused }: SideStepDetailProps) {
  const detail = useOperation('steps.get', step ? { rollout, index: step.index } : null, { tables: ['steps', 'failure_events'] });
  const letter = side.toUpperCase();
  return (
    <section className={`side-step${focused ? ' focused' : ''}`} aria-label={`Side ${letter}`} data-testid={`side-step-${side}`}>
      {step === null ? (
        <div className="empty-state">
          No step of {letter} on this row: {letter} did nothing here that the other side did.
        </div>
      ) : step === undefined ? (
        <LoadingState label="Loading the step…" />
      ) : (
        <>
          <header className="step-detail-head">
            <h2>
              <span className="side-letter">{letter}</span> <a href={formatHash({ name: 'rollout', id: rollout, step: step.index })}>step {step.index}</a>
            </h2>
            <ExitBadge step={step} />
            <span>{formatDuration(step.durationMs)}</span>
            {step.program && (
              <span className="mono muted">
                {step.program.path} v{step.program.version}
              </span>
            )}
          </header>
          <pre className="step-command mono" data-testid={`side-command-${side}`}>
            {step.command}
          </pre>
          {detail.data?.failure && (
            <div className="side-failure" data-testid={`side-failure-${side}`}>
              {detail.data.failure.kind.replace(/_/g, ' ')}
              {detail.data.failure.exceptionClass && <span className="mono"> · {detail.data.failure.exceptionClass}</span>}
              {detail.data.failure.message && <span className="mono">: {detail.data.failure.message}</span>}
            </div>
          )}
          {detail.data ? (
            <>
              <OutputPane label="stdout" text={detail.data.stdout} bytes={detail.data.stdoutBytes} testId={`side-stdout-${side}`} />
              <OutputPane label="stderr" text={detail.data.stderr} bytes={detail.data.stderrBytes} testId={`side-stderr-${side}`} />
            </>
          ) : detail.error ? (
            <div className="empty-state">The outputs could not be loaded: {detail.error.message}</div>
          ) : (
            <LoadingState label="Loading output…" />
          )}
        </>
      )}
    </section>
  );
}
