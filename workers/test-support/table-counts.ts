import type { Db } from '../db/open-corpus';

/** Every ordinary table's row count: what a refused import must leave as it was. */
export function tableCounts(db: Db): Record<string, number> {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%' ORDER BY name`).pluck().all() as string[];
  return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]));
}
