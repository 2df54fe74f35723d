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
    const db = openCorpus(path);
    const last = migrations[migrations.length - 1]!;
    db.exec('DROP TABLE category_rules');
    db.prepare('DELETE FROM schema_migrations WHERE version = ?').run(last.version);
    db.close();
    const upgraded = openCorpus(path);
    expect(upgraded.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(last.version);
    expect(upgraded.prepare('SELECT count(*) FROM category_rules').pluck().get()).toBeGreaterThan(0);
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
