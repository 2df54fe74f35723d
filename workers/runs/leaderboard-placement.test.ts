import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { rwbEntry } from '../test-support/rwb-entry';

const tempDir = useTempDir();
const pizza = fileURLToPath(new URL('../../fixtures/real/mle-bench-leaderboards/random-acts-of-pizza.csv', import.meta.url));
const rwb = rwbEntry();

const attempt = (arm: string, kase: string, repeat: number, status: string, score: number | null) => ({
  type: 'attempt',
  experiment: 'exp',
  case: kase,
  arm,
  repeat,
  status,
  score,
  valid: status === 'succeeded',
});

/*
 * Hand computation on random-acts-of-pizza (gold 0.97908, silver 0.76482, bronze 0.6921, median 0.599595).
 *   A: c1 0.98 (gold, above), 0.65 (none, above); c2 failed, unknown
 *      → medal 1/4, above median 2/4; pass@k: medal 1/2 cases, above 1/2
 *   B: c1 0.70 (bronze, above), 0.50 (none); c2 0.80 (silver, above), 0.59 (none, below the median)
 *      → medal 2/4, above median 2/4; pass@k: medal 2/2, above 2/2
 */
const records = [
  ...miniBundle(),
  ...['c1', 'c2'].map((id) => ({
    type: 'case',
    id,
    task: 'task-1',
    program: { path: 'p.py', content: 'print(1)' },
    command: 'python p.py',
    timeoutS: 60,
    score: { from: 'stdout', regex: '(\\d+)' },
  })),
  { type: 'experiment', id: 'exp', name: 'placement', arms: ['A', 'B'], repeats: 2 },
  attempt('A', 'c1', 0, 'succeeded', 0.98),
  attempt('A', 'c1', 1, 'succeeded', 0.65),
  attempt('A', 'c2', 0, 'failed', null),
  attempt('A', 'c2', 1, 'unknown', null),
  attempt('B', 'c1', 0, 'succeeded', 0.7),
  attempt('B', 'c1', 1, 'succeeded', 0.5),
  attempt('B', 'c2', 0, 'succeeded', 0.8),
  attempt('B', 'c2', 1, 'succeeded', 0.59),
];

describe('leaderboard placement of arms', () => {
  it('is absent until a task has a leaderboard, then matches the hand computation', async () => {
    const dir = tempDir();
    const dbPath = join(dir, 'c.db');
    const core = new Core({ dbPath, shell: 'cli' });
    await core.invoke('import.files', { paths: [writeBundle(dir, 'runs.jsonl', records)] });
    expect((await core.invoke('experiments.compare', { experiment: 'exp', a: 'A', b: 'B' })).placement).toBeNull();
    core.close();

    const attached = JSON.parse(
      execFileSync(process.execPath, [rwb, 'leaderboard', pizza, '--attach', 'task-1', '--db', dbPath, '--json'], { encoding: 'utf8' }),
    );
    expect(attached).toMatchObject({ task: 'task-1', source: 'random-acts-of-pizza.csv', teams: 462, gold: 0.97908, median: 0.599595 });

    const reopened = new Core({ dbPath, shell: 'cli' });
    const { placement } = await reopened.invoke('experiments.compare', { experiment: 'exp', a: 'A', b: 'B' });
    expect(placement).toEqual({
      tasks: ['task-1'],
      a: { slots: 4, medals: { gold: 1, silver: 0, bronze: 0 }, medalRate: 0.25, aboveMedianRate: 0.5, cases: 2, anyMedalRate: 0.5, anyAboveMedianRate: 0.5 },
      b: { slots: 4, medals: { gold: 0, silver: 1, bronze: 1 }, medalRate: 0.5, aboveMedianRate: 0.5, cases: 2, anyMedalRate: 1, anyAboveMedianRate: 1 },
    });
    await expect(reopened.invoke('leaderboards.attach', { task: 'nope', path: pizza })).rejects.toThrow('task "nope" is not in this corpus');
    reopened.close();
  });
});
