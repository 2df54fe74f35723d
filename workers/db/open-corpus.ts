import { accessSync, constants, existsSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ApiError } from '../../common/errors';
import { refused } from './corpus-refusal';
import { latestSchemaVersion, migrations } from './migrations';
import { networkFilesystemOf, type FilesystemProbe } from './network-filesystem';
import { readSqliteHeader } from './sqlite-header';

export type Db = Database.Database;

/** SQLite `application_id` that marks a file as a Rubric Workbench corpus ("RWB1"). */
export const corpusApplicationId = 0x52574231;

/**
 * How long a write waits for another connection's write transaction (another process's
 * label, or the tail of its import) before failing. Long imports of another process are
 * waited for without blocking this one: see `WriteLock`.
 */
export const writerBusyTimeoutMs = 30_000;

export interface OpenCorpusOptions {
  /** Opens without migrating or writing; refuses a corpus that would need migrations. */
  readonly?: boolean;
  /** Path of better-sqlite3's native addon when it differs from the default build (Electron). */
  nativeBinding?: string;
  /** Names the network filesystem a folder is on, or null (tests fake one; default `networkFilesystemOf`). */
  filesystemOf?: FilesystemProbe;
}

interface AppliedMigration {
  version: number;
  name: string;
  checksum: string;
}

const sideSuffixes = ['-wal', '-shm', '-journal'] as const;

/**
 * Opens (or creates) a corpus file: the writer connection. An existing file is first
 * inspected (its header read as a plain file, then a read-only SQLite connection), so a file
 * that is not a corpus, a damaged one, a corpus from a newer version, or one whose applied
 * migrations were edited is refused with its cause (`details.cause`), the file left
 * byte-for-byte untouched and no side file left beside it. A corpus on a network filesystem is
 * refused for writing (`network_filesystem`) before SQLite touches it; read-only it opens.
 *
 * Every transaction of the writer starts `BEGIN IMMEDIATE`: a deferred transaction that read
 * first fails at once with "database is locked" when another process wrote meanwhile, since
 * SQLite cannot apply its busy timeout to that upgrade.
 */
export function openCorpus(path: string, options: OpenCorpusOptions = {}): Db {
  const memory = path === ':memory:';
  if (!memory && !options.readonly) requireLocal(path, options.filesystemOf ?? networkFilesystemOf);
  const exists = !memory && existsSync(path) && statSync(path).size > 0;
  if (exists) withoutNewSideFiles(path, () => inspectExisting(path, options.nativeBinding));
  else if (options.readonly) throw refused(path, 'missing', 'does not exist (no corpus at this path)');
  if (!memory && !options.readonly) requireWritable(path, exists);

  return withoutNewSideFiles(path, () => {
    let db: Db;
    try {
      db = new Database(path, { readonly: options.readonly ?? false, nativeBinding: options.nativeBinding });
    } catch (err) {
      throw openFailure(path, err);
    }
    try {
      if (!options.readonly) {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
      }
      db.pragma('foreign_keys = ON');
      db.pragma(`busy_timeout = ${writerBusyTimeoutMs}`);
      if (!options.readonly) {
        migrate(db, path);
        immediateTransactions(db);
      }
      return db;
    } catch (err) {
      db.close();
      throw openFailure(path, err);
    }
  });
}

/**
 * A read-only connection to a corpus the writer has already opened. In WAL mode each of its
 * statements sees the last commit and never a write in progress, and it never waits for a
 * writer, however long that writer's transaction.
 */
