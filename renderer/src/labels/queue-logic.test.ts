import { describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../common/labels/labels';
import { doneCount, nextOpenIndex, queueSummary, readDigits, targetKey } from './queue-logic';

const item = (id: string, labelled = false, skipped = false): QueueItem => ({
  target: { kind: 'rubric', id },
  program: null,
  rubric: null,
  mine: labelled ? ({ value: 'C01' } as QueueItem['mine']) : null,
  flagged: false,
  skipped,
  annotators: labelled ? 1 : 0,
  others: null,
});

describe('number keys', () => {
  it('pick at once when no longer number could follow, and wait when one could', () => {
    expect(readDigits('3', 22)).toEqual({ action: 'pick', value: 3 });
    expect(readDigits('1', 22)).toEqual({ action: 'wait', value: 1 });
    expect(readDigits('2', 22)).toEqual({ action: 'wait', value: 2 });
    expect(readDigits('14', 22)).toEqual({ action: 'pick', value: 14 });
    expect(readDigits('22', 22)).toEqual({ action: 'pick', value: 22 });
    expect(readDigits('23', 22).action).toBe('reset');
    expect(readDigits('0', 22).action).toBe('reset');
    expect(readDigits('1', 2)).toEqual({ action: 'pick', value: 1 });
    expect(readDigits('1', 10)).toEqual({ action: 'wait', value: 1 });
  });
});

describe('moving on after a label', () => {
  it('goes to the next item with no label, none on its way and not skipped', () => {
    const items = [item('a'), item('b', true), item('c', false, true), item('d'), item('e')];
    expect(nextOpenIndex(items, 0, {})).toBe(3);
    expect(nextOpenIndex(items, 0, { [targetKey(items[3]!.target)]: 'C02' })).toBe(4);
    expect(doneCount(items, { [targetKey(items[0]!.target)]: 'C03' })).toBe(2);
  });

  it('goes round to an open item before it, and is null once no item is open', () => {
    const items = [item('a'), item('b', true), item('c', false, true), item('d')];
    expect(nextOpenIndex(items, 3, {})).toBe(0);
    // The item just labelled is on its way: it is not open any more, and nothing else is.
    expect(nextOpenIndex([item('a', true), item('b')], 1, { [targetKey({ kind: 'rubric', id: 'b' })]: 'C01' })).toBeNull();
    expect(nextOpenIndex([item('a', true), item('b', true)], 0, {})).toBeNull();
    expect(nextOpenIndex([item('a')], 0, {})).toBeNull();
  });

  it('sums up a finished queue: labels (on their way too), skips without a label, flags', () => {
    const flagged = { ...item('d', true), flagged: true };
    const items = [item('a', true), item('b', false, true), item('c'), flagged];
    expect(queueSummary(items, { [targetKey(items[2]!.target)]: 'C02' })).toEqual({ labelled: 3, skipped: 1, flagged: 1 });
  });
});
