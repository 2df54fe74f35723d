import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../common/contract';
import { openCorpus, type Db } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { useTempDir } from '../test-support/temp-dir';
import { writeBundle } from '../test-support/write-bundle';
import { toFtsQuery } from './fts-query';
import { search } from './search';
import { estimateSteps, rowidSpan } from './search-estimate';
import type { RankingLimits } from './search-plan';

const tempDir = useTempDir();

/** Small enough that a word in every step is too common, large enough that a word in three is not. */
const tiny: RankingLimits = { maxMatches: 10, maxPostings: 100, sample: 1000 };

/**
 * Two rollouts of 20 steps, the older graded wrong. "epoch" is in every step but the newest, which
 * prints "epochs" instead. "diverged" is in three: three times in the oldest of them, once in each
 * of the other two, the newer in a longer output, so BM25 ranks them oldest first.
 */
function trainingBundle(): object[] {
  const stdout = (rollout: number, index: number): string => {
    if (rollout === 1 && index === 19) return 'all epochs done\n';
    if (rollout === 0 && index === 2) return `epoch ${index} diverged diverged diverged\n`;
    if ((rollout === 0 && index === 10) || (rollout === 1 && index === 5)) {
      return `epoch ${index} loss diverged after warmup; ${'lr schedule step '.repeat(rollout === 0 ? 8 : 16)}\n`;
    }
    return `epoch ${index} loss ${(1 / (index + 1)).toFixed(3)}\n`;
  };
  const rollouts = [0, 1].flatMap((r) => [
    { type: 'rollout', id: `r-${r}`, task: 'task-1', collection: 'pool', agent: 'haiku', seed: r, grade: r === 0 ? 'wrong' : 'correct', score: r },
    ...Array.from({ length: 20 }, (_, index) => ({
      type: 'step',
      rollout: `r-${r}`,
      index,
      command: 'python train.py',
      stdout: stdout(r, index),
      exitCode: 0,
      durationMs: 10,
    })),
  ]);
  return [
    { type: 'benchmark', id: 'bench', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 'task-1', benchmark: 'bench', statement: 'Fit', metric: 'accuracy', higherIsBetter: true },
    { type: 'collection', id: 'pool', name: 'Pool', createdAt: '2026-09-01' },
    ...rollouts,
  ];
}

async function corpus(): Promise<Db> {
  const dir = tempDir();
  const db = openCorpus(join(dir, 'c.db'));
  await importFile(db, writeBundle(dir, 'training.jsonl', trainingBundle()));
  return db;
}

const where = (hits: { rollout: string | null; step: number | null }[]) => hits.map((h) => `${h.rollout}#${h.step}`);

/** Steps matching an FTS query in the order of `order`, as search() ranked them before it planned. */
function reference(db: Db, query: string, order: string): string[] {
  return db
    .prepare<unknown[], string>(
      `SELECT s.rollout_id || '#' || s.idx FROM step_fts JOIN steps s ON s.id = step_fts.rowid
      WHERE step_fts MATCH ? ORDER BY ${order} LIMIT 50`,
    )
    .pluck()
    .all(toFtsQuery(query));
}

describe('search ranking', () => {
  it('ranks a selective query by BM25 exactly as before', async () => {
    const db = await corpus();
    const request = parseRequest('search.query', { query: 'diverged' });
    const result = search(db, request, tiny);
    expect(result.ranking).toBe('bm25');
    expect(where(result.hits)).toEqual(reference(db, 'diverged', 'step_fts.rank'));
    // Relevance, not recency: the oldest match says it most often in the fewest words.
    expect(where(result.hits)).toEqual(['r-0#2', 'r-0#10', 'r-1#5']);
    expect(search(db, request)).toEqual(result);
    db.close();
  });

  it('serves a word in more steps than it may rank newest first, with the count and the word matched whole', async () => {
    const db = await corpus();
    const result = search(db, parseRequest('search.query', { query: 'epoch', limit: 5 }), tiny);
    expect(result).toMatchObject({ ranking: 'newest', reason: 'matches', matches: { count: 39, estimated: false }, wholeWord: 'epoch' });
    // Newest first; r-1#19, the newest step, says only "epochs", which "epoch" matched whole does not find.
    expect(where(result.hits)).toEqual(['r-1#18', 'r-1#17', 'r-1#16', 'r-1#15', 'r-1#14']);
    expect(where(result.hits)).toEqual(reference(db, 'epoch ', 'step_fts.rowid DESC').slice(0, 5));
    // With the default limits the same query is ranked, with the prefix still matching "epochs".
    const ranked = search(db, parseRequest('search.query', { query: 'epoch', limit: 50 }));
    expect(ranked.ranking).toBe('bm25');
    expect(where(ranked.hits)).toContain('r-1#19');
    db.close();
  });

  it('names the common words when reading them, not the matches, is what ranking would cost', async () => {
    const db = await corpus();
    const result = search(db, parseRequest('search.query', { query: 'diverged epoch ' }), { ...tiny, maxPostings: 30 });
    expect(result).toMatchObject({
      ranking: 'newest',
      reason: 'common-words',
      matches: { count: 3, estimated: false },
      commonWords: [
        { word: 'epoch', steps: 39 },
        { word: 'diverged', steps: 3 },
      ],
      wholeWord: null,
    });
    expect(where(result.hits)).toEqual(['r-1#5', 'r-0#10', 'r-0#2']);
    db.close();
  });

  it('applies corpus filters to newest-first hits', async () => {
    const db = await corpus();
    const result = search(db, parseRequest('search.query', { query: 'epoch', grade: 'wrong', limit: 3 }), tiny);
    expect(result.ranking).toBe('newest');
    expect(where(result.hits)).toEqual(['r-0#19', 'r-0#18', 'r-0#17']);
    db.close();
  });
});

describe('estimateSteps', () => {
  it('counts exactly when fewer steps match than it samples, or its two samples meet', async () => {
    const db = await corpus();
    const span = rowidSpan(db)!;
    expect(estimateSteps(db, '"diverged"', span, 4)).toEqual({ count: 3, estimated: false });
    expect(estimateSteps(db, '"epoch"', span, 30)).toEqual({ count: 39, estimated: false });
    db.close();
  });

  it('extrapolates from the oldest and newest matches when more match', async () => {
    const db = await corpus();
    const estimate = estimateSteps(db, '"epoch"', rowidSpan(db)!, 4);
    expect(estimate.estimated).toBe(true);
    expect(Math.abs(estimate.count - 39)).toBeLessThanOrEqual(6);
    db.close();
  });
});
