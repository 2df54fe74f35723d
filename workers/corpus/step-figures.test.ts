import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { StepFigures } from './step-figures';

const tempDir = useTempDir();

const step = (rollout: string, index: number, durationMs: number | null) => ({ type: 'step', rollout, index, command: 'true', exitCode: 0, durationMs });

describe('step figures counted as an import writes', () => {
  it('stand for SQL only while every duration is a whole number below 2^53', () => {
    const counted = new StepFigures();
    counted.stepInserted('a', 3);
    counted.stepInserted('a', null);
    counted.stepInserted('b', 0.1);
    counted.stepInserted('c', Number.MAX_SAFE_INTEGER);
    counted.stepInserted('c', 1);
    expect(counted.exact('a')).toEqual({ steps: 2, durationMs: 3 });
    expect(counted.exact('b')).toBeUndefined();
    expect(counted.exact('c')).toBeUndefined();
    expect(counted.exact('none')).toEqual({ steps: 0, durationMs: 0 });
    expect([...counted.rollouts()]).toEqual(['a', 'b', 'c']);
  });

  it('give every rollout the figures SQL counts: new rollouts, fractions summed as SQLite sums them, and steps added to an older rollout', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'c.db'));
    await importFile(db, writeBundle(dir, 'mini.jsonl', miniBundle()));
    const rollout = (id: string) => ({ type: 'rollout', id, task: 'task-1', collection: 'pool' });
    await importFile(
      db,
      writeBundle(dir, 'more.jsonl', [
        // A plain sum of 0.1, 0.2 and 0.3 is 0.6000000000000001; SQLite's compensated sum is 0.6.
        step('r-frac', 0, 0.1),
        rollout('r-frac'),
        step('r-frac', 1, 0.2),
        step('r-frac', 2, 0.3),
        rollout('r-whole'),
        step('r-whole', 0, 5),
        step('r-whole', 1, null),
        rollout('r-none'),
        step('r-1', 7, 1000),
      ]),
    );
    const figures = db.prepare('SELECT rollout_id, steps, duration_ms FROM rollout_figures ORDER BY rollout_id').raw().all();
    const counted = db
      .prepare(
        'SELECT r.id, count(s.idx), coalesce(sum(s.duration_ms), 0) FROM rollouts r LEFT JOIN steps s ON s.rollout_id = r.id GROUP BY r.id ORDER BY r.id',
      )
      .raw()
      .all();
    expect(figures).toEqual(counted);
    expect(figures).toEqual([
      ['r-1', 3, 1812],
      ['r-frac', 3, 0.6],
      ['r-none', 0, 0],
      ['r-whole', 2, 5],
    ]);
  });
});
