import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../common/contract';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { libraryMix } from './library-mix';

const tempDir = useTempDir();

describe('libraryMix', () => {
  it('counts failures and rubrics without a category as uncategorised', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'c.db'));
    // A failed step no rule recognises (no category, no suggestion) and a rubric without a category.
    const extra = [
      { type: 'step', rollout: 'r-1', index: 2, command: 'python run.py', stderr: 'something odd happened', exitCode: 3, durationMs: 5 },
      { type: 'rubric', id: 'rb-2', title: 'Untitled lesson', appliesWhen: 'always', pattern: 'anything', family: 'error', miner: 'hand' },
      { type: 'library', id: 'lib-2', name: 'Two', method: 'hand-curated', builtAt: '2026-09-21', rubrics: ['rb-1', 'rb-2'] },
    ];
    const result = await importFile(db, writeBundle(dir, 'mini.jsonl', [...miniBundle(), ...extra]));
    expect(result.error).toBeNull();
    const mix = libraryMix(db, parseRequest('libraries.mix', { library: 'lib-2' }));
    // Pool: the KeyError step and the grading failure are C02, the odd step uncategorised -> C02 2/3, uncategorised 1/3.
    // Library: rb-1 C02, rb-2 none -> 1/2, 1/2. Distance: |1/2 - 2/3| + |1/2 - 1/3| = 1/3 -> 100 x 1/2 x 1/3 = 16.67.
    expect(mix.counts).toEqual({ library: { C02: 1, uncategorised: 1 }, pool: { C02: 2, uncategorised: 1 } });
    expect(mix.distance).toBeCloseTo(100 / 6, 12);
    db.close();
  });

  it('recounts the pool after a write, by this connection or another', async () => {
    const dir = tempDir();
    const path = join(dir, 'c.db');
    const db = openCorpus(path);
    await importFile(db, writeBundle(dir, 'mini.jsonl', miniBundle()));
    const pool = () => libraryMix(db, parseRequest('libraries.mix', { library: 'lib-1' })).counts.pool;
    expect(pool()).toEqual({ C02: 2 });
    db.prepare(`UPDATE failure_events SET category = 'Q05' WHERE step_idx IS NULL`).run();
    expect(pool()).toEqual({ C02: 1, Q05: 1 });
    const other = openCorpus(path);
    other.prepare(`UPDATE failure_events SET category = NULL, suggested_category = NULL WHERE step_idx IS NULL`).run();
    other.close();
    expect(pool()).toEqual({ C02: 1, uncategorised: 1 });
    db.close();
  });
});
