import type { FailureKind } from '../../../common/corpus/corpus-types';
import type { ComparedRollout, RolloutComparison } from '../../../common/corpus/rollout-comparison';
import { GradeBadge } from '../components/grade-badge';
import { KindBadge } from '../components/kind-badge';
import { formatCount, formatScore } from '../lib/format';
import { formatHash } from '../router/route';
import { describeDifferences } from './row-look';
import { RubricsDifference } from './rubrics-difference';

/** Props of the summary above the aligned steps. */
export interface ComparisonSummaryProps {
  comparison: RolloutComparison;
  onRow(row: number): void;
}

function SideSummary({ which, side, onRow }: { which: 'A' | 'B'; side: ComparedRollout; onRow(row: number): void }) {
  const kinds = Object.entries(side.failureKinds) as [FailureKind, number][];
  return (
    <section className="compared-side" aria-label={`Rollout ${which}`} data-testid={`compared-${which.toLowerCase()}`}>
      <div className="compared-title">
        <span className="side-letter">{which}</span>
        <a className="mono" href={formatHash({ name: 'rollout', id: side.id, step: null })}>
          {side.id}
        </a>
        <GradeBadge grade={side.grade} />
        <span title={side.metric ? `${side.metric}, ${side.higherIsBetter === false ? 'lower' : 'higher'} is better` : undefined}>
          score {formatScore(side.score)}
        </span>
        <span className="muted">
          {side.agent ?? 'agent unknown'} · seed {side.seed ?? '—'} · {formatCount(side.steps)} steps
        </span>
      </div>
      <div className="compared-line">
        <span className="muted">
          {formatCount(side.failures)} {side.failures === 1 ? 'failure' : 'failures'}
        </span>
        {kinds.map(([kind, n]) => (
          <span key={kind} className="kind-count">
            <KindBadge kind={kind} /> {n}
          </span>
        ))}
      </div>
      <div className="compared-line" data-testid={`only-${which.toLowerCase()}`}>
        <span className="muted">only here:</span>
        {side.onlyHere.length === 0
          ? 'none'
          : side.onlyHere.map((f) => (
              <span key={`${f.kind} ${f.exceptionClass}`} className="only-failure">
                {f.kind.replace(/_/g, ' ')}
                {f.exceptionClass && <span className="mono"> {f.exceptionClass}</span>}
                {f.extra > 1 && ` ×${f.extra}`}{' '}
                {f.at.map((at, i) =>
                  at.row === null ? (
                    <span key={i} className="muted">
                      at grading
                    </span>
                  ) : (
                    <button key={i} type="button" className="link-button" onClick={() => onRow(at.row!)}>
                      step {at.step}
                    </button>
                  ),
                )}
              </span>
            ))}
      </div>
    </section>
  );
}

/** Grade, score, steps and failures of each side, where they part, and the failures only one side has. */
export function ComparisonSummary({ comparison, onRow }: ComparisonSummaryProps) {
  const { firstDivergence, rows } = comparison;
  const first = firstDivergence === null ? undefined : rows[firstDivergence];
  return (
    <div className="comparison-summary">
      <SideSummary which="A" side={comparison.a} onRow={onRow} />
      <SideSummary which="B" side={comparison.b} onRow={onRow} />
      <div className="divergence-line" data-testid="first-divergence" data-row={firstDivergence ?? ''}>
        {first && firstDivergence !== null ? (
          <>
            They part at{' '}
            <button type="button" className="link-button" onClick={() => onRow(firstDivergence)}>
              row {firstDivergence}
            </button>
            : {describeDifferences(first)}
          </>
        ) : (
          'They did the same thing on every row.'
        )}
        {!comparison.sameTask && (
          <span className="note-chip">
            {' '}
            Different tasks: {comparison.a.taskId} and {comparison.b.taskId}
          </span>
        )}
      </div>
      <RubricsDifference a={comparison.a.id} b={comparison.b.id} />
    </div>
  );
}
