import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CorpusTable } from '../../common/corpus-tables';
import type { DbChangedEvent, WorkbenchEvent } from '../../common/events';
import { WriteLock } from '../context/write-lock';
import { openCorpus } from '../db/open-corpus';
import { WrittenTables, writeTargets } from '../db/written-tables';
import { useTempDir } from '../test-support/temp-dir';
import { Core } from './core';
import { sampleBundlePath } from './sample-corpus';

const tempDir = useTempDir();

const priceSql = (conflict: string) =>
  `INSERT INTO model_prices (model, input_usd_per_mtok, output_usd_per_mtok, cache_write_usd_per_mtok, cache_read_usd_per_mtok, updated_at)
   VALUES (?, 1, 2, 0, 0, '2026-12-01') ${conflict}`;

const changed = (events: WorkbenchEvent[]) => events.filter((e): e is DbChangedEvent => e.type === 'db:changed').map((e) => e.tables);

describe('the tables a write changed, as SQLite reports them', () => {
  it('names the target of inserts, updates, deletes and upserts, never a SET or a table that is not the corpus’s', () => {
    expect(writeTargets('INSERT OR IGNORE INTO hosts (name) VALUES (?) ON CONFLICT (name) DO UPDATE SET slots = 1')).toEqual(['hosts']);
    expect(writeTargets('UPDATE attempts SET owner = NULL WHERE id IN (SELECT attempt_id FROM attempt_logs)')).toEqual(['attempts']);
    expect(writeTargets('DELETE FROM "model_prices" WHERE model = ?; REPLACE INTO user_settings VALUES (1)')).toEqual(['model_prices', 'user_settings']);
    expect(writeTargets('INSERT INTO corpus_counts VALUES (1)')).toEqual([]);
    expect(writeTargets('SELECT * FROM hosts')).toEqual([]);
  });

  it('counts a table once a statement on it changed a row, through run, RETURNING and exec', () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    try {
      const written = new WrittenTables(db);
      const price = db.prepare(priceSql('ON CONFLICT DO NOTHING'));
      price.run('m1');
      expect(written.take()).toEqual(['model_prices']);
      price.run('m1');
      expect(written.take()).toEqual([]);
      db.prepare('DELETE FROM model_prices WHERE model = ? RETURNING model').all('none');
      expect(written.take()).toEqual([]);
      db.prepare('DELETE FROM model_prices WHERE model = ? RETURNING model').pluck().get('m1');
      expect(written.take()).toEqual(['model_prices']);
      db.exec("UPDATE hosts SET slots = 2 WHERE name = 'none'");
      expect(written.take()).toEqual([]);
      db.exec(priceSql('').replace('?', "'m2'"));
      expect(written.take()).toEqual(['model_prices']);
    } finally {
      db.close();
    }
  });

  it('a turn announces what it changed, and a table its operation does not declare is reported', async () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    try {
      const events: WorkbenchEvent[] = [];
      const lock = new WriteLock(db, { written: new WrittenTables(db), emit: (e) => events.push(e) });
      const undeclared: CorpusTable[] = [];
      const writes = lock.forOperation({ tables: ['hosts'], undeclared: (table) => undeclared.push(table) });
      await writes.run(async () => db.prepare(priceSql('')).run('m'));
      expect(undeclared).toEqual(['model_prices']);
      expect(changed(events)).toEqual([['model_prices']]);
      // A turn that changed nothing says nothing.
      await writes.run(async () => db.prepare("DELETE FROM hosts WHERE name = 'none'").run());
      expect(changed(events)).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});

describe('every write operation declares the tables it changes', () => {
  it('importing a bundle with experiments announces them, and the import writes nothing it does not declare', async () => {
    const undeclared: string[] = [];
    const core = new Core({ dbPath: join(tempDir(), 'corpus.db'), shell: 'cli', onUndeclaredWrite: (op, table) => undeclared.push(`${op} ${table}`) });
    try {
      const events: WorkbenchEvent[] = [];
      core.onEvent((e) => events.push(e));
      await core.invoke('import.files', { paths: [sampleBundlePath] });
      const [tables] = changed(events);
      expect(tables).toEqual(expect.arrayContaining(['experiments', 'attempts', 'cases', 'rollouts', 'steps', 'labels', 'imports']));
      expect(undeclared).toEqual([]);
    } finally {
      core.close();
    }
  });
});
