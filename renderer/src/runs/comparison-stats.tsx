import type { ReactNode } from 'react';
import type { ExperimentComparison } from '../../../common/runs/run-types';
import { formatCount, formatScore } from '../lib/format';
import '../styles/paired-comparison.css';
import { PairedCaseTable } from './paired-case-table';

/** A number as the panel prints it; the backend's exact value stays in `data-value` and the tooltip. */
function num(value: number): string {
  return formatScore(value).replace(/^-/, '−');
}

function Stat({ label, testId, value, definition, children }: { label: string; testId: string; value: string; definition: string; children: ReactNode }) {
  return (
    <div className="stat" data-testid={testId} data-value={value}>
      <dt>{label}</dt>
      <dd className="stat-value" title={value}>
        {children}
      </dd>
      <dd className="stat-definition">{definition}</dd>
    </div>
  );
}

/** The backend's paired comparison, number by number, each with the definition it follows (docs/definitions.md). */
export function ComparisonStats({ c }: { c: ExperimentComparison }) {
  const v = c.validity;
  const range = [v.sensitivity.unknownAsFailed, v.sensitivity.unknownAsSucceeded];
  return (
    <div className="comparison-stats">
      <dl>
        <Stat
          label={`Effect (${c.a} against ${c.b})`}
          testId="comparison-effect"
          value={JSON.stringify(c.effect)}
          definition="Mean over cases of the improvement: the mean over repeats valid in both arms of (A − B), negated when the task's lower score is better, so positive means A did better. Pooled only when every case's task has the same metric and direction."
        >
          {c.effect !== null ? (
            <>
              <strong>{num(c.effect)}</strong>
              <FewTasks c={c} />
            </>
          ) : (
            <span className="muted">
              {c.pooled === 'relative' ? 'not pooled: the tasks use different metrics or directions (see the relative effect)' : 'no pairs yet'}
            </span>
          )}
        </Stat>
        {c.pooled === 'relative' && (
          <Stat
            label="Relative effect"
            testId="comparison-relative-effect"
            value={JSON.stringify(c.relativeEffect)}
            definition="Mean over cases of improvement / |B's mean paired score|, unit-free; a case whose B mean is 0 is left out and named below."
          >
            <strong>{num(c.relativeEffect!)}</strong>
            <FewTasks c={c} />
          </Stat>
        )}
        <Stat
          label="95% CI"
          testId="comparison-ci"
          value={JSON.stringify(c.ci)}
          definition={`Of the ${c.pooled === 'relative' ? 'relative effect' : 'effect'}: bootstrap over tasks (a task's cases and all their repeats resampled together), ${formatCount(c.resamples)} resamples, seed ${c.seed}.`}
        >
          {c.ci === null ? <span className="muted">—</span> : `[${num(c.ci[0])}, ${num(c.ci[1])}]`}
        </Stat>
        <Stat
          label="Win rate"
          testId="comparison-win-rate"
          value={JSON.stringify(c.winRate)}
          definition={`Share of the ${c.winPairs} pairs valid in both arms (tasks of known direction) where A did better; a tie counts one half.`}
        >
          {c.winRate === null ? <span className="muted">no pairs yet</span> : `${Math.round(c.winRate * 1000) / 10}%`}
        </Stat>
        <Stat
          label="Paired-valid coverage"
          testId="comparison-coverage"
          value={JSON.stringify([c.pairedCases, c.cases, c.coverage])}
          definition="Cases with at least one pair valid in both arms / all cases; lost attempts stay in the denominator."
        >
          {c.pairedCases}/{c.cases} cases ({Math.round(c.coverage * 100)}%)
        </Stat>
        <Stat label="Pairs" testId="comparison-pairs" value={String(c.pairs)} definition="Repeat pairs valid in both arms, over all cases.">
          {formatCount(c.pairs)}
        </Stat>
        <Stat
          label="Validity difference"
          testId="comparison-validity"
          value={JSON.stringify(v.difference)}
          definition={`Valid share of A's ${v.slots.a} slots minus B's ${v.slots.b}, an unknown outcome counted as not valid (unknown: A ${v.unknown.a}, B ${v.unknown.b}).`}
        >
          {num(v.difference)}
        </Stat>
        <Stat
          label="Sensitivity range"
          testId="comparison-sensitivity"
          value={JSON.stringify(v.sensitivity)}
          definition="The validity difference again with every unknown outcome counted as failed, then as succeeded."
        >
          {num(Math.min(...range))} to {num(Math.max(...range))}
          <span className="muted">
            {' '}
            (as failed {num(v.sensitivity.unknownAsFailed)}, as succeeded {num(v.sensitivity.unknownAsSucceeded)})
          </span>
        </Stat>
        <Stat
          label="Resamples · seed"
          testId="comparison-resamples"
          value={JSON.stringify([c.resamples, c.seed])}
          definition="Fixed, so the same attempts always give the same interval."
        >
          {formatCount(c.resamples)} · {c.seed}
        </Stat>
        {c.placement &&
          (['a', 'b'] as const).map((side) => {
            const p = c.placement![side];
            return (
              <Stat
                key={side}
                label={`Leaderboard placement (${c[side]})`}
                testId={`comparison-placement-${side}`}
                value={JSON.stringify(p)}
                definition={`MLE-bench rule on the leaderboards of ${c.placement!.tasks.join(', ')}: per attempt over ${p.slots} slots (a failed, invalid or lost attempt earns nothing), and pass@k over the repeats of ${p.cases} cases.`}
              >
                medal {Math.round(p.medalRate * 100)}% · above median {Math.round(p.aboveMedianRate * 100)}% · pass@k medal {Math.round(p.anyMedalRate * 100)}%
              </Stat>
            );
          })}
      </dl>
      {c.notes.length > 0 && (
        <ul className="comparison-notes" data-testid="comparison-notes">
          {c.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <PairedCaseTable c={c} />
    </div>
  );
}

/** The warning beside a pooled figure that rests on fewer than 5 tasks (docs/definitions.md). */
function FewTasks({ c }: { c: ExperimentComparison }) {
  if (c.pooledTasks >= 5) return null;
  return (
    <span className="few-tasks" data-testid="comparison-few-tasks" title="A bootstrap over so few tasks cannot say much about tasks in general.">
      ⚠ {c.pooledTasks} task{c.pooledTasks === 1 ? '' : 's'} only
    </span>
  );
}
