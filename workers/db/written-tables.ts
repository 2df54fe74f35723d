import { corpusTables, type CorpusTable } from '../../common/corpus-tables';
import type { Statement } from 'better-sqlite3';
import type { Db } from './open-corpus';

const known = new Set<string>(corpusTables);
const writeTarget = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`[]?(\w+)/gi;

/** The corpus tables an SQL text writes to (an upsert's `DO UPDATE SET` names no table, so it adds none). */
export function writeTargets(sql: string): CorpusTable[] {
  const tables = new Set<CorpusTable>();
  for (const match of sql.matchAll(writeTarget)) {
    const name = match[1]!.toLowerCase();
    if (known.has(name)) tables.add(name as CorpusTable);
  }
  return [...tables];
}

/**
 * The tables a connection's writes changed, as SQLite reports them statement by statement
 * (better-sqlite3 offers no update hook): every statement that can write is wrapped when it
 * is prepared, and a table counts once a statement on it changed a row. `db.exec` counts the
 * tables its text writes when it changed any row. A trigger's or a cascade's writes follow
 * the table written (as the FTS indexes and the corpus counts do), so they are not named.
 */
export class WrittenTables {
  private touched = new Set<CorpusTable>();
  /** Told of every table as it is written: the write lock checks it against the operation's declared tables. */
  onWrite: ((table: CorpusTable) => void) | null = null;

  constructor(db: Db) {
    const prepare = db.prepare.bind(db);
    const exec = db.exec.bind(db);
    const totalChanges = prepare<[], number>('SELECT total_changes()').pluck();
    db.prepare = ((source: string) => this.wrap(prepare<unknown[]>(source), source)) as Db['prepare'];
    db.exec = (source: string) => {
      const targets = writeTargets(source);
      if (targets.length === 0) return exec(source);
      const before = totalChanges.get();
      try {
        return exec(source);
      } finally {
        if (totalChanges.get() !== before) for (const table of targets) this.note(table);
      }
    };
  }

  /** The tables written since the last call, sorted; forgets them. */
  take(): CorpusTable[] {
    const tables = [...this.touched].sort();
    this.touched = new Set();
    return tables;
  }

  private note(table: CorpusTable): void {
    this.touched.add(table);
    this.onWrite?.(table);
  }

  private wrap(stmt: Statement<unknown[]>, source: string): Statement<unknown[]> {
    if (stmt.readonly) return stmt;
    const targets = writeTargets(source);
    if (targets.length === 0) return stmt;
    const noteAll = () => {
      for (const table of targets) this.note(table);
    };
    const { run, get, all, iterate } = stmt;
    stmt.run = (...params) => {
      const info = run.apply(stmt, params);
      if (info.changes > 0) noteAll();
      return info;
    };
    // A statement with RETURNING changed a row for each row it returns.
    stmt.get = (...params) => {
      const row = get.apply(stmt, params);
      if (row !== undefined) noteAll();
      return row;
    };
    stmt.all = (...params) => {
      const rows = all.apply(stmt, params);
      if (rows.length > 0) noteAll();
      return rows;
    };
    stmt.iterate = (...params) => {
      noteAll();
      return iterate.apply(stmt, params);
    };
    return stmt;
  }
}
