import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { rwbEntry } from '../test-support/rwb-entry';

const tempDir = useTempDir();
const sample = fileURLToPath(new URL('../../fixtures/sample/sample-corpus.jsonl', import.meta.url));
const rwb = rwbEntry();

describe('experiments.compare and rwb compare', () => {
  it('reports the sample exp-1 (RMSLE and speedup) per case, by direction, with a relative effect instead of an effect', async () => {
    const dbPath = join(tempDir(), 'sample.db');
    const core = new Core({ dbPath, shell: 'cli' });
    await core.invoke('import.files', { paths: [sample] });
    // What `rwb compare --json` prints: the operation's answer, as JSON.
    const json = JSON.parse(JSON.stringify(await core.invoke('experiments.compare', { experiment: 'exp-1', a: 'lesson_guided', b: 'original' })));
    core.close();
    // Hand computed in workers/runs/paired-comparison.test.ts: +0.0801 RMSLE (lower is better), +0.06 speedup.
    expect(json).toMatchObject({ effect: null, pooled: 'relative', cases: 2, pairs: 2, coverage: 1, winRate: 1 });
    expect(json.relativeEffect).toBeCloseTo((0.0801 / 0.4318 + 0.0375) / 2, 12);
    expect(json.ci[0]).toBeCloseTo(0.0375, 12);
    expect(json.perCase.map((c: Record<string, unknown>) => [c.case, c.task, c.metric, c.higherIsBetter, c.pairs, c.meanA, c.meanB])).toEqual([
      ['case-1', 'dsbench-bike-sharing', 'rmsle', false, 1, 0.3517, 0.4318],
      ['case-3', 'tritonbench-layernorm', 'speedup', true, 1, 1.66, 1.6],
    ]);
    expect(json.perCase[0].improvement).toBeCloseTo(0.0801, 12);

    const text = execFileSync(process.execPath, [rwb, 'compare', '--experiment', 'exp-1', '--a', 'lesson_guided', '--b', 'original', '--db', dbPath], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/effect\s+— \(metrics differ\)/);
    expect(text).toMatch(/relative effect\s+0\.1115 {2}⚠ only 2 tasks/);
    expect(text).toMatch(/case-1\s+dsbench-bike-sharing\s+rmsle\s+lower better\s+1\s+0\.3517\s+0\.4318\s+0\.0801\s+yes/);
    expect(text).toMatch(/case-3\s+tritonbench-layernorm\s+speedup\s+higher better\s+1\s+1\.6600\s+1\.6000\s+0\.0600\s+yes/);
    expect(text).toContain('note: Only 2 tasks behind the pooled figure');
    // The CLI runs from source through tsx in a child process: slow to start on a busy machine.
  }, 120_000);

  it('counts planned slots that have no attempt row as unknown', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    const attempt = (arm: string, repeat: number, score: number) => ({
      type: 'attempt',
      experiment: 'exp',
      case: 'c1',
      arm,
      repeat,
      status: 'succeeded',
      score,
      valid: true,
    });
    const bundle = writeBundle(dir, 'runs.jsonl', [
      ...miniBundle(),
      {
        type: 'case',
        id: 'c1',
        task: 'task-1',
        program: { path: 'p.py', content: 'print(1)' },
        command: 'python p.py',
        timeoutS: 60,
        score: { from: 'stdout', regex: '(\\d+)' },
      },
      { type: 'experiment', id: 'exp', name: 'planned', arms: ['A', 'B'], repeats: 3 },
      attempt('A', 0, 1),
      attempt('B', 0, 1),
      attempt('B', 1, 1),
    ]);
    await core.invoke('import.files', { paths: [bundle] });
    const { validity } = await core.invoke('experiments.compare', { experiment: 'exp', a: 'A', b: 'B' });
    // Three planned slots per arm: A ran 1 (2 never started), B ran 2 (1 never started).
    expect(validity).toMatchObject({ slots: { a: 3, b: 3 }, unknown: { a: 2, b: 1 } });
    expect(validity.difference).toBeCloseTo(1 / 3 - 2 / 3, 12);
    expect(validity.sensitivity.unknownAsSucceeded).toBe(0);
    core.close();
  });
});
