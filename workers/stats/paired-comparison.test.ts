import { describe, expect, it } from 'vitest';
import { pairedComparison, validityDifference, type AttemptOutcome } from './paired-comparison';

const ok = (caseId: string, task: string, arm: string, repeat: number, score: number): AttemptOutcome => ({
  caseId,
  task,
  arm,
  repeat,
  status: 'succeeded',
  score,
  valid: true,
});
const lost = (caseId: string, task: string, arm: string, repeat: number, status: AttemptOutcome['status']): AttemptOutcome => ({
  caseId,
  task,
  arm,
  repeat,
  status,
  score: null,
  valid: null,
});

/*
 * Hand computation. Three cases (c1, c2 of task t1; c3 of task t2), two repeats.
 * c1: A = 0.8, 0.6; B = 0.5, 0.5 → diffs 0.3, 0.1 → case mean 0.2
 * c2: A = 0.7, lost (unknown); B = 0.6, 0.9 → only repeat 0 pairs: diff 0.1 → case mean 0.1
 * c3: A = timeout, timeout; B = 0.4, 0.4 → no pairs
 * effect = mean(0.2, 0.1) = 0.15; coverage = 2/3; pairs = 3.
 */
const attempts: AttemptOutcome[] = [
  ok('c1', 't1', 'A', 0, 0.8),
  ok('c1', 't1', 'A', 1, 0.6),
  ok('c1', 't1', 'B', 0, 0.5),
  ok('c1', 't1', 'B', 1, 0.5),
  ok('c2', 't1', 'A', 0, 0.7),
  lost('c2', 't1', 'A', 1, 'unknown'),
  ok('c2', 't1', 'B', 0, 0.6),
  ok('c2', 't1', 'B', 1, 0.9),
  lost('c3', 't2', 'A', 0, 'timeout'),
  lost('c3', 't2', 'A', 1, 'timeout'),
  ok('c3', 't2', 'B', 0, 0.4),
  ok('c3', 't2', 'B', 1, 0.4),
];

describe('pairedComparison', () => {
  it('matches the hand computation of effect, coverage and pairs', () => {
    const result = pairedComparison(attempts, 'A', 'B');
    expect(result.effect).toBeCloseTo(0.15, 12);
    expect(result).toMatchObject({ coverage: 2 / 3, cases: 3, pairedCases: 2, pairs: 3, resamples: 10_000 });
  });

  it('resamples tasks with their cases together, reproducibly', () => {
    const result = pairedComparison(attempts, 'A', 'B');
    // Task t2 has no pairs, so every resample that draws t1 at least once has effect 0.15 exactly.
    expect(result.ci![0]).toBeCloseTo(0.15, 12);
    expect(result.ci![1]).toBeCloseTo(0.15, 12);
    expect(pairedComparison(attempts, 'A', 'B')).toEqual(result);
  });

  it('gives a real interval when tasks disagree, and a different seed moves it only slightly', () => {
    const spread = [...attempts, ok('c4', 't3', 'A', 0, 0.1), ok('c4', 't3', 'B', 0, 0.9)];
    const a = pairedComparison(spread, 'A', 'B', { seed: 1 });
    const b = pairedComparison(spread, 'A', 'B', { seed: 2 });
    // Case means 0.2, 0.1, −0.8 → effect −1/6.
    expect(a.effect).toBeCloseTo(-1 / 6, 12);
    expect(a.ci![0]).toBeLessThan(a.effect!);
    expect(a.ci![1]).toBeGreaterThan(a.effect!);
    expect(Math.abs(a.ci![0] - b.ci![0])).toBeLessThan(0.05);
  });

  it('has no effect and no interval without pairs, but keeps the cases in the coverage denominator', () => {
    expect(pairedComparison([lost('c1', 't1', 'A', 0, 'interrupted'), ok('c1', 't1', 'B', 0, 1)], 'A', 'B')).toMatchObject({
      effect: null,
      ci: null,
      coverage: 0,
      cases: 1,
    });
  });
});

describe('validityDifference', () => {
  it('keeps unknown outcomes in the denominator and bounds them both ways', () => {
    // A: 6 slots, valid 3 (c1×2, c2 r0), unknown 1 (c2 r1), timeouts 2. B: 6 slots, all valid.
    const result = validityDifference(attempts, 'A', 'B');
    expect(result.slots).toEqual({ a: 6, b: 6 });
    expect(result.unknown).toEqual({ a: 1, b: 0 });
    expect(result.difference).toBeCloseTo(3 / 6 - 1, 12);
    expect(result.sensitivity.unknownAsFailed).toBeCloseTo(3 / 6 - 1, 12);
    expect(result.sensitivity.unknownAsSucceeded).toBeCloseTo(4 / 6 - 1, 12);
  });
});
