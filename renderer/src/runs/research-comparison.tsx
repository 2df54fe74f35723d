import type { ArmPairResearch, CaseGroup } from '../../../common/runs/run-types';
import '../styles/research-comparison.css';
import { useEffect, useState } from 'react';
import { onTablesChanged } from '../api/table-changes';
import { useOperation } from '../api/use-operation';
import { ModalDialog } from '../components/modal-dialog';
import { formatRunsRoute } from '../router/runs-route';

const signed = (v: number | null, digits: number) => (v === null ? '—' : `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(digits)}`);
const interval = (ci: [number, number] | null, digits: number) => (ci === null ? '—' : `[${signed(ci[0], digits)}, ${signed(ci[1], digits)}]`);

/** The attempts behind a number, each opening in the experiment's grid and terminal (the dialog closes). */
function Behind({ experiment, attempts, testId, onOpen }: { experiment: string; attempts: readonly number[]; testId: string; onOpen(): void }) {
  if (attempts.length === 0) return <span className="muted">none</span>;
  return (
    <details data-testid={`${testId}-attempts`}>
      <summary>
        {attempts.length} attempt{attempts.length === 1 ? '' : 's'}
      </summary>
      <ul className="research-attempts">
        {attempts.map((id) => (
          <li key={id}>
            <a href={formatRunsRoute({ name: 'runs', experiment, attempt: id })} onClick={onOpen}>
              #{id}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

interface FigureRowProps {
  name: string;
  testId: string;
  value: number | null;
  shown: string;
  ci: string;
  definition: string;
  experiment: string;
  attempts: readonly number[];
  onOpen(): void;
}

function FigureRow({ name, testId, value, shown, ci, definition, experiment, attempts, onOpen }: FigureRowProps) {
  return (
    <tr data-testid={testId} data-value={JSON.stringify(value)}>
      <th scope="row">{name}</th>
      <td className="num">{shown}</td>
      <td className="num">{ci}</td>
      <td className="research-definition">{definition}</td>
      <td>
        <Behind experiment={experiment} attempts={attempts} testId={testId} onOpen={onOpen} />
      </td>
    </tr>
  );
}

const caseCount = (g: CaseGroup) => `${g.cases.length}${g.cases.length ? ` (${g.cases.join(', ')})` : ''}`;

/** One pair of arms, A against B, as the research reports it. */
function PairTable({ experiment, r, onOpen }: { experiment: string; r: ArmPairResearch; onOpen(): void }) {
  const o = r.outcomes;
  const rows: Omit<FigureRowProps, 'experiment' | 'onOpen'>[] = [
    {
      name: 'Validity difference',
      testId: 'research-validity',
      value: r.validity.value,
      shown: signed(r.validity.value, 3),
      ci: interval(r.validity.ci, 3),
      definition: r.validity.definition,
      attempts: r.validity.attempts,
    },
    {
      name: 'Sensitivity',
      testId: 'research-sensitivity',
      value: r.sensitivity.unknownAsSucceeded,
      shown: `${signed(r.sensitivity.unknownAsFailed, 3)} to ${signed(r.sensitivity.unknownAsSucceeded, 3)}`,
      ci: '',
      definition: `${r.sensitivity.definition} Unknown: ${r.unknown.a} of ${r.slots.a} ${r.a} slots, ${r.unknown.b} of ${r.slots.b} ${r.b} slots (${r.neverStarted.a + r.neverStarted.b} never started).`,
      attempts: r.sensitivity.attempts,
    },
    {
      name: 'Adverse endpoint',
      testId: 'research-adverse',
      value: r.adverse.value,
      shown: signed(r.adverse.value, 3),
      ci: interval(r.adverse.ci, 3),
      definition: r.adverse.definition,
      attempts: r.adverse.attempts,
    },
    {
      name: 'Time per attempt',
      testId: 'research-time',
      value: r.time.value,
      shown: `${signed(r.time.value, 2)} s`,
      ci: interval(r.time.ci, 2),
      definition: `${r.time.definition} ${r.a}: ${r.time.meanA?.toFixed(2) ?? '—'} s over ${r.time.timed.a}; ${r.b}: ${r.time.meanB?.toFixed(2) ?? '—'} s over ${r.time.timed.b}.`,
      attempts: r.time.attempts,
    },
    ...(['better', 'worse', 'tied', 'unpaired'] as const).map((kind) => ({
      name: `Cases ${kind}`,
      testId: `research-${kind}`,
      value: o[kind].cases.length,
      shown: caseCount(o[kind]),
      ci: '',
      definition: kind === 'better' ? o.definition : '',
      attempts: o[kind].attempts,
    })),
  ];
  return (
    <table className="research-table" data-testid="research-pair" data-a={r.a} data-b={r.b}>
      <caption>
        <strong>{r.a}</strong> against <strong>{r.b}</strong> · {r.cases} cases of {r.tasks} tasks · positive favours {r.a}
      </caption>
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col" className="num">
            Value
          </th>
          <th scope="col" className="num">
            95% interval
          </th>
          <th scope="col">Definition</th>
          <th scope="col">Behind it</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <FigureRow key={row.testId} {...row} experiment={experiment} onOpen={onOpen} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * Every pair of the experiment's arms as the research reports it (docs/definitions.md,
 * "Research-style comparison"). The figures stay as computed while attempts change; the
 * dialog says so and recomputes when asked.
 */
export function ResearchComparisonDialog({ experiment, name, onClose }: { experiment: string; name: string; onClose(): void }) {
  const fetched = useOperation('experiments.research', { experiment });
  const [writes, setWrites] = useState(0);
  useEffect(() => onTablesChanged(['attempts'], () => setWrites((n) => n + 1)), []);
  const r = fetched.data;
  return (
    <ModalDialog title={`${name} as the research reports it`} testId="research-dialog" canClose onClose={onClose}>
      <div className="research-body" data-testid="research-panel">
        {r && (
          <p className="muted research-method">
            Every pair of arms, each later arm (A) against each earlier one (B). 95% intervals: percentile bootstrap over tasks, {r.resamples} resamples, seed{' '}
            {r.seed}. Computed {new Date(r.computedAt).toLocaleString()} from the attempts each figure lists.
          </p>
        )}
        {writes > 0 && (
          <p className="research-since" data-testid="research-since" role="status">
            Attempts were written {writes} time{writes === 1 ? '' : 's'} since these figures were computed:{' '}
            <button
              type="button"
              data-testid="research-recompute"
              onClick={() => {
                setWrites(0);
                fetched.refetch();
              }}
            >
              recompute?
            </button>
          </p>
        )}
        {fetched.error ? (
          <p className="comparison-note compare-error">{fetched.error.message}</p>
        ) : r === null ? (
          <p className="comparison-note muted">Computing…</p>
        ) : r.pairs.length === 0 ? (
          <p className="comparison-note">This experiment has one arm: there is no pair to compare.</p>
        ) : (
          r.pairs.map((pair) => <PairTable key={`${pair.a}\u0000${pair.b}`} experiment={experiment} r={pair} onOpen={onClose} />)
        )}
      </div>
    </ModalDialog>
  );
}
