/** Pure rules of the Label queue: where to go next, what counts as done, how number keys pick. */
import type { LabelTarget, QueueItem } from '../../../common/labels/labels';

export const targetKey = (target: LabelTarget) => `${target.kind}\u0000${target.id}`;

/** After labelling item `from`: the next item without a label of the annotator's (nor one on its way), else the next item. */
export function nextOpenIndex(items: readonly QueueItem[], from: number, pending: Readonly<Record<string, unknown>>): number {
  for (let i = from + 1; i < items.length; i++) {
    const item = items[i]!;
    if (item.mine === null && !(targetKey(item.target) in pending) && !item.skipped) return i;
  }
  return Math.min(from + 1, items.length - 1);
}

/**
 * What typed digits mean for N options (keys 1..N): `pick` an option now, `wait` for another
 * digit because a longer number could follow (with 22 options, "1" may become "12"), or
 * `reset` a number that picks nothing. `value` is the 1-based option the digits name so far.
 */
export function readDigits(digits: string, options: number): { action: 'pick' | 'wait' | 'reset'; value: number } {
  const value = Number(digits);
  if (!/^\d+$/.test(digits) || value < 1 || value > options) {
    return { action: 'reset', value };
  }
  const longer = Array.from({ length: options }, (_, i) => String(i + 1)).some((key) => key !== digits && key.startsWith(digits));
  return { action: longer ? 'wait' : 'pick', value };
}

/** Items with the annotator's label, counting labels on their way as done. */
export function doneCount(items: readonly QueueItem[], pending: Readonly<Record<string, unknown>>): number {
  return items.reduce((n, item) => n + (item.mine !== null || targetKey(item.target) in pending ? 1 : 0), 0);
}
