import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { Core } from './core';
import { oneRow } from '../db/one-row';

const tempDir = useTempDir();

/** A large bundle whose last line is malformed, so its import writes many rows and then rolls them all back. */
function failingImport(dir: string, rollouts: number): string {
  const records: (object | string)[] = [];
  for (let r = 0; r < rollouts; r++) {
    const id = `big-${r}`;
    records.push({ type: 'rollout', id, task: 'task-1', collection: 'pool', agent: 'haiku', seed: r, grade: 'wrong', score: 0 });
    for (let s = 0; s < 20; s++)
      records.push({ type: 'step', rollout: id, index: s, command: `python run.py --step ${s}`, stdout: `step ${s} of ${id}\n`, exitCode: 0, durationMs: 5 });
  }
  records.push('{"type": "rollout", "id": "cut off');
  return writeBundle(dir, 'big.jsonl', records);
}

describe('reads beside a long write', () => {
  it('a read during an import sees only committed rows, and experiments.get does not wait for the import', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'corpus.db'), shell: 'cli' });
    try {
      await core.invoke('import.files', { paths: [writeBundle(dir, 'mini.jsonl', miniBundle())] });
      await core.invoke('cases.create', { id: 'case-1', task: 'task-1', program: { path: 'x.py', content: '' } });
      const experiment = await core.invoke('experiments.create', { id: 'exp-1', name: 'during import', arms: ['a'], repeats: 1, cases: ['case-1'] });
      const committed = await core.invoke('corpus.stats', {});
      const uncommittedRollouts = () => oneRow(core.db.prepare<unknown[], number>('SELECT count(*) FROM rollouts').pluck().get());

      // Each progress event is sent from inside the import's open transaction, after it wrote
      // rows: what the writer sees then is uncommitted, and the reads must not see it.
      const during: { writerRollouts: number; stats: Promise<unknown>; experimentAnswered: Promise<string> }[] = [];
      const order: string[] = [];
      core.onEvent((event) => {
        if (event.type !== 'job:progress' || event.kind !== 'import' || !/records read/.test(event.message)) return;
        const stats = core.invoke('corpus.stats', {});
        const experimentAnswered = core.invoke('experiments.get', { id: experiment.id }).then((got) => (order.push('experiments.get'), got.id));
        during.push({ writerRollouts: uncommittedRollouts(), stats, experimentAnswered });
      });
      const imported = core.invoke('import.files', { paths: [failingImport(dir, 600)] }).then((result) => (order.push('import'), result));
      const result = await imported;

      expect(result.files[0]!.error).toMatchObject({ code: 'import_failed' });
      expect(during.length).toBeGreaterThan(2);
      for (const read of during) {
        expect(read.writerRollouts).toBeGreaterThan(committed.rollouts);
        expect(await read.stats).toEqual(committed);
        expect(await read.experimentAnswered).toBe(experiment.id);
      }
      // Every experiments.get asked during the import answered before the import ended.
      expect(order.slice(0, during.length)).toEqual(during.map(() => 'experiments.get'));
      expect(await core.invoke('corpus.stats', {})).toEqual(committed);
    } finally {
      core.close();
    }
  }, 240_000);

  it('while another process holds the write lock, the corpus opens, reads answer, and a write waits for it instead of failing', async () => {
    const dir = tempDir();
    const dbPath = join(dir, 'corpus.db');
    const setup = new Core({ dbPath, shell: 'cli' });
    await setup.invoke('import.files', { paths: [writeBundle(dir, 'mini.jsonl', miniBundle())] });
    setup.close();

    // Another process's long write (SQLite's locks are per connection, so a second connection stands for it).
    const other = new Database(dbPath);
    other.exec('BEGIN IMMEDIATE');
    other.prepare(`INSERT INTO benchmarks (id, discipline, role, record_hash) VALUES ('other', 'ml', 'mining', 'x')`).run();
    const core = new Core({ dbPath, shell: 'cli' });
    try {
      const created = core.invoke('cases.create', { id: 'case-1', task: 'task-1', program: { path: 'x.py', content: '' } });
      let settled = false;
      void created.finally(() => (settled = true));
      expect((await core.invoke('corpus.stats', {})).benchmarks).toBe(1);
      expect(await core.invoke('cases.list', {})).toEqual([]);
      expect(settled).toBe(false);
      other.exec('COMMIT');
      expect(await created).toMatchObject({ id: 'case-1' });
      expect((await core.invoke('corpus.stats', {})).benchmarks).toBe(2);
    } finally {
      other.close();
      core.close();
    }
  }, 120_000);
});

describe('reads beside an export', () => {
  it('app.info, corpus.stats and corpus.facets answer while export.bundle streams the corpus out', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'corpus.db'), shell: 'cli' });
    try {
      const bundle: object[] = miniBundle();
      // Megabytes of steps, so the export waits for its file to drain many times mid-way.
      for (let r = 0; r < 100; r++) {
        bundle.push({ type: 'rollout', id: `wide-${r}`, task: 'task-1', collection: 'pool', agent: 'haiku', seed: r, grade: 'wrong', score: 0 });
        for (let s = 0; s < 10; s++)
          bundle.push({
            type: 'step',
            rollout: `wide-${r}`,
            index: s,
            command: `python run.py ${s}`,
            stdout: `${r}:${s} `.repeat(400),
            exitCode: 0,
            durationMs: 5,
          });
      }
      await core.invoke('import.files', { paths: [writeBundle(dir, 'wide.jsonl', bundle)] });
      const before = await core.invoke('corpus.stats', {});
      let exporting = true;
      const exported = core.invoke('export.bundle', { out: join(dir, 'out.jsonl') }).finally(() => (exporting = false));
      const failures: string[] = [];
      let readsDuringExport = 0;
      // The export yields between chunks as its file drains, so these run while it is mid-way.
      while (exporting) {
        for (const op of ['app.info', 'corpus.stats', 'corpus.facets'] as const) {
          const result = await core.call(op, {});
          if (!result.ok) failures.push(`${op}: ${result.error.code} ${result.error.message}`);
          else if (exporting) readsDuringExport += 1;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      const { records } = await exported;
      expect(failures).toEqual([]);
      expect(readsDuringExport).toBeGreaterThan(0);
      expect(records).toBeGreaterThan(before.rollouts);
    } finally {
      core.close();
    }
  });
});

describe('closing while a background pass waits', () => {
  it('a reconciliation waiting for another process to finish writing ends quietly when the corpus closes first', async () => {
    const dir = tempDir();
    const path = join(dir, 'corpus.db');
    const core = new Core({ dbPath: path, shell: 'cli' });
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    const waiting = core.reconcile();
    await new Promise((resolve) => setTimeout(resolve, 50));
    core.close();
    other.exec('COMMIT');
    other.close();
    await expect(waiting).resolves.toBeUndefined();
  });
});
