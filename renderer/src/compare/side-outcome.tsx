import type { StepRow } from '../../../common/corpus/corpus-types';
import { ExitBadge } from '../components/exit-badge';
import { GradeBadge } from '../components/grade-badge';
import { formatDuration, formatScore } from '../lib/format';
import { formatHash } from '../router/route';
import type { ProgramSide } from '../router/compare-route';
import type { RolloutFacts } from './compare-store';
import { lastStepRunning } from './outcome';

/** Props of one side's outcome. */
export interface SideOutcomeProps {
  which: 'a' | 'b';
  side: ProgramSide;
  facts: RolloutFacts;
}

function StepOutcome({ rollout, step }: { rollout: string; step: StepRow }) {
  return (
    <span className="compare-outcome-step">
      <a href={formatHash({ name: 'rollout', id: rollout, step: step.index })} title="Open this step of the rollout">
        step {step.index}
      </a>
      <ExitBadge step={step} />
      {step.failureKind && <span className="compare-failure">{step.failureKind.replace(/_/g, ' ')}</span>}
      {step.exceptionClass && <span className="mono compare-failure">{step.exceptionClass}</span>}
      <span className="muted">{formatDuration(step.durationMs)}</span>
      {step.score !== null && <span>score {formatScore(step.score)}</span>}
    </span>
  );
}

/**
 * How this version fared: the last step that ran exactly this version (exit code, failure,
 * duration), then the rollout's grade and score, which the whole rollout shares.
 */
export function SideOutcome({ which, side, facts }: SideOutcomeProps) {
  const { detail, steps } = facts;
  const step = lastStepRunning(steps, side);
  return (
    <div className="compare-outcome" data-testid={`compare-outcome-${which}`} data-exit-code={step?.exitCode ?? ''}>
      <span className="compare-outcome-label">last run of v{side.version}</span>
      {step ? <StepOutcome rollout={side.rollout} step={step} /> : <span className="muted">no step ran this version</span>}
      <span className="compare-outcome-rollout">
        <span className="compare-outcome-label">rollout</span>
        <GradeBadge grade={detail.grade} />
        <span>
          score <strong>{formatScore(detail.score)}</strong>
        </span>
      </span>
    </div>
  );
}
