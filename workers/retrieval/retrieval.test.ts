/**
 * Category-split retrieval and mixes on the sample corpus, through the Core as every shell
 * calls them, and through `rwb` to check the CLI prints the same numbers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetrievalResult } from '../../common/rubrics/rubric-types';
import { Core } from '../core/core';
import { sampleBundlePath } from '../core/sample-corpus';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { rwbEntry } from '../test-support/rwb-entry';

const libraries = { 'wrong-answer-1st': 10, 'whole-rollout-pool': 45, 'quota-24': 24 } as const;
let dir: string;
let dbPath: string;
let core: Core;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rwb-retrieval-'));
  dbPath = join(dir, 'sample.db');
  const db = openCorpus(dbPath);
  await importFile(db, sampleBundlePath);
  db.close();
  core = new Core({ dbPath, shell: 'cli' });
});

afterAll(() => {
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

function rwb(...args: string[]): unknown {
  return JSON.parse(execFileSync(process.execPath, [rwbEntry(), ...args, '--db', dbPath, '--json'], { encoding: 'utf8' }));
}

function checkInvariants(result: RetrievalResult, size: number): void {
  const filled = result.allocation.reduce((sum, a) => sum + a.slots, 0);
  expect(filled).toBe(Math.min(result.slots, size));
  expect(result.rubrics).toHaveLength(filled);
  for (const a of result.allocation) {
    const picked = result.rubrics.filter((r) => r.category === a.category);
    expect(picked.length, a.category).toBe(a.slots);
    expect(a.slots, a.category).toBeLessThanOrEqual(a.available);
    expect(picked.map((r) => r.rank)).toEqual(picked.map((_, i) => i + 1));
  }
  const proportional = result.allocation.filter((a) => !a.protected && a.share > 0);
  const protectedTaken = result.allocation.filter((a) => a.protected).reduce((sum, a) => sum + Math.min(a.exact, a.available), 0);
  if (proportional.length) expect(proportional.reduce((sum, a) => sum + a.exact, 0)).toBeCloseTo(result.slots - protectedTaken, 9);
  expect(new Set(result.rubrics.map((r) => r.id)).size).toBe(result.rubrics.length);
}

describe('retrieval.run on the sample corpus', () => {
  it('fills min(S, library size) slots, each category up to its slots, for every library, rollout and pool', async () => {
    const rollouts = (await core.invoke('rollouts.list', {})).rows.map((r) => r.id);
    expect(rollouts).toHaveLength(24);
    for (const [library, size] of Object.entries(libraries)) {
      for (const rollout of rollouts) {
        for (const collection of [undefined, 'pool', 'first']) {
          const result = await core.invoke('retrieval.run', { library, rollout, ...(collection ? { collection } : {}) });
          checkInvariants(result, size);
        }
      }
    }
  });

  it('gives the same allocation and rubrics on every call', async () => {
    const request = { library: 'whole-rollout-pool', rollout: 'r-0103', collection: 'pool', slots: 7, protect: { C11: 2 } };
    const first = await core.invoke('retrieval.run', request);
    checkInvariants(first, 45);
    expect(await core.invoke('retrieval.run', request)).toEqual(first);
  });

  it('serves protected slots first and passes on those a category cannot fill', async () => {
    // quota-24 has one C11 rubric: protecting 3 gives it 1 and passes 2 on.
    const result = await core.invoke('retrieval.run', { library: 'quota-24', rollout: 'r-0115', protect: { C11: 3, P03: 1 } });
    expect(result.allocation.slice(0, 2)).toEqual([
      expect.objectContaining({ category: 'C11', protected: true, exact: 3, slotsBefore: 3, slots: 1, available: 1 }),
      expect.objectContaining({ category: 'P03', protected: true, exact: 1, slotsBefore: 1, slots: 0, available: 0 }),
    ]);
    checkInvariants(result, 24);
  });

  it('reads a selected step by its own program and traceback', async () => {
    // r-0006 step 3 died on `import statsmodels.api` (ModuleNotFoundError): the rubric about importing a package
    // the image does not ship, which names statsmodels, comes first in C01, and says why.
    const result = await core.invoke('retrieval.run', { library: 'whole-rollout-pool', rollout: 'r-0006', step: 3 });
    const top = result.rubrics.find((r) => r.category === 'C01' && r.rank === 1)!;
    expect(top.id).toBe('rb-0011');
    expect(top.matchedTerms).toContain('statsmodels');
    expect(result.step).toBe(3);
  });

  it('names what is missing and refuses protected slots above S', async () => {
    const call = (request: object) => core.call('retrieval.run', request);
    expect(await call({ library: 'nope', rollout: 'r-0001' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'library "nope" is not in this corpus' },
    });
    expect(await call({ library: 'quota-24', rollout: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call({ library: 'quota-24', rollout: 'r-0001', step: 999 })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'rollout "r-0001" has no step 999' },
    });
    expect(await call({ library: 'quota-24', rollout: 'r-0001', collection: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call({ library: 'quota-24', rollout: 'r-0001', slots: 3, protect: { C01: 2, C02: 2 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', details: { issues: [{ field: 'protect' }] } },
    });
  });
});

describe('libraries.mix on the sample corpus', () => {
  it('matches the hand-computed distance of quota-24 to the pool collection', async () => {
    const mix = await core.invoke('libraries.mix', { library: 'quota-24', collection: 'pool' });
    // 24 rubrics against 33 failure events; sum over categories of |a_c x 33 - b_c x 24|:
    // C01 |66-48| 18, C02 |66-24| 42, C03 |165-96| 69, C04 42, C05 |33-24| 9, C06 |99-96| 3, C07 |66-72| 6,
    // C08 |33-48| 15, C09 9, C10 |33-0| 33, C11 |33-120| 87, P01 |0-72| 72, P02 24, P04 48, Q02 9, Q04 9, Q07 9 = 504.
    // distance = 504 x 100 / (2 x 24 x 33) = 50400 / 1584 = 31.82.
    expect(mix.distance).toBeCloseTo(50400 / 1584, 12);
    expect(mix.libraryTotal).toBe(24);
    expect(mix.poolTotal).toBe(33);
    expect(mix.counts.pool.C11).toBe(5);
    expect(mix.pool.C11).toBeCloseTo(5 / 33, 15);
  });

  it('counts every failure event of the corpus without a collection', async () => {
    const mix = await core.invoke('libraries.mix', { library: 'wrong-answer-1st' });
    expect(mix.poolTotal).toBe(47);
    expect(mix.library).toEqual({ Q01: 0.3, Q03: 0.3, Q05: 0.2, Q06: 0.2 });
  });
});

describe('rwb mix and rwb retrieve', () => {
  it('print the numbers the operations return', async () => {
    expect(rwb('mix', '--library', 'quota-24', '--collection', 'pool')).toEqual(
      await core.invoke('libraries.mix', { library: 'quota-24', collection: 'pool' }),
    );
    const cli = rwb('retrieve', '--library', 'whole-rollout-pool', '--rollout', 'r-0103', '--slots', '9', '--protect', 'C11=2', '--protect', 'P03=1');
    expect(cli).toEqual(await core.invoke('retrieval.run', { library: 'whole-rollout-pool', rollout: 'r-0103', slots: 9, protect: { C11: 2, P03: 1 } }));
  });
});
