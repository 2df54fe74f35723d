import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusTables, type CorpusTable } from '../../common/corpus-tables';
import type { WorkbenchEvent } from '../../common/events';
import type { Db } from '../db/open-corpus';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { Core } from '../core/core';

const tempDir = useTempDir();

/** Every corpus table's row count. */
function rowCounts(db: Db): Map<CorpusTable, number> {
  return new Map(corpusTables.map((table) => [table, db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0]));
}

describe('import.files through the core', () => {
  it('imports each file atomically, reports a failed one with its error and keeps the rest', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    const events: WorkbenchEvent[] = [];
    core.onEvent((e) => events.push(e));
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"type":"benchmark","id":"b2","discipline":"ml","role":"mining"}\n{"type":"task"\n');
    const good = writeBundle(dir, 'good.jsonl', miniBundle());
    const result = await core.invoke('import.files', { paths: [bad, good], jobId: 'job-1' });
    expect(result.files[0]).toMatchObject({
      file: bad,
      rollouts: 0,
      error: { code: 'import_failed', message: expect.stringMatching(/^bad\.jsonl:2: not valid JSON/) },
    });
    expect(result.files[1]).toMatchObject({ file: good, rollouts: 1, error: null });
    expect((await core.invoke('corpus.stats', {})).benchmarks).toBe(1);
    expect(events).toContainEqual(expect.objectContaining({ type: 'db:changed' }));
    expect(events.at(-1)).toMatchObject({ type: 'job:progress', jobId: 'job-1', phase: 'done', done: 2, total: 2 });
    core.close();
  });

  it('says per file which format read it, a file that failed after its format was known included', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    const run = { instance_id: 'x__y-1', history: [{ id: 0, source: 'agent', action: 'run', args: { command: 'ls' } }] };
    const broken = join(dir, 'broken-output.jsonl');
    writeFileSync(broken, `${JSON.stringify(run)}\n{"instance_id": \n`);
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'nothing to import\n');
    const good = writeBundle(dir, 'good.jsonl', miniBundle());
    const result = await core.invoke('import.files', { paths: [broken, notes, good] });
    expect(result.files.map((f) => [f.format, f.error?.message.replace(/ \(.*/, '') ?? null])).toEqual([
      ['openhands', 'broken-output.jsonl:2: not valid JSON'],
      [
        'auto',
        'notes.txt: format not recognised: text that is not JSON. Tried openhands, mini-swe-agent, inspect, bundle, aide, swe-agent; name one with --format',
      ],
      ['bundle', null],
    ]);
    core.close();
  });

  it('cancels a running import: the current file is rolled back and the rest skipped', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    const base = miniBundle();
    // Enough records that the import is still reading when the cancel arrives.
    const many = Array.from({ length: 20_000 }, (_, i) => ({ type: 'step', rollout: 'r-1', index: 100 + i, command: `echo ${i}` }));
    const big = writeBundle(dir, 'big.jsonl', [...base, ...many]);
    const other = writeBundle(dir, 'other.jsonl', base);
    const running = core.invoke('import.files', { paths: [big, other], jobId: 'job-2' });
    const cancelled = await new Promise<boolean>((resolve) => {
      const stop = core.onEvent((e) => {
        if (e.type === 'job:progress' && e.message.includes('records read')) {
          stop();
          void core.invoke('jobs.cancel', { jobId: 'job-2' }).then((r) => resolve(r.cancelled));
        }
      });
    });
    expect(cancelled).toBe(true);
    const result = await running;
    expect(result.files.map((f) => f.error?.code)).toEqual(['cancelled', 'cancelled']);
    expect((await core.invoke('corpus.stats', {})).steps).toBe(0);
    expect((await core.invoke('jobs.cancel', { jobId: 'job-2' })).cancelled).toBe(false);
    core.close();
  });

  it('announces the tables the import wrote, experiments, cases and attempts included, and nothing else; a re-import only its imports row and the annotations', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    const announced: CorpusTable[][] = [];
    core.onEvent((e) => {
      if (e.type === 'db:changed') announced.push(e.tables);
    });
    const bundle = writeBundle(dir, 'runs.jsonl', [
      ...miniBundle(),
      {
        type: 'case',
        id: 'case-1',
        task: 'task-1',
        program: { path: 'job.py', content: 'print("score=1")\n' },
        command: 'python3 job.py',
        timeoutS: 60,
        score: { from: 'stdout', regex: 'score=(\\S+)' },
      },
      { type: 'experiment', id: 'exp-1', name: 'Exp', arms: ['base', 'fixed'], repeats: 1 },
      { type: 'attempt', experiment: 'exp-1', case: 'case-1', arm: 'base', repeat: 0, status: 'succeeded', exitCode: 0, score: 1 },
    ]);
    const before = rowCounts(core.db);
    await core.invoke('import.files', { paths: [bundle] });
    const after = rowCounts(core.db);
    const changed = corpusTables.filter((table) => after.get(table) !== before.get(table));
    expect(changed).toEqual(expect.arrayContaining(['experiments', 'cases', 'attempts', 'rollouts', 'steps', 'labels']));
    expect(announced).toEqual([changed]);

    // Every record is a duplicate; a step's failure annotation is applied again (to the same values), so its table is named.
    await core.invoke('import.files', { paths: [bundle] });
    expect(announced.at(-1)).toEqual(['failure_events', 'imports']);
    core.close();
  });
});
