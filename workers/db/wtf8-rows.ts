import type { Statement } from 'better-sqlite3';
import type { Db } from './open-corpus';
import { fromWtf8 } from './wtf8';

/**
 * Reads rows back exactly, lone surrogates included. A string bound to a TEXT column is stored
 * as its WTF-8 bytes (see wtf8.ts), so equality on it holds and ordinary strings take no other
 * path; only reading it loses the surrogates, to U+FFFD. A value that comes back holding U+FFFD
 * is read again from its table as bytes, by the `_rowid` the query selected (`SELECT rowid AS
 * _rowid, ...`), and decoded. Values of columns the table does not have (joined, computed) and
 * rows without `_rowid` come back as SQLite gave them.
 */
export function exactRows(db: Db): <T extends Record<string, unknown>>(table: string, row: T) => T {
  const columnsOf = new Map<string, readonly string[]>();
  const columns = (table: string) => {
    let known = columnsOf.get(table);
    if (known === undefined) {
      known = db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);
      columnsOf.set(table, known);
    }
    return known;
  };
  const readers = new Map<string, Statement<[unknown], Buffer>>();
  const bytes = (table: string, column: string, rowid: unknown): Buffer => {
    const key = `${table}\u0000${column}`;
    let reader = readers.get(key);
    if (reader === undefined) {
      reader = db.prepare<[unknown], Buffer>(`SELECT CAST("${column}" AS BLOB) FROM "${table}" WHERE rowid = ?`).pluck();
      readers.set(key, reader);
    }
    return reader.get(rowid)!;
  };
  return (table, row) => {
    if (row._rowid === undefined) return row;
    let exact: Record<string, unknown> | undefined;
    // Only the table's own columns: a joined text (an output) may be long, and has its own exact read.
    for (const column of columns(table)) {
      const value = row[column];
      if (typeof value !== 'string' || !value.includes('\uFFFD')) continue;
      exact ??= { ...row };
      exact[column] = fromWtf8(bytes(table, column, row._rowid));
    }
    return (exact ?? row) as typeof row;
  };
}
