import { describe, expect, it } from 'vitest';
import { pairedComparison, validityDifference, type AttemptOutcome, type TaskDirection } from './paired-comparison';

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
const accuracy = (...tasks: string[]) => new Map<string, TaskDirection>(tasks.map((t) => [t, { metric: 'accuracy', higherIsBetter: true }]));

/*
 * Hand computation. Three cases (c1, c2 of task t1; c3 of task t2), two repeats, accuracy (higher is better).
 * c1: A = 0.8, 0.6; B = 0.5, 0.5 → improvements 0.3, 0.1 → 0.2
 * c2: A = 0.7, lost (unknown); B = 0.6, 0.9 → only repeat 0 pairs: 0.1
 * c3: A = timeout, timeout; B = 0.4, 0.4 → no pairs
 * effect = mean(0.2, 0.1) = 0.15; coverage = 2/3; pairs = 3; A better in all 3 pairs → win rate 1.
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

/*
 * The sample's exp-1, lesson_guided (A) against original (B), hand computed:
 *   case-1, dsbench-bike-sharing, RMSLE (lower is better): repeat 0 pairs (A 0.3517, B 0.4318;
 *     B's repeat 1 is unknown) → improvement −(0.3517 − 0.4318) = +0.0801, relative 0.0801 / 0.4318
 *   case-3, tritonbench-layernorm, speedup (higher is better): repeat 1 pairs (A 1.66, B 1.60;
 *     A's repeat 0 timed out) → improvement +0.06, relative 0.06 / 1.60 = 0.0375
 * Metrics differ, so no effect; relative effect = (0.0801 / 0.4318 + 0.0375) / 2 ≈ 0.111501.
 * Win rate: A better in both pairs → 1. Two tasks, so the warning.
 * CI: resampling 2 tasks draws {1,1}, {3,3} with probability 1/4 each (> 2.5%), so the interval
 * runs exactly from the smaller to the larger relative improvement.
 */
const exp1: AttemptOutcome[] = [
  ok('case-1', 'dsbench-bike-sharing', 'original', 0, 0.4318),
  lost('case-1', 'dsbench-bike-sharing', 'original', 1, 'unknown'),
  ok('case-1', 'dsbench-bike-sharing', 'lesson_guided', 0, 0.3517),
  ok('case-1', 'dsbench-bike-sharing', 'lesson_guided', 1, 0.3524),
  ok('case-3', 'tritonbench-layernorm', 'original', 0, 1.61),
  ok('case-3', 'tritonbench-layernorm', 'original', 1, 1.6),
  { ...lost('case-3', 'tritonbench-layernorm', 'lesson_guided', 0, 'timeout'), valid: false },
  ok('case-3', 'tritonbench-layernorm', 'lesson_guided', 1, 1.66),
];
const exp1Directions = new Map<string, TaskDirection>([
  ['dsbench-bike-sharing', { metric: 'rmsle', higherIsBetter: false }],
  ['tritonbench-layernorm', { metric: 'speedup', higherIsBetter: true }],
]);

