import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';

/** Every ordinary table's row count: what a refused import must leave as it was. */
export function tableCounts(db: Db): Record<string, number> {
  const tables = db.prepare<unknown[], string>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%' ORDER BY name`).pluck().all();
  return Object.fromEntries(tables.map((t) => [t, oneRow(db.prepare<unknown[], number>(`SELECT count(*) FROM "${t}"`).pluck().get())]));
}
