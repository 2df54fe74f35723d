/** Pure rules of the Label queue: where to go next, what counts as done, how number keys pick. */
import type { LabelTarget, QueueItem } from '../../../common/labels/labels';

export const targetKey = (target: LabelTarget) => `${target.kind}\u0000${target.id}`;

/** An item still waiting for the annotator: no label of theirs, none on its way, not skipped. */
function isOpen(item: QueueItem, pending: Readonly<Record<string, unknown>>): boolean {
  return item.mine === null && !(targetKey(item.target) in pending) && !item.skipped;
}

/**
 * After item `from`: the next open item, going round to the first ones when none follows; null
 * when no item is open, so the queue can say it is finished instead of landing on a labelled item.
 */
export function nextOpenIndex(items: readonly QueueItem[], from: number, pending: Readonly<Record<string, unknown>>): number | null {
  for (let step = 1; step <= items.length; step++) {
    const i = (from + step) % items.length;
    if (i !== from && isOpen(items[i]!, pending)) return i;
  }
  return null;
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

/** What a finished queue says about itself: the annotator's labels, skips and flags. */
export function queueSummary(items: readonly QueueItem[], pending: Readonly<Record<string, unknown>>): { labelled: number; skipped: number; flagged: number } {
  const labelled = doneCount(items, pending);
  const skipped = items.filter((item) => item.skipped && item.mine === null && !(targetKey(item.target) in pending)).length;
  return { labelled, skipped, flagged: items.filter((item) => item.flagged).length };
}
