import type { ExperimentComparison } from '../../../common/runs/run-types';
import { formatScore } from '../lib/format';

const num = (v: number | null) => (v === null ? '—' : formatScore(v).replace(/^-/, '−'));
const signed = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${num(v)}`);

/**
 * The per-case table every comparison shows (docs/definitions.md): each case's task, metric and
 * direction, its pairs, both arms' paired means and the improvement signed by direction, and
 * whether it is in the pooled figures (and if not, why).
 */
export function PairedCaseTable({ c }: { c: ExperimentComparison }) {
  return (
    <div className="paired-cases" data-testid="comparison-cases" tabIndex={0} role="region" aria-label="Per-case improvements">
      <table>
        <thead>
          <tr>
            <th scope="col">Case</th>
            <th scope="col">Task · metric</th>
            <th scope="col" title="Repeats valid in both arms">
              Pairs
            </th>
            <th scope="col">{c.a}</th>
            <th scope="col">{c.b}</th>
            <th scope="col" title="Mean over pairs of (A − B), negated when lower is better: positive means A did better">
              Improvement
            </th>
          </tr>
        </thead>
        <tbody>
          {c.perCase.map((row) => (
            <tr
              key={row.case}
              data-testid="comparison-case"
              data-case={row.case}
              data-value={JSON.stringify(row)}
              className={row.leftOut ? 'left-out' : undefined}
            >
              <td>{row.case}</td>
              <td>
                {row.task}
                <span className="muted">
                  {' '}
                  · {row.metric ?? 'metric unknown'}{' '}
                  {row.higherIsBetter === null ? '(direction unknown)' : row.higherIsBetter ? '↑ higher is better' : '↓ lower is better'}
                </span>
              </td>
              <td className="num">{row.pairs}</td>
              <td className="num">{num(row.meanA)}</td>
              <td className="num">{num(row.meanB)}</td>
              <td className="num">
                {signed(row.improvement)}
                {row.leftOut && <div className="muted left-out-reason">left out: {row.leftOut}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