describe('pairedComparison', () => {
  it('matches the hand computation of effect, win rate, coverage and pairs', () => {
    const result = pairedComparison(attempts, 'A', 'B', accuracy('t1', 't2'));
    expect(result.effect).toBeCloseTo(0.15, 12);
    expect(result).toMatchObject({
      pooled: 'effect',
      relativeEffect: null,
      winRate: 1,
      winPairs: 3,
      coverage: 2 / 3,
      cases: 3,
      pairedCases: 2,
      pairs: 3,
      resamples: 10_000,
      pooledTasks: 1,
    });
    expect(result.perCase.map((r) => [r.case, r.pairs, r.leftOut])).toEqual([
      ['c1', 2, null],
      ['c2', 1, null],
      ['c3', 0, 'no pairs'],
    ]);
    expect(result.perCase[0]).toMatchObject({ meanA: 0.7, meanB: 0.5 });
    expect(result.perCase[0]!.improvement).toBeCloseTo(0.2, 12);
    expect(result.notes.join(' ')).toContain('Only 1 task behind the pooled figure');
  });

  it('signs the improvement by direction: a lower score is better for an error metric', () => {
    const rmse = new Map<string, TaskDirection>([
      ['t1', { metric: 'rmse', higherIsBetter: false }],
      ['t2', { metric: 'rmse', higherIsBetter: false }],
    ]);
    const result = pairedComparison(attempts, 'A', 'B', rmse);
    // Same scores, opposite direction: A's higher scores are now worse.
    expect(result.effect).toBeCloseTo(-0.15, 12);
    expect(result.winRate).toBe(0);
  });

  it('pools no effect for the sample exp-1 (RMSLE and speedup) but the relative effect, with its interval', () => {
    const result = pairedComparison(exp1, 'lesson_guided', 'original', exp1Directions);
    expect(result.effect).toBeNull();
    expect(result.pooled).toBe('relative');
    expect(result.perCase).toEqual([
      {
        case: 'case-1',
        task: 'dsbench-bike-sharing',
        metric: 'rmsle',
        higherIsBetter: false,
        pairs: 1,
        meanA: 0.3517,
        meanB: 0.4318,
        improvement: expect.closeTo(0.0801, 12),
        relative: expect.closeTo(0.0801 / 0.4318, 12),
        leftOut: null,
      },
      {
        case: 'case-3',
        task: 'tritonbench-layernorm',
        metric: 'speedup',
        higherIsBetter: true,
        pairs: 1,
        meanA: 1.66,
        meanB: 1.6,
        improvement: expect.closeTo(0.06, 12),
        relative: expect.closeTo(0.0375, 12),
        leftOut: null,
      },
    ]);
    expect(result.relativeEffect).toBeCloseTo((0.0801 / 0.4318 + 0.0375) / 2, 12);
    expect(result.relativeEffect).toBeCloseTo(0.111501, 6);
    expect(result.winRate).toBe(1);
    expect(result.ci![0]).toBeCloseTo(0.0375, 12);
    expect(result.ci![1]).toBeCloseTo(0.0801 / 0.4318, 12);
    expect(result).toMatchObject({ cases: 2, pairedCases: 2, pairs: 2, coverage: 1, pooledTasks: 2 });
    expect(result.notes.join(' ')).toMatch(/different metrics or directions \(rmsle \(lower is better\), speedup \(higher is better\)\)/);
    expect(result.notes.join(' ')).toContain('Only 2 tasks behind the pooled figure (fewer than 5)');
  });

  it('shows a case of unknown direction with its means but leaves it out of every pooled figure, saying so', () => {
    const directions = new Map([...accuracy('t1'), ['t2', { metric: null, higherIsBetter: null }]]);
    const withT2 = [...attempts.filter((a) => a.caseId !== 'c3'), ok('c3', 't2', 'A', 0, 9), ok('c3', 't2', 'B', 0, 1)];
    const result = pairedComparison(withT2, 'A', 'B', directions);
    expect(result.effect).toBeCloseTo(0.15, 12);
    expect(result.perCase[2]).toMatchObject({ case: 'c3', pairs: 1, meanA: 9, meanB: 1, improvement: null, leftOut: 'direction unknown' });
    expect(result.winPairs).toBe(3);
    expect(result.notes.join(' ')).toContain('direction unknown: c3 (t2)');
  });

  it('leaves a case whose B mean is 0 out of the relative effect and counts it', () => {
    const directions = new Map<string, TaskDirection>([
      ['t1', { metric: 'accuracy', higherIsBetter: true }],
      ['t2', { metric: 'loss', higherIsBetter: false }],
    ]);
    const result = pairedComparison(
      [ok('c1', 't1', 'A', 0, 0.6), ok('c1', 't1', 'B', 0, 0.5), ok('c2', 't2', 'A', 0, 0.2), ok('c2', 't2', 'B', 0, 0)],
      'A',
      'B',
      directions,
    );
    // c1: 0.1 / 0.5 = 0.2; c2: B mean 0 → left out. Win rate: A better in c1, worse in c2 (loss rose).
    expect(result.relativeEffect).toBeCloseTo(0.2, 12);
    expect(result.perCase[1]!.leftOut).toBe('B mean is 0');
    expect(result.winRate).toBe(0.5);
    expect(result.notes.join(' ')).toContain("B's paired mean is 0: c2 (t2)");
  });

  it('counts a tie as one half', () => {
    const result = pairedComparison(
      [ok('c1', 't1', 'A', 0, 0.5), ok('c1', 't1', 'B', 0, 0.5), ok('c1', 't1', 'A', 1, 0.7), ok('c1', 't1', 'B', 1, 0.5)],
      'A',
      'B',
      accuracy('t1'),
    );
    expect(result.winRate).toBe(0.75);
  });

  it('resamples tasks with their cases together, reproducibly', () => {
    const result = pairedComparison(attempts, 'A', 'B', accuracy('t1', 't2'));
    // Task t2 has no pairs, so only t1 is behind the effect and every resample gives 0.15.
    expect(result.ci![0]).toBeCloseTo(0.15, 12);
    expect(result.ci![1]).toBeCloseTo(0.15, 12);
    expect(pairedComparison(attempts, 'A', 'B', accuracy('t1', 't2'))).toEqual(result);
  });

  it('gives a real interval when tasks disagree, and a different seed moves it only slightly', () => {
    const spread = [...attempts, ok('c4', 't3', 'A', 0, 0.1), ok('c4', 't3', 'B', 0, 0.9)];
    const a = pairedComparison(spread, 'A', 'B', accuracy('t1', 't2', 't3'), { seed: 1 });
    const b = pairedComparison(spread, 'A', 'B', accuracy('t1', 't2', 't3'), { seed: 2 });
    // Case means 0.2, 0.1, −0.8 → effect −1/6.
    expect(a.effect).toBeCloseTo(-1 / 6, 12);
    expect(a.ci![0]).toBeLessThan(a.effect!);
    expect(a.ci![1]).toBeGreaterThan(a.effect!);
    expect(Math.abs(a.ci![0] - b.ci![0])).toBeLessThan(0.05);
  });

  it('has no pooled figure and no interval without pairs, but keeps the cases in the coverage denominator', () => {
    expect(pairedComparison([lost('c1', 't1', 'A', 0, 'interrupted'), ok('c1', 't1', 'B', 0, 1)], 'A', 'B', accuracy('t1'))).toMatchObject({
      effect: null,
      relativeEffect: null,
      pooled: null,
      winRate: null,
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

  it('counts a slot that never started as unknown, in the denominator', () => {
    const result = validityDifference(
      [ok('c1', 't1', 'A', 0, 1), lost('c1', 't1', 'A', 1, 'never started'), ok('c1', 't1', 'B', 0, 1), ok('c1', 't1', 'B', 1, 1)],
      'A',
      'B',
    );
    expect(result).toMatchObject({
      slots: { a: 2, b: 2 },
      unknown: { a: 1, b: 0 },
      difference: -0.5,
      sensitivity: { unknownAsFailed: -0.5, unknownAsSucceeded: 0 },
    });
  });
});
