import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ApiError } from '../../common/errors';
import { latestSchemaVersion, migrations } from './migrations';

export type Db = Database.Database;

/** SQLite `application_id` that marks a file as a Rubric Workbench corpus ("RWB1"). */
export const corpusApplicationId = 0x52574231;

export interface OpenCorpusOptions {
  /** Opens without migrating or writing; refuses a corpus that would need migrations. */
  readonly?: boolean;
  /** Path of better-sqlite3's native addon when it differs from the default build (Electron). */
  nativeBinding?: string;
}

interface AppliedMigration {
  version: number;
  name: string;
  checksum: string;
}

/**
 * Opens (or creates) a corpus file. An existing file is first inspected read-only, so a
 * file that is not a corpus, a corpus from a newer version, or one whose applied
 * migrations were edited is refused with the file left byte-for-byte untouched.
 */
export function openCorpus(path: string, options: OpenCorpusOptions = {}): Db {
  const exists = path !== ':memory:' && existsSync(path) && statSync(path).size > 0;
  if (exists) inspectExisting(path, options.nativeBinding);
  else if (options.readonly) throw new ApiError('corpus_refused', `${path}: no corpus at this path`);

  const db = new Database(path, { readonly: options.readonly ?? false, nativeBinding: options.nativeBinding });
  try {
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    if (!options.readonly) migrate(db, path);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function inspectExisting(path: string, nativeBinding: string | undefined): void {
  let probe: Db;
  try {
    probe = new Database(path, { readonly: true, fileMustExist: true, nativeBinding });
  } catch (err) {
    throw refused(path, `cannot be opened (${(err as Error).message})`);
  }
  try {
    let appId: number;
    try {
      appId = probe.pragma('application_id', { simple: true }) as number;
    } catch {
      throw refused(path, 'is not an SQLite database, so not a Rubric Workbench corpus');
    }
    if (appId !== corpusApplicationId) {
      throw refused(path, 'is an SQLite database but not a Rubric Workbench corpus (its application_id does not match)');
    }
    checkApplied(path, readApplied(probe));
  } finally {
    probe.close();
  }
}

function readApplied(db: Db): AppliedMigration[] {
  const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
  if (!table) return [];
  return db.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all() as AppliedMigration[];
}

function checkApplied(path: string, applied: AppliedMigration[]): void {
  for (const row of applied) {
    if (row.version > latestSchemaVersion) {
      throw refused(
        path,
        `was made by a newer Rubric Workbench (schema ${Math.max(...applied.map((a) => a.version))}, this version knows ${latestSchemaVersion}); upgrade the app to open it`,
      );
    }
    const known = migrations[row.version - 1];
    if (!known || known.checksum !== row.checksum) {
      throw refused(path, `migration ${row.version} (${row.name}) differs from the one this version ships (checksum mismatch)`);
    }
  }
}

function migrate(db: Db, path: string): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = readApplied(db);
  checkApplied(path, applied);
  const pending = migrations.slice(applied.length);
  if (pending.length === 0) return;
  const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const m of pending) {
      db.exec(m.sql);
      record.run(m.version, m.name, m.checksum, new Date().toISOString());
    }
    db.pragma(`application_id = ${corpusApplicationId}`);
    db.pragma(`user_version = ${latestSchemaVersion}`);
  })();
}

/** The schema version a corpus is at. */
export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function refused(path: string, why: string): ApiError {
  return new ApiError('corpus_refused', `${path} ${why}; the file was left untouched`);
}
