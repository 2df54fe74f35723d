import type { StepCount } from '../../common/search/search-types';
import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';

/** The step ids the index spans (its rowids). */
export interface RowidSpan {
  first: number;
  last: number;
}

/** Null for a corpus without steps. */
export function rowidSpan(db: Db): RowidSpan | null {
  // Two subqueries: min() and max() together in one SELECT would scan the table.
  const span = oneRow(
    db
      .prepare<unknown[], { first: number | null; last: number | null }>('SELECT (SELECT min(id) FROM steps) AS first, (SELECT max(id) FROM steps) AS last')
      .get(),
  );
  return span.first === null || span.last === null ? null : { first: span.first, last: span.last };
}

interface Edge {
  n: number;
  /** The rowid of the innermost of the `n` matches. */
  edge: number | null;
}

function edgeOf(db: Db, match: string, order: 'ASC' | 'DESC', sample: number): Edge {
  const inner = order === 'ASC' ? 'max' : 'min';
  return oneRow(
    db
      .prepare<unknown[], Edge>(
        `SELECT count(*) AS n, ${inner}(rowid) AS edge FROM
      (SELECT rowid FROM step_fts WHERE step_fts MATCH ? ORDER BY rowid ${order} LIMIT ?)`,
      )
      .get(match, sample),
  );
}

/**
 * How many steps an FTS5 query matches, reading at most `sample` matches from each end of the
 * index: FTS5 reads a doclist from either end cheaply but a rowid range inside it slowly, and
 * counting a common word outright reads all of it (35 ms for one in every step of a million).
 * Exact when fewer than `sample` match or the two ends meet; otherwise the density of the oldest
 * and of the newest matches, averaged over the rowids between them. Steps cluster by rollout, so
 * the estimate is rough (within about 25% on the benchmark corpus) and kept to two significant
 * figures: enough to choose a plan and to say "about".
 */
export function estimateSteps(db: Db, match: string, span: RowidSpan, sample: number): StepCount {
  const oldest = edgeOf(db, match, 'ASC', sample);
  if (oldest.n < sample) return { count: oldest.n, estimated: false };
  const newest = edgeOf(db, match, 'DESC', sample);
  if (newest.edge! <= oldest.edge!) {
    // The two samples overlap, so every match is among them: few enough to count outright.
    const count = oneRow(db.prepare<unknown[], number>('SELECT count(*) FROM step_fts WHERE step_fts MATCH ?').pluck().get(match));
    return { count, estimated: false };
  }
  const olderDensity = sample / (oldest.edge! - span.first + 1);
  const newerDensity = sample / (span.last - newest.edge! + 1);
  const between = newest.edge! - oldest.edge! - 1;
  return { count: twoFigures(2 * sample + (between * (olderDensity + newerDensity)) / 2), estimated: true };
}

/** An estimate to the two significant figures it has. */
function twoFigures(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}
