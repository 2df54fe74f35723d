import type { Db } from '../workers/db/open-corpus';
import { oneRow } from '../workers/db/one-row';

/**
 * "Rows" as the import benchmark counts them: every row an import adds to an ordinary table
 * (texts, rollouts, steps, program_versions, failure_events, rubrics, ..., and the one
 * `imports` row), plus one per document added to each FTS5 index (step_fts, failure_fts,
 * rubric_fts), counted in the index's docsize table. FTS5's own shadow tables (segments,
 * doclists) are not counted: they are how an index stores its documents, not rows written.
 */
export const rowsDefinition =
  'rows = rows added to every ordinary table (incl. texts and the imports row) + documents added to each FTS5 index; FTS shadow-table rows not counted';

export interface TableInfo {
  name: string;
  kind: 'table' | 'fts';
  /** For an FTS table: its external content table or view and that source's rowid column. */
  content?: { source: string; rowid: string };
  columns: string[];
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The corpus's tables in creation order: ordinary tables, then FTS5 indexes. Shadow tables are left out. */
export function corpusTables(db: Db): TableInfo[] {
  const all = db
    .prepare<unknown[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid`)
    .all();
  const fts = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql) && /USING\s+fts5/i.test(t.sql));
  const shadow = (name: string) => fts.some((f) => name.startsWith(`${f.name}_`));
  const columns = (name: string) =>
    db
      .prepare<unknown[], { name: string }>(`PRAGMA table_info(${quote(name)})`)
      .all()
      .map((c) => c.name);
  const tables: TableInfo[] = all.filter((t) => !fts.includes(t) && !shadow(t.name)).map((t) => ({ name: t.name, kind: 'table', columns: columns(t.name) }));
  for (const f of fts) {
    const source = /content\s*=\s*'([^']+)'/i.exec(f.sql)?.[1];
    const rowid = /content_rowid\s*=\s*'([^']+)'/i.exec(f.sql)?.[1] ?? 'rowid';
    if (!source) throw new Error(`${f.name}: only external-content FTS5 tables are supported by the benchmark`);
    tables.push({ name: f.name, kind: 'fts', content: { source, rowid }, columns: columns(f.name) });
  }
  return tables;
}

/** Rows in a table as the benchmark counts them (documents, for an FTS index). */
export function countRows(db: Db, table: TableInfo): number {
  const from = table.kind === 'fts' ? `${table.name}_docsize` : table.name;
  return oneRow(
    db
      .prepare<unknown[], number>(`SELECT count(*) FROM ${quote(from)}`)
      .pluck()
      .get(),
  );
}

/** Row counts of every table, keyed by table name. */
export function rowCounts(db: Db): Record<string, number> {
  return Object.fromEntries(corpusTables(db).map((t) => [t.name, countRows(db, t)]));
}

/** Rows written between two snapshots, per table with any, and in total. */
export function rowsWritten(before: Record<string, number>, after: Record<string, number>): { total: number; perTable: Record<string, number> } {
  const perTable: Record<string, number> = {};
  let total = 0;
  for (const [table, n] of Object.entries(after)) {
    const delta = n - (before[table] ?? 0);
    if (delta !== 0) perTable[table] = delta;
    total += delta;
  }
  return { total, perTable };
}

/** The statement that reads a table's rows back (for an FTS index: its indexed documents' text). */
export function selectRowsSql(table: TableInfo): string {
  if (table.kind === 'table') return `SELECT ${table.columns.map(quote).join(', ')} FROM ${quote(table.name)}`;
  const { source, rowid } = table.content!;
  return `SELECT d.id, ${table.columns.map((c) => `c.${quote(c)}`).join(', ')}
    FROM ${quote(`${table.name}_docsize`)} d JOIN ${quote(source)} c ON c.${quote(rowid)} = d.id ORDER BY d.id`;
}

/** The prepared insert the ceiling uses for a table's rows. */
export function insertRowSql(table: TableInfo): string {
  const columns = table.kind === 'fts' ? ['rowid', ...table.columns] : table.columns;
  return `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
}
