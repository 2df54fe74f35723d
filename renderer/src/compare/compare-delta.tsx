import { formatScore } from '../lib/format';
import type { ProgramSide } from '../router/compare-route';
import type { RolloutFacts } from './compare-store';
import { formatDelta, isImprovement, lastStepRunning, scoreDelta } from './outcome';

/** Props of the outcome delta. */
export interface CompareDeltaProps {
  a: { side: ProgramSide; facts: RolloutFacts };
  b: { side: ProgramSide; facts: RolloutFacts };
}

const toneOf = (better: boolean | null) => (better === null ? 'neutral' : better ? 'ok' : 'fail');

/** What changed from A to B: the rollouts' score (B − A) and the exit code of each version's last run. */
export function CompareDelta({ a, b }: CompareDeltaProps) {
  const delta = scoreDelta(a.facts.detail.score, b.facts.detail.score);
  const sameRollout = a.side.rollout === b.side.rollout;
  const better = delta === null ? null : isImprovement(delta, a.facts.detail.higherIsBetter, b.facts.detail.higherIsBetter);
  const stepA = lastStepRunning(a.facts.steps, a.side);
  const stepB = lastStepRunning(b.facts.steps, b.side);
  const exitA = stepA?.exitCode ?? null;
  const exitB = stepB?.exitCode ?? null;
  const fixed = exitA !== null && exitB !== null && exitA !== 0 && exitB === 0;
  const broke = exitA !== null && exitB !== null && exitA === 0 && exitB !== 0;
  return (
    <div className="compare-delta" data-testid="compare-delta">
      <span className="compare-outcome-label">B − A</span>
      <span data-testid="compare-delta-score">
        score{' '}
        {delta === null ? <span className="muted">— (a score is missing)</span> : <span className={`badge badge-${toneOf(better)}`}>{formatDelta(delta)}</span>}
        {sameRollout ? (
          <span className="muted"> (same rollout: one score for both versions)</span>
        ) : (
          delta !== null && (
            <span className="muted">
              {' '}
              ({formatScore(a.facts.detail.score)} → {formatScore(b.facts.detail.score)})
            </span>
          )
        )}
      </span>
      <span data-testid="compare-delta-exit">
        exit{' '}
        {stepA && stepB ? (
          <span className={`badge badge-${toneOf(fixed ? true : broke ? false : null)}`}>
            {exitA === exitB ? `${exitA ?? '—'} in both` : `${exitA ?? '—'} → ${exitB ?? '—'}`}
          </span>
        ) : (
          <span className="muted">— (a version never ran)</span>
        )}
      </span>
    </div>
  );
}
