import { seededRandom } from '../util/seeded-random';

/**
 * 95% percentile bootstrap of a statistic, resampling tasks: each draw takes a task with all of
 * its items (cases, repeats, attempts), so items of one task never count as independent
 * evidence. A resample on which the statistic is undefined (null) is skipped; null when every
 * one is. The same input, resamples and seed always give the same interval.
 */
export function bootstrapTasks<T extends { task: string }>(
  items: readonly T[],
  statistic: (drawn: readonly T[]) => number | null,
  resamples: number,
  seed: number,
): [number, number] | null {
  const tasks = [...new Set(items.map((v) => v.task))].sort();
  const byTask = tasks.map((t) => items.filter((v) => v.task === t));
  const random = seededRandom(seed);
  const estimates: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const drawn: T[] = [];
    for (let j = 0; j < tasks.length; j++) drawn.push(...byTask[Math.floor(random() * tasks.length)]!);
    const estimate = statistic(drawn);
    if (estimate !== null) estimates.push(estimate);
  }
  if (estimates.length === 0) return null;
  estimates.sort((x, y) => x - y);
  return [quantile(estimates, 0.025), quantile(estimates, 0.975)];
}

/** The bootstrap interval of a mean of per-case values over tasks; `values` must be non-empty. */
export function bootstrapOverTasks(values: readonly { task: string; value: number }[], resamples: number, seed: number): [number, number] {
  return bootstrapTasks(values, (drawn) => drawn.reduce((s, v) => s + v.value, 0) / drawn.length, resamples, seed)!;
}

/** Linear-interpolated quantile of sorted values (type 7, as numpy's default). */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}
