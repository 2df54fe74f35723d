import { countedTables } from '../db/migrations/015-corpus-counts';
import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';

/**
 * The counter triggers that fire once per inserted row (migration 015): each table's row
 * count, and the rollouts' facets (task, collection, grade, agent).
 */
const rowTriggers = [...countedTables.map((t) => `corpus_counts_${t}_insert`), 'facet_counts_rollout_insert'];

/** Counter triggers taken off for a bulk write, with what is needed to put them back and count what they missed. */
export interface PausedRowCounters {
  /** Each trigger's `CREATE TRIGGER` statement, as stored. */
  triggers: { name: string; sql: string }[];
  /** The largest rowid of each counted table before the write: the rows after it are the write's. */
  marks: Map<string, number>;
}

/**
 * Takes the per-row counter triggers off for a bulk write, inside its transaction (no other
 * connection ever sees them gone; a rollback puts them back). Their cost is more than their
 * own statement: an INSERT that fires a trigger runs in a statement savepoint, and at every
 * savepoint FTS5 writes out the search documents it holds, so with a trigger on every program
 * version an import wrote the step index in tiny segments. resumeRowCounters adds what the
 * triggers would have added, from the rows written, and puts them back before the commit.
 */
export function pauseRowCounters(db: Db): PausedRowCounters {
  const stored = db.prepare<unknown[], string>(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`).pluck();
  const triggers = rowTriggers.map((name) => ({ name, sql: oneRow(stored.get(name)) }));
  const maxRowid = (table: string) => oneRow(db.prepare<unknown[], number | null>(`SELECT max(rowid) FROM ${table}`).pluck().get()) ?? 0;
  const marks = new Map(countedTables.map((t) => [t, maxRowid(t)]));
  for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
  return { triggers, marks };
}

/** The rollouts' facets of the rows after a mark, grouped: what facet_counts_rollout_insert adds row by row. */
const rolloutFacetsSince = [
  ['task', 'task_id', 'true'],
  ['collection', 'collection_id', 'collection_id IS NOT NULL'],
  ['grade', `coalesce(grade, 'ungraded')`, 'true'],
  ['agent', 'agent', 'agent IS NOT NULL'],
].map(
  ([facet, value, when]) => `INSERT INTO facet_counts (facet, value, n)
    SELECT '${facet}', ${value}, count(*) FROM rollouts WHERE rowid > @mark AND ${when} GROUP BY ${value}
    ON CONFLICT (facet, value) DO UPDATE SET n = n + excluded.n`,
);

/**
 * Counts the rows written since pauseRowCounters into the counters, as the triggers would
 * have one by one, and puts the triggers back. Rows are never deleted during an import, and
 * new rows take rowids above the largest, so the rows after each mark are exactly the new ones.
 */
export function resumeRowCounters(db: Db, paused: PausedRowCounters): void {
  for (const [table, mark] of paused.marks) {
    db.prepare(`UPDATE corpus_counts SET n = n + (SELECT count(*) FROM ${table} WHERE rowid > ?) WHERE name = ?`).run(mark, table);
  }
  const rolloutMark = paused.marks.get('rollouts')!;
  for (const sql of rolloutFacetsSince) db.prepare(sql).run({ mark: rolloutMark });
  for (const { sql } of paused.triggers) db.exec(sql);
}
