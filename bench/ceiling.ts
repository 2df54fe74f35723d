import Database from 'better-sqlite3';
import { openCorpus } from '../workers/db/open-corpus';
import { beginImportTransaction, endImportTransaction } from '../workers/import/import-file';
import { corpusTables, countRows, insertRowSql, selectRowsSql, type TableInfo } from './corpus-rows';

export interface CeilingResult {
  /** Time spent inserting: BEGIN, every prepared insert, COMMIT. Reading the rows back is not counted. */
  seconds: number;
  /** CPU time of the timed sections. */
  cpuSeconds: number;
  /** Wall time including reading the rows back from the imported corpus. */
  wallSeconds: number;
  rows: number;
  perTable: Record<string, { rows: number; seconds: number; cpuSeconds: number }>;
}

const chunkRows = 2000;

/**
 * The counters (migration 015) hold rows in a fresh corpus, which the import's triggers and
 * recount update: the ceiling, whose triggers are dropped, writes their final rows over
 * them (a few dozen rows), and counts only the rows added, as the import's figure does.
 */
const counterTables = new Set(['corpus_counts', 'facet_counts']);

/**
 * The raw ceiling for an import: the rows the importer wrote into `sourcePath` (the same
 * tables, the same row counts, the same values and ids), inserted into a fresh corpus at
 * `targetPath` with better-sqlite3 prepared statements in one transaction, under the
 * importer's own transaction settings. Rows are read back in chunks outside the timed
 * sections, so only inserting is timed and memory stays bounded.
 */
export function copyRowsTimed(sourcePath: string, targetPath: string): CeilingResult {
  const wallStart = performance.now();
  const source = new Database(sourcePath, { readonly: true });
  const target = openCorpus(targetPath);
  const versions = [source, target].map((db) => db.pragma('user_version', { simple: true }));
  if (versions[0] !== versions[1]) {
    throw new Error(`the imported corpus is at schema ${versions[0]} but a fresh one is at ${versions[1]}: did the migrations change during the run?`);
  }
  // The ceiling writes every row itself, derived ones (rollout_figures) included, so nothing may derive them again.
  for (const name of target.prepare<unknown[], string>(`SELECT name FROM sqlite_master WHERE type = 'trigger'`).pluck().all()) {
    target.exec(`DROP TRIGGER "${name.replaceAll('"', '""')}"`);
  }
  const tables = corpusTables(target);
  const base = new Map(tables.map((t) => [t.name, countRows(target, t)]));
  // texts first: program_versions and steps refer to it with immediate foreign keys.
  const order = [...tables.filter((t) => t.name === 'texts'), ...tables.filter((t) => t.name !== 'texts')];
  const perTable: CeilingResult['perTable'] = {};
  let timed = 0;
  let cpu = 0;
  let rows = 0;
  const time = (fn: () => void) => {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    fn();
    timed += performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    cpu += used.user + used.system;
  };

  time(() => beginImportTransaction(target));
  try {
    for (const table of order) {
      const held = base.get(table.name)!;
      const wanted = countRows(source, table) - held;
      if (wanted === 0 && !counterTables.has(table.name)) continue;
      if (held > 0 && !counterTables.has(table.name)) throw new Error(`${table.name}: holds rows before the import; the ceiling cannot copy it`);
      const cpuBefore = cpu;
      const seconds = copyTable(source, target, table, time, held > 0 ? 'replace' : 'insert');
      perTable[table.name] = { rows: wanted, seconds, cpuSeconds: (cpu - cpuBefore) / 1e6 };
      rows += wanted;
    }
    time(() => endImportTransaction(target, 'commit'));
  } catch (err) {
    endImportTransaction(target, 'rollback');
    throw err;
  } finally {
    source.close();
    target.close();
  }
  return { seconds: timed / 1000, cpuSeconds: cpu / 1e6, wallSeconds: (performance.now() - wallStart) / 1000, rows, perTable };
}

function copyTable(source: Database.Database, target: Database.Database, table: TableInfo, time: (fn: () => void) => void, how: 'insert' | 'replace'): number {
  const read = source.prepare<unknown[], unknown[]>(selectRowsSql(table)).raw();
  const sql = insertRowSql(table);
  const insert = target.prepare(how === 'insert' ? sql : sql.replace(/^INSERT INTO/, 'INSERT OR REPLACE INTO'));
  let seconds = 0;
  let chunk: unknown[][] = [];
  const flush = () => {
    const rows = chunk;
    chunk = [];
    const start = performance.now();
    time(() => {
      for (const row of rows) insert.run(...row);
    });
    seconds += (performance.now() - start) / 1000;
  };
  for (const row of read.iterate()) {
    chunk.push(row);
    if (chunk.length === chunkRows) flush();
  }
  flush();
  return seconds;
}
