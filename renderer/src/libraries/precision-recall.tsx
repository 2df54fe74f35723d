import type { CorpusTable } from '../../../common/corpus-tables';
import { useState } from 'react';
import type { PrecisionRecallRow, Rate, RowMarks } from '../../../common/pipeline/pipeline-types';
import { useOperation } from '../api/use-operation';
import { LoadingState } from '../components/loading-state';
import { formatCount } from '../lib/format';
import { CategoryBadge } from '../rubrics';
import { FiguresBasisLine } from './figures-basis';
import { RerunEvidenceSection } from './rerun-evidence';

/** Writes that change precision or recall or what came since: verdicts, credit labels, failure events, re-runs. */
const truthTables: readonly CorpusTable[] = ['verdicts', 'labels', 'attempts', 'steps', 'failure_events', 'library_rubrics'];

function percent(r: Rate): string {
  return r.value === null ? '—' : `${(r.value * 100).toFixed(1)}%`;
}

function RateCell({ r, what }: { r: Rate; what: string }) {
  return (
    <td className="num" data-value={JSON.stringify(r)} title={`${r.hits} ${what} / ${r.total}`}>
      <strong>{percent(r)}</strong>{' '}
      <span className="muted">
        ({formatCount(r.hits)}/{formatCount(r.total)})
      </span>
    </td>
  );
}

function PrRow({ row, category }: { row: PrecisionRecallRow; category?: string }) {
  return (
    <tr data-testid="pr-row" data-family={row.family} data-category={category ?? ''}>
      {category !== undefined && (
        <td>
          <CategoryBadge code={category} withName />
        </td>
      )}
      <td>
        <span className={`badge family-${row.family}`}>{row.family}</span>
      </td>
      <RateCell r={row.precision} what="correct firings" />
      <td className="num">{formatCount(row.precision.total)}</td>
      <td className="num">{formatCount(row.precision.hits)}</td>
      <RateCell r={row.recall} what="failures caught" />
      <td className="num">{formatCount(row.recall.hits)}</td>
      <td className="num">{formatCount(row.recall.total)}</td>
      <td className="num" title="Firings on programs with no truth for this family, left out of precision">
        {formatCount(row.firingsWithoutTruth)}
      </td>
      <td className="num" title="Error firings without a predicted exception class: never correct">
        {formatCount(row.firingsWithoutPrediction)}
      </td>
    </tr>
  );
}

function PrTable({ rows, byCategory }: { rows: (PrecisionRecallRow & { category?: string })[]; byCategory: boolean }) {
  return (
    <table className="pipeline-table pr-table" data-testid={byCategory ? 'pr-by-category' : 'pr-by-family'}>
      <thead>
        <tr>
          {byCategory && <th scope="col">Category</th>}
          <th scope="col">Family</th>
          <th scope="col" className="num">
            Precision
          </th>
          <th scope="col" className="num">
            Firings
          </th>
          <th scope="col" className="num">
            Correct
          </th>
          <th scope="col" className="num">
            Recall
          </th>
          <th scope="col" className="num">
            Failures caught
          </th>
          <th scope="col" className="num">
            Failures
          </th>
          <th scope="col" className="num">
            Firings w/o truth
          </th>
          <th scope="col" className="num">
            Firings w/o prediction
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <PrRow key={`${row.category ?? ''}:${row.family}`} row={row} {...(byCategory ? { category: row.category ?? '' } : {})} />
        ))}
      </tbody>
    </table>
  );
}

/** Precision and recall of a library's rubrics against execution truth, per family and per category (latest verdicts). */
export function PrecisionRecall({ library }: { library: string }) {
  // The rows the shown figures count, once computed: refetches after writes keep them, so the
  // figures never move silently; "recompute" drops the pin (docs/definitions.md).
  const [pin, setPin] = useState<{ library: string; through: RowMarks } | null>(null);
  const through = pin?.library === library ? pin.through : null;
  const fetched = useOperation('rubrics.precisionRecall', through === null ? { library } : { library, through }, {
    tables: truthTables,
    onLoad: (report) => {
      if (through === null) setPin({ library, through: report.basis.through });
    },
  });
  const shown = fetched.error !== null ? { report: null, error: fetched.error.message } : fetched.data === null ? null : { report: fetched.data, error: null };
  const r = shown?.report ?? null;
  return (
    <section className="pr-section" aria-labelledby="pr-title" data-testid="precision-recall">
      <header className="section-head">
        <h2 id="pr-title">Precision and recall</h2>
        {r !== null && (
          <span className="muted" data-testid="pr-scope">
            latest verdicts: {formatCount(r.verdicts)} on {formatCount(r.programs)} program{r.programs === 1 ? '' : 's'}
          </span>
        )}
      </header>
      {shown === null ? (
        <LoadingState label="Loading precision and recall…" />
      ) : shown.error !== null ? (
        <p className="empty-state">Precision and recall could not be computed: {shown.error}</p>
      ) : r === null || r.verdicts === 0 ? (
        <p className="empty-state" data-testid="pr-empty">
          No CWM verdicts on this library&apos;s rubrics yet: judge cases with it (<em>Judge with CWM</em> in a rollout&apos;s rubrics panel, or{' '}
          <code>rwb judge</code>) to measure them.
        </p>
      ) : (
        <>
          <PrTable rows={r.families} byCategory={false} />
          {r.byCategory.length > 0 && <PrTable rows={r.byCategory} byCategory />}
          <FiguresBasisLine basis={r.basis} since={r.since} onRecompute={() => setPin(null)} />
          <RerunEvidenceSection reruns={r.reruns} />
          <ul className="pr-definitions">
            <li>
              <strong>Firings</strong>: latest verdicts “fires” on programs with truth for the family. <strong>Correct</strong>: error family, the program
              raised the predicted exception class in a step of the judged rollouts (last dotted name; timeouts and kills left out); performance family, an
              annotator&apos;s latest credit label credits the rubric on that program.
            </li>
            <li>
              <strong>Precision</strong> = correct / firings.
            </li>
            <li>
              <strong>Failures</strong>: error family, each (program, exception class) the judged rollouts&apos; steps that ran it raised (re-runs are counted
              apart, above); performance family, each program with a credited rubric. Counted for every program a rubric of the family was judged on, so a
              category&apos;s recall shares the whole&apos;s denominator. <strong>Failures caught</strong>: some firing on that program predicted that class (or
              is credited).
            </li>
            <li>
              <strong>Recall</strong> = failures caught / failures. “—” when the denominator is 0.
            </li>
            <li>
              <strong>Firings w/o truth</strong>: on programs that never ran (or only timed out) or have no credit labels, left out.{' '}
              <strong>Firings w/o prediction</strong>: error firings naming no exception class, never correct.
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
