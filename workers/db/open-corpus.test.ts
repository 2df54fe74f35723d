import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { latestSchemaVersion, migrations } from './migrations';
import { corpusApplicationId, openCorpus, schemaVersion } from './open-corpus';

const tempDir = useTempDir();

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
    for (const t of ['benchmarks', 'tasks', 'collections', 'rollouts', 'steps', 'program_versions', 'failure_events', 'categories', 'rubrics', 'libraries', 'labels', 'cases', 'experiments', 'attempts', 'model_requests', 'texts', 'step_fts', 'rubric_fts', 'failure_fts']) {
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
    const before = readFileSync(path);
    expect(() => openCorpus(path)).toThrow(/notes\.db is not an SQLite database.*left untouched/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses an SQLite database that is not a corpus and leaves it untouched', () => {
    const path = join(tempDir(), 'other.db');
    const other = new Database(path);
    other.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    other.close();
    const before = readFileSync(path);
    expect(() => openCorpus(path)).toThrow(/not a Rubric Workbench corpus/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a corpus made by a newer version', () => {
    const path = join(tempDir(), 'newer.db');
    const db = openCorpus(path);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?, ?)').run(latestSchemaVersion + 1, 'future', 'x', 'now');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const before = readFileSync(path);
    const message = `made by a newer Rubric Workbench (schema ${latestSchemaVersion + 1}, this version knows ${latestSchemaVersion})`;
    expect(() => openCorpus(path)).toThrow(message);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a corpus whose applied migration was edited', () => {
    const path = join(tempDir(), 'edited.db');
    const db = openCorpus(path);
    db.prepare('UPDATE schema_migrations SET checksum = ? WHERE version = 1').run('0'.repeat(64));
    db.close();
    expect(() => openCorpus(path)).toThrow(/migration 1 \(initial-schema\) differs.*checksum mismatch/);
  });
});
