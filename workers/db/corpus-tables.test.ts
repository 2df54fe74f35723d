import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusTables, triggerKeptTables } from '../../common/corpus-tables';
import { openCorpus } from './open-corpus';

describe('corpusTables and triggerKeptTables', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rwb-tables-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names exactly the ordinary tables of a freshly migrated corpus', () => {
    const db = openCorpus(join(dir, 'corpus.db'));
    const rows = db
      .prepare<unknown[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all();
    db.close();
    const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql)).map((r) => r.name);
    // FTS5 keeps each index in shadow tables named after it; the migration bookkeeping is not corpus data.
    const ordinary = rows.map((r) => r.name).filter((name) => name !== 'schema_migrations' && !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
    expect([...corpusTables, ...triggerKeptTables].sort()).toEqual(ordinary.sort());
    expect(virtual.length).toBeGreaterThan(0);
  });
});
