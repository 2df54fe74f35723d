import type { ExperimentComparison } from '../../common/domain';
import { seededRandom } from './seeded-random';

/** One attempt as the comparison sees it. */
export interface AttemptOutcome {
  caseId: string;
  task: string;
  arm: string;
  repeat: number;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'timeout' | 'interrupted' | 'unknown';
  score: number | null;
  valid: boolean | null;
}

/** The comparison's numbers; their meaning is documented on `ExperimentComparison` in common/domain.ts. */
export type PairedComparison = Omit<ExperimentComparison, 'experiment' | 'a' | 'b' | 'validity' | 'placement'>;

export interface ComparisonOptions {
  resamples?: number;
  seed?: number;
}

/** A repeat counts for the effect only when it produced a valid score. */
function usable(a: AttemptOutcome | undefined): a is AttemptOutcome & { score: number } {
  return a !== undefined && a.status === 'succeeded' && a.valid === true && a.score !== null && Number.isFinite(a.score);
}

/**
 * Paired comparison of arms A and B (DESIGN.md §3). Repeat r of A pairs with repeat r of B;
 * a pair counts when both are valid. The interval resamples tasks (each with all its cases
 * and their repeats) 10,000 times with a fixed seed, so the same data gives the same CI.
 */
export function pairedComparison(attempts: readonly AttemptOutcome[], armA: string, armB: string, options: ComparisonOptions = {}): PairedComparison {
  const resamples = options.resamples ?? 10_000;
  const seed = options.seed ?? 20_261_129;
  const slot = new Map<string, AttemptOutcome>();
  const taskOf = new Map<string, string>();
  for (const a of attempts) {
    taskOf.set(a.caseId, a.task);
    slot.set(`${a.caseId}\u0000${a.arm}\u0000${a.repeat}`, a);
  }
  const caseIds = [...taskOf.keys()].sort();
  const caseMean = new Map<string, number>();
  let pairs = 0;
  for (const caseId of caseIds) {
    const repeats = new Set(attempts.filter((a) => a.caseId === caseId).map((a) => a.repeat));
    const diffs: number[] = [];
    for (const r of [...repeats].sort((x, y) => x - y)) {
      const a = slot.get(`${caseId}\u0000${armA}\u0000${r}`);
      const b = slot.get(`${caseId}\u0000${armB}\u0000${r}`);
      if (usable(a) && usable(b)) diffs.push(a.score - b.score);
    }
    pairs += diffs.length;
    if (diffs.length) caseMean.set(caseId, mean(diffs));
  }
  const effect = caseMean.size ? mean([...caseMean.values()]) : null;
  const base = { effect, coverage: caseIds.length ? caseMean.size / caseIds.length : 0, cases: caseIds.length, pairedCases: caseMean.size, pairs, resamples, seed };
  if (effect === null) return { ...base, ci: null };

  const tasks = [...new Set(caseIds.map((c) => taskOf.get(c)!))].sort();
  const meansByTask = tasks.map((t) => caseIds.filter((c) => taskOf.get(c) === t && caseMean.has(c)).map((c) => caseMean.get(c)!));
  const random = seededRandom(seed);
  const estimates: number[] = [];
  for (let i = 0; i < resamples; i++) {
    let sum = 0;
    let n = 0;
    for (let j = 0; j < tasks.length; j++) {
      for (const m of meansByTask[Math.floor(random() * tasks.length)]!) {
        sum += m;
        n += 1;
      }
    }
    // A resample that drew only tasks without pairs says nothing about the effect; it is skipped, not zeroed.
    if (n > 0) estimates.push(sum / n);
  }
  estimates.sort((x, y) => x - y);
  return { ...base, ci: [quantile(estimates, 0.025), quantile(estimates, 0.975)] };
}

/** Valid-rate difference of two arms, every slot in its arm's denominator, with the range unknown outcomes leave open. */
export type ValidityDifference = ExperimentComparison['validity'];

/** Difference of the arms' validity rates, with the range that unknown outcomes leave open. */
export function validityDifference(attempts: readonly AttemptOutcome[], armA: string, armB: string): ValidityDifference {
  const of = (arm: string) => attempts.filter((a) => a.arm === arm);
  const rate = (arm: string, unknownValid: boolean) => {
    const mine = of(arm);
    if (mine.length === 0) return 0;
    return mine.filter((a) => (isUnknown(a) ? unknownValid : a.status === 'succeeded' && a.valid === true)).length / mine.length;
  };
  const asFailed = rate(armA, false) - rate(armB, false);
  return {
    difference: asFailed,
    sensitivity: { unknownAsFailed: asFailed, unknownAsSucceeded: rate(armA, true) - rate(armB, true) },
    slots: { a: of(armA).length, b: of(armB).length },
    unknown: { a: of(armA).filter(isUnknown).length, b: of(armB).filter(isUnknown).length },
  };
}

function isUnknown(a: AttemptOutcome): boolean {
  return a.status === 'unknown' || a.status === 'interrupted' || a.status === 'queued' || a.status === 'running';
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** Linear-interpolated quantile of sorted values (type 7, as numpy's default). */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}
