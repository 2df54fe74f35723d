import type { Db } from '../db/open-corpus';
import { failureCategorySql, rubricCategorySql } from '../categories/effective-category';
import type { CategoryCounts } from './mix';
import { oneRow } from '../db/one-row';

function countsOf(rows: { category: string; n: number }[]): CategoryCounts {
  return Object.fromEntries(rows.map((r) => [r.category, r.n]));
}

/**
 * Counting the pool scans every failure event (over a tenth of a second at 200,000), and the
 * rollout screen retrieves on every step it shows, so counts are kept per corpus and
 * collection until anything is written: `total_changes()` moves with this connection's
 * writes (imports, category rules), `data_version` with other connections' commits.
 */
const poolCache = new WeakMap<Db, { version: string; counts: Map<string, CategoryCounts> }>();

function writeVersion(db: Db): string {
  return `${db.pragma('data_version', { simple: true }) as number}:${oneRow(db.prepare<unknown[], number>('SELECT total_changes()').pluck().get())}`;
}

function countPool(db: Db, collection: string | undefined): CategoryCounts {
  const category = failureCategorySql('f');
  const rows =
    collection === undefined
      ? db.prepare(`SELECT ${category} AS category, count(*) AS n FROM failure_events f GROUP BY 1`).all()
      : db
          .prepare(
            `SELECT ${category} AS category, count(*) AS n
            FROM failure_events f JOIN rollouts r ON r.id = f.rollout_id WHERE r.collection_id = ? GROUP BY 1`,
          )
          .all(collection);
  return countsOf(rows as { category: string; n: number }[]);
}

/** Failure events per effective category in one collection, or in the whole corpus without one. */
export function poolCounts(db: Db, collection: string | undefined): CategoryCounts {
  const version = writeVersion(db);
  let cache = poolCache.get(db);
  if (cache?.version !== version) poolCache.set(db, (cache = { version, counts: new Map() }));
  // A collection id is never empty (the contract says so), so '' can stand for "every collection".
  const key = collection ?? '';
  let counts = cache.counts.get(key);
  if (!counts) cache.counts.set(key, (counts = countPool(db, collection)));
  return counts;
}

/** Rubrics of a library per effective category. */
export function libraryCounts(db: Db, library: string): CategoryCounts {
  const rows = db
    .prepare(
      `SELECT ${rubricCategorySql('r')} AS category, count(*) AS n
      FROM library_rubrics lr JOIN rubrics r ON r.id = lr.rubric_id WHERE lr.library_id = ? GROUP BY 1`,
    )
    .all(library);
  return countsOf(rows as { category: string; n: number }[]);
}
