/**
 * Issue 27: the research-style comparison on a crafted experiment whose every number is worked
 * out by hand (fixtures/runs/crafted-comparison.jsonl). Arms base (B) and treat (A), two repeats,
 * accuracy (higher is better) everywhere. Slots, as score / wall seconds:
 *
 *   task case  treat r0        treat r1          base r0          base r1
 *   t1   c1    0.9 / 10        0.8 / 10          0.7 / 20         0.6 / 20
 *   t1   c2    0.5 / 10        interrupted       0.5 / 20         0.5 / 20
 *   t2   c3    failed / 30     0.4 / 30          0.6 / 10         0.6 / 10
 *   t3   c4    0.7 / 10        0.7 / 10          never started    timeout / 60
 *
 * Slots: 8 per arm. Unknown: treat 1 (c2 r1 interrupted), base 1 (c4 r0 never started; the
 * timeout is a known outcome, not valid).
 *
 * Validity difference (unknown as not valid): treat 6/8 valid, base 6/8 → 0.
 *   Per task: t1 treat 3/4, base 4/4 → −0.25; t2 1/2 vs 2/2 → −0.5; t3 2/2 vs 0/2 → +1.
 *   Every task has as many slots in both arms, so any resample's difference is a weighted mean
 *   of the drawn tasks' differences, between the smallest and the largest; drawing one task
 *   three times happens with probability 1/27 (about 370 of 10,000 resamples, more than the
 *   250 below the 2.5% quantile), so the 95% interval is exactly [−0.5, +1].
 * Sensitivity: unknown as failed → 0; as succeeded, treat 7/8, base 7/8 → 0.
 * Adverse endpoint (unknown against treat: c2 r1 not valid, c4 r0 valid): treat 6/8, base 7/8
 *   → −0.125. Per task −0.25, −0.5, t3 2/2 vs 1/2 → +0.5: interval [−0.5, +0.5].
 * Time per attempt: treat timed 7 (the interrupted one has no time), 10+10+10+30+30+10+10 = 110
 *   → 110/7; base timed 7, 20+20+20+20+10+10+60 = 160 → 160/7; difference −50/7. Treat's times
 *   are between 10 and 30 and base's between 10 and 60 in every resample, so the difference
 *   lies in [10 − 60, 30 − 10] = [−50, +20], reached by drawing t3 (10 vs 60) or t2 (30 vs 10)
 *   three times: the interval is [−50, +20].
 * Cases: c1 improvement ((0.9−0.7) + (0.8−0.6)) / 2 = +0.2, better; c2 only r0 pairs, 0.5 − 0.5
 *   = 0, tied; c3 only r1 pairs, 0.4 − 0.6 = −0.2, worse; c4 no repeat valid in both, unpaired.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { rwbEntry } from '../test-support/rwb-entry';
import { useTempDir } from '../test-support/temp-dir';
import { researchDefinitions } from './arm-pair-research';

const tempDir = useTempDir();
const crafted = fileURLToPath(new URL('../../fixtures/runs/crafted-comparison.jsonl', import.meta.url));

describe('the research-style comparison of a crafted experiment', () => {
  it('gives the hand-computed numbers, each with its definition and its attempts, in the operation and in rwb compare --json', async () => {
    const dbPath = join(tempDir(), 'crafted.db');
    const core = new Core({ dbPath, shell: 'cli' });
    try {
      await core.invoke('import.files', { paths: [crafted] });
      const id = (caseId: string, arm: string, repeat: number) =>
        core.db
          .prepare<unknown[], number>("SELECT id FROM attempts WHERE experiment_id = 'crafted-exp' AND case_id = ? AND arm = ? AND repeat = ?")
          .pluck()
          .get(caseId, arm, repeat)!;
      const ofCases = (...cases: string[]) =>
        core.db
          .prepare<unknown[], number>("SELECT id FROM attempts WHERE experiment_id = 'crafted-exp' AND case_id IN (SELECT value FROM json_each(?)) ORDER BY id")
          .pluck()
          .all(JSON.stringify(cases));

      const research = await core.invoke('experiments.research', { experiment: 'crafted-exp' });
      expect(research).toMatchObject({ experiment: 'crafted-exp', arms: ['base', 'treat'], resamples: 10_000, seed: 20_261_129 });
      expect(Date.parse(research.computedAt)).not.toBeNaN();
      expect(research.pairs).toHaveLength(1);
      const r = research.pairs[0]!;
      expect(r).toMatchObject({
        a: 'treat',
        b: 'base',
        tasks: 3,
        cases: 4,
        slots: { a: 8, b: 8 },
        unknown: { a: 1, b: 1 },
        neverStarted: { a: 0, b: 1 },
      });
      expect(r.validity.value).toBe(0);
      expect(r.validity.ci).toEqual([-0.5, 1]);
      expect(r.validity.attempts).toEqual(ofCases('c1', 'c2', 'c3', 'c4'));
      expect(r.validity.definition).toBe(researchDefinitions.validity(10_000, 20_261_129));
      expect(r.sensitivity).toEqual({
        unknownAsFailed: 0,
        unknownAsSucceeded: 0,
        definition: researchDefinitions.sensitivity,
        attempts: [id('c2', 'treat', 1)],
      });
      expect(r.adverse.value).toBeCloseTo(-0.125, 12);
      expect(r.adverse.ci).toEqual([-0.5, 0.5]);
      expect(r.time.value).toBeCloseTo(-50 / 7, 12);
      expect(r.time.meanA).toBeCloseTo(110 / 7, 12);
      expect(r.time.meanB).toBeCloseTo(160 / 7, 12);
      expect(r.time.timed).toEqual({ a: 7, b: 7 });
      expect(r.time.ci).toEqual([-50, 20]);
      expect(r.time.attempts).not.toContain(id('c2', 'treat', 1));
      expect(r.time.attempts).toHaveLength(14);
      expect(r.outcomes).toEqual({
        better: { cases: ['c1'], attempts: ofCases('c1') },
        worse: { cases: ['c3'], attempts: ofCases('c3') },
        tied: { cases: ['c2'], attempts: ofCases('c2') },
        unpaired: { cases: ['c4'], attempts: ofCases('c4') },
        definition: researchDefinitions.outcomes,
      });
      // experiments.compare carries the same figures for the pair it compares.
      expect((await core.invoke('experiments.compare', { experiment: 'crafted-exp', a: 'treat', b: 'base' })).research).toEqual(r);
    } finally {
      core.close();
    }

    const json = JSON.parse(
      execFileSync(process.execPath, [rwbEntry(), 'compare', '--experiment', 'crafted-exp', '--a', 'treat', '--b', 'base', '--db', dbPath, '--json'], {
        encoding: 'utf8',
      }),
    );
    expect(json.research.validity).toMatchObject({ value: 0, ci: [-0.5, 1], definition: researchDefinitions.validity(10_000, 20_261_129) });
    expect(json.research.adverse.ci).toEqual([-0.5, 0.5]);
    expect(json.research.time.ci).toEqual([-50, 20]);
    expect(json.research.outcomes.better.cases).toEqual(['c1']);
    // The CLI runs from source through tsx in a child process: slow to start on a busy machine.
  }, 120_000);
});