export function openCorpusReader(path: string, nativeBinding?: string): Db {
  const db = new Database(path, { readonly: true, fileMustExist: true, nativeBinding });
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Makes `db.transaction(fn)()` mean `.immediate()` (its `.deferred` stays there); nested calls stay savepoints. */
function immediateTransactions(db: Db): void {
  const plain = db.transaction.bind(db);
  db.transaction = ((fn: (...args: never[]) => unknown) => plain(fn).immediate) as Db['transaction'];
}

function inspectExisting(path: string, nativeBinding: string | undefined): void {
  const header = readSqliteHeader(path);
  if (!header.sqlite) throw refused(path, 'not_sqlite', 'is not an SQLite database, so not a Rubric Workbench corpus');
  const size = statSync(path).size;
  if (!header.complete)
    throw refused(path, 'damaged', `is damaged: it ends inside SQLite's 100-byte header (${size} bytes); it was probably cut off while being copied`);
  if (header.pageSize < 512 || (header.pageSize & (header.pageSize - 1)) !== 0) {
    throw refused(path, 'damaged', `is damaged: its header names an impossible page size (${header.pageSize})`);
  }
  // With a -wal file beside it the header may lag the last commits; SQLite reads those below.
  if (!existsSync(`${path}-wal`)) {
    const expected = header.pages === null ? null : header.pages * header.pageSize;
    if ((expected !== null && size < expected) || size % header.pageSize !== 0) {
      const said = expected === null ? `whole pages of ${header.pageSize} bytes` : `${expected} bytes (${header.pages} pages of ${header.pageSize})`;
      throw refused(path, 'damaged', `is damaged: it is ${size} bytes but its header says ${said}; it was probably cut off while being copied`);
    }
    checkIdentity(path, header.applicationId, header.userVersion);
  }

  let probe: Db;
  try {
    probe = new Database(path, { readonly: true, fileMustExist: true, nativeBinding });
  } catch (err) {
    throw openFailure(path, err);
  }
  try {
    try {
      checkIdentity(path, probe.pragma('application_id', { simple: true }) as number, probe.pragma('user_version', { simple: true }) as number);
      checkApplied(path, readApplied(probe));
    } catch (err) {
      throw openFailure(path, err);
    }
  } finally {
    probe.close();
  }
}

function checkIdentity(path: string, applicationId: number, userVersion: number): void {
  if (applicationId !== corpusApplicationId) {
    throw refused(path, 'not_a_corpus', 'is an SQLite database but not a Rubric Workbench corpus (its application_id does not match)');
  }
  if (userVersion > latestSchemaVersion) {
    throw refused(
      path,
      'newer_version',
      `was made by a newer Rubric Workbench (schema ${userVersion}, this version knows ${latestSchemaVersion}); upgrade the app to open it`,
    );
  }
}

/**
 * SQLite's WAL keeps its index in shared memory beside the file and relies on locks a network
 * filesystem does not honour across machines, so two writers (or a writer and a reader on
 * another machine) can corrupt the corpus without either noticing.
 */
function requireLocal(path: string, filesystemOf: FilesystemProbe): void {
  const network = filesystemOf(dirname(path));
  if (network === null) return;
  throw refused(
    path,
    'network_filesystem',
    `is on a network filesystem (${network}), where SQLite's write-ahead log is unsafe: its locks and shared memory do not work across machines, so writes could corrupt the corpus. Copy it to a local disk to work on it, or open it read-only (rwb --read-only, rwb serve --read-only)`,
  );
}

/** A corpus must be writable, and so must its folder (SQLite keeps its `-wal` and `-shm` there). */
function requireWritable(path: string, exists: boolean): void {
  for (const target of exists ? [path, dirname(path)] : [dirname(path)]) {
    try {
      accessSync(target, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'denied';
      const where = target === path ? 'the file is read-only' : `its folder ${target} is read-only`;
      throw refused(path, 'read_only', `is in a read-only location: ${where} (${code}); copy it to a folder you can write to`);
    }
  }
}

/** The refusal an SQLite failure while opening stands for; other errors pass through. */
function openFailure(path: string, err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown }).code;
  const message = (err as Error).message;
  if (typeof code !== 'string') return err;
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM') {
    return refused(path, 'read_only', `is in a read-only location (SQLite: ${message}); copy it to a folder you can write to`);
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return refused(path, 'damaged', `is damaged (${message}); restore it from a copy`);
  }
  return err;
}

/**
 * Runs `open`; if it throws, removes the side files it created (SQLite makes `-wal` and
 * `-shm` even for a read-only connection to a WAL database), never ones that were there
 * before or a `-wal` that holds anything.
 */
function withoutNewSideFiles<T>(path: string, open: () => T): T {
  if (path === ':memory:') return open();
  const before = sideSuffixes.filter((s) => existsSync(path + s));
  try {
    return open();
  } catch (err) {
    const created = sideSuffixes.filter((s) => !before.includes(s) && existsSync(path + s));
    const walHoldsData = created.includes('-wal') && statSync(`${path}-wal`).size > 0;
    if (!walHoldsData) for (const s of created) rmSync(path + s, { force: true });
    throw err;
  }
}

function readApplied(db: Db): AppliedMigration[] {
  const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
  if (!table) return [];
  return db.prepare<unknown[], AppliedMigration>('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all();
}

function checkApplied(path: string, applied: AppliedMigration[]): void {
  for (const row of applied) {
    if (row.version > latestSchemaVersion) {
      throw refused(
        path,
        'newer_version',
        `was made by a newer Rubric Workbench (schema ${Math.max(...applied.map((a) => a.version))}, this version knows ${latestSchemaVersion}); upgrade the app to open it`,
      );
    }
    const known = migrations[row.version - 1];
    if (!known || known.checksum !== row.checksum) {
      throw refused(path, 'migrations_differ', `migration ${row.version} (${row.name}) differs from the one this version ships (checksum mismatch)`);
    }
  }
}

function migrate(db: Db, path: string): void {
  const current = readApplied(db);
  checkApplied(path, current);
  // Up to date: no write, so opening never waits for another process's import.
  if (current.length >= migrations.length) return;
  // Read again and applied in one immediate transaction: two processes opening a corpus that
  // needs migrations at once must not both apply them.
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const applied = readApplied(db);
    checkApplied(path, applied);
    const pending = migrations.slice(applied.length);
    if (pending.length === 0) return;
    const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
    for (const m of pending) {
      db.exec(m.sql);
      record.run(m.version, m.name, m.checksum, new Date().toISOString());
    }
    db.pragma(`application_id = ${corpusApplicationId}`);
    db.pragma(`user_version = ${latestSchemaVersion}`);
  }).immediate();
}

/** The schema version a corpus is at. */
export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}
