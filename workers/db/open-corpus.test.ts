import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import type { RefusalCause } from './corpus-refusal';
import { latestSchemaVersion, migrations } from './migrations';
import { corpusApplicationId, openCorpus, schemaVersion } from './open-corpus';
import { rwbEntry } from '../test-support/rwb-entry';

const tempDir = useTempDir();
const rwbBin = rwbEntry();

/** A corpus whose writes are all in the main file (no -wal beside it), as a copied corpus is. */
function closedCorpus(path: string, change: (db: Database.Database) => void = () => undefined): Buffer {
  const db = openCorpus(path);
  change(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return readFileSync(path);
}

/** Opening `path` is refused for `cause`, its message matching `message`; the file is unchanged and nothing is left beside it. */
function expectRefused(path: string, cause: RefusalCause, message: RegExp | string): void {
  const before = readFileSync(path);
  const besides = readdirSync(join(path, '..')).sort();
  let error: unknown;
  try {
    openCorpus(path).close();
  } catch (err) {
    error = err;
  }
  expect(error).toMatchObject({ code: 'corpus_refused', details: { cause } });
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).toMatch(/the file was left untouched$/);
  expect(readFileSync(path).equals(before)).toBe(true);
  expect(readdirSync(join(path, '..')).sort()).toEqual(besides);
}

describe('openCorpus', () => {
  it('creates a corpus with WAL, foreign keys, every migration and the application id', () => {
    const path = join(tempDir(), 'c.db');
    const db = openCorpus(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('application_id', { simple: true })).toBe(corpusApplicationId);
    expect(schemaVersion(db)).toBe(latestSchemaVersion);
    const applied = db.prepare('SELECT version, checksum FROM schema_migrations ORDER BY version').all();
    expect(applied).toEqual(migrations.map((m) => ({ version: m.version, checksum: m.checksum })));
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type IN ('table') ORDER BY name`).pluck().all();
    for (const t of [
      'benchmarks',
      'tasks',
      'collections',
      'rollouts',
      'steps',
      'program_versions',
      'failure_events',
      'categories',
      'rubrics',
      'libraries',
      'labels',
      'cases',
      'experiments',
      'attempts',
      'model_requests',
      'texts',
      'step_fts',
      'rubric_fts',
      'failure_fts',
    ]) {
      expect(tables).toContain(t);
    }
    db.close();
  });

  it('reopens an existing corpus without re-running migrations', () => {
    const path = join(tempDir(), 'c.db');
    openCorpus(path).close();
    const db = openCorpus(path);
    expect(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(migrations.length);
    db.close();
  });

  it('upgrades a corpus made by an older version, applying only the missing migrations', () => {
    const path = join(tempDir(), 'old.db');
    // A corpus as the first release made it: migration 1 only.
    const old = new Database(path);
    old.exec(migrations[0]!.sql);
    old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)');
    old.prepare('INSERT INTO schema_migrations VALUES (1, ?, ?, ?)').run(migrations[0]!.name, migrations[0]!.checksum, 'then');
    old.pragma(`application_id = ${corpusApplicationId}`);
    old.close();
    const upgraded = openCorpus(path);
    expect(upgraded.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(migrations.map((m) => m.version));
    expect(upgraded.prepare(`SELECT applied_at FROM schema_migrations WHERE version = 1`).pluck().get()).toBe('then');
    expect(schemaVersion(upgraded)).toBe(latestSchemaVersion);
    upgraded.close();
  });

  it('refuses a file that is not a database and leaves it untouched', () => {
    const path = join(tempDir(), 'notes.db');
    writeFileSync(path, 'these are my notes, not a database\n'.repeat(200));
    expectRefused(path, 'not_sqlite', /notes\.db is not an SQLite database/);
  });

  it('refuses an SQLite database that is not a corpus and leaves it untouched', () => {
    const path = join(tempDir(), 'other.db');
    const other = new Database(path);
    other.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    other.close();
    expectRefused(path, 'not_a_corpus', /is an SQLite database but not a Rubric Workbench corpus/);
  });

  it('refuses a plain SQLite database in WAL mode without leaving -wal or -shm beside it', () => {
    const path = join(tempDir(), 'wal.db');
    const other = new Database(path);
    other.pragma('journal_mode = WAL');
    other.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    other.close();
    expectRefused(path, 'not_a_corpus', /not a Rubric Workbench corpus/);
  });

  it('refuses a corpus made by a newer version, by its migrations, leaving no side files', () => {
    const path = join(tempDir(), 'newer.db');
    closedCorpus(path, (db) => db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?, ?)').run(latestSchemaVersion + 1, 'future', 'x', 'now'));
    expectRefused(path, 'newer_version', `made by a newer Rubric Workbench (schema ${latestSchemaVersion + 1}, this version knows ${latestSchemaVersion})`);
  });

  it('refuses a corpus made by a newer version, by its user_version', () => {
    const path = join(tempDir(), 'newer-user-version.db');
    closedCorpus(path, (db) => db.pragma(`user_version = ${latestSchemaVersion + 3}`));
    expectRefused(path, 'newer_version', `made by a newer Rubric Workbench (schema ${latestSchemaVersion + 3}, this version knows ${latestSchemaVersion})`);
  });

  it('calls a truncated corpus damaged, not "not a database"', () => {
    const path = join(tempDir(), 'cut.db');
    const whole = closedCorpus(path);
    truncateSync(path, Math.floor(whole.length / 2 / 4096) * 4096);
    expectRefused(
      path,
      'damaged',
      /is damaged: it is \d+ bytes but its header says \d+ bytes \(\d+ pages of 4096\); it was probably cut off while being copied/,
    );
    truncateSync(path, 60);
    expectRefused(path, 'damaged', /is damaged: it ends inside SQLite's 100-byte header \(60 bytes\)/);
  });

  it('calls a corpus in a folder it may not write to read-only, leaving nothing beside it', () => {
    const dir = tempDir();
    const path = join(dir, 'shared.db');
    closedCorpus(path);
    chmodSync(dir, 0o555);
    try {
      // Run as an unprivileged user when the tests run as root, whom no permission stops.
      const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const cli = spawnSync(process.execPath, [rwbBin, 'stats', '--db', path, '--json'], { encoding: 'utf8', ...asNobody });
      expect(cli.status).toBe(1);
      expect(cli.stderr).toMatch(/shared\.db is in a read-only location.*copy it to a folder you can write to; the file was left untouched/);
      expect(readdirSync(dir)).toEqual(['shared.db']);
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it('refuses a corpus whose applied migration was edited', () => {
    const path = join(tempDir(), 'edited.db');
    const db = openCorpus(path);
    db.prepare('UPDATE schema_migrations SET checksum = ? WHERE version = 1').run('0'.repeat(64));
    db.close();
    expectRefused(path, 'migrations_differ', /migration 1 \(initial-schema\) differs.*checksum mismatch/);
  });
});
