/** Which step a timeline key moves to; pure, so the rules are easy to read and check. */
import type { StepRow } from '../../../common/corpus/corpus-types';
import { isFailedStep } from '../lib/exit-status';

/**
 * The step index `key` moves to from position `at` of `steps`, or null when the key is not a
 * step move or there is nowhere to go. j/k and arrows step by one; n/p jump to the next or
 * previous failed step; Home/End go to the ends.
 */
export function stepForKey(key: string, steps: StepRow[], at: number): number | null {
  const find = (from: number, dir: 1 | -1) => {
    for (let i = from; i >= 0 && i < steps.length; i += dir) if (isFailedStep(steps[i]!)) return i;
    return -1;
  };
  let target = -1;
  if (key === 'j' || key === 'ArrowDown') target = Math.min(steps.length - 1, at + 1);
  else if (key === 'k' || key === 'ArrowUp') target = Math.max(0, at - 1);
  else if (key === 'n') target = find(at + 1, 1);
  else if (key === 'p') target = find(at - 1, -1);
  else if (key === 'Home') target = 0;
  else if (key === 'End') target = steps.length - 1;
  else return null;
  return steps[target]?.index ?? null;
}

/**
 * What to tell the reader when a move key at position `at` goes nowhere (the end of the list,
 * or no failure that way), so the key is never silently ignored; null when the key moves.
 */
export function stepEndNote(key: string, steps: StepRow[], at: number): string | null {
  const here = steps[at];
  if (!here) return null;
  const target = stepForKey(key, steps, at);
  if (target !== null && target !== here.index) return null;
  const failures = steps.filter(isFailedStep).length;
  if ((key === 'n' || key === 'p') && failures === 0) return 'This rollout has no failed step';
  if (key === 'n') return `No failed step after step ${here.index}: it is the last failure`;
  if (key === 'p') return `No failed step before step ${here.index}: it is the first failure`;
  if (key === 'j' || key === 'ArrowDown' || key === 'End') return `Step ${here.index} is the last step`;
  if (key === 'k' || key === 'ArrowUp' || key === 'Home') return `Step ${here.index} is the first step`;
  return null;
}
