import { seededRandom } from '../util/seeded-random';

/**
 * 95% percentile bootstrap of a mean of per-case values, resampling tasks: each draw takes a
 * task with all of its cases, so cases of one task never count as independent evidence.
 * `values` must be non-empty; the same input, resamples and seed always give the same interval.
 */
export function bootstrapOverTasks(values: readonly { task: string; value: number }[], resamples: number, seed: number): [number, number] {
  const tasks = [...new Set(values.map((v) => v.task))].sort();
  const byTask = tasks.map((t) => values.filter((v) => v.task === t).map((v) => v.value));
  const random = seededRandom(seed);
  const estimates: number[] = [];
  for (let i = 0; i < resamples; i++) {
    let sum = 0;
    let n = 0;
    for (let j = 0; j < tasks.length; j++) {
      for (const v of byTask[Math.floor(random() * tasks.length)]!) {
        sum += v;
        n += 1;
      }
    }
    estimates.push(sum / n);
  }
  estimates.sort((x, y) => x - y);
  return [quantile(estimates, 0.025), quantile(estimates, 0.975)];
}

/** Linear-interpolated quantile of sorted values (type 7, as numpy's default). */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}
