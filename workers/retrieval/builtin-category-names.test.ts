import { describe, expect, it } from 'vitest';
import { allocateSlots } from './allocate-slots';
import { mixDistance, sharesOf } from './mix';

/** Counts as JSON gives them: own keys that are also names of Object.prototype's members. */
const counts = (text: string) => JSON.parse(text) as Record<string, number>;

describe('category codes that are names of built-in object members', () => {
  it('allocate and compare as ordinary codes, with results that can be cloned', () => {
    const pool = counts('{"constructor":3,"toString":1,"a":2}');
    const available = counts('{"constructor":2,"valueOf":1,"hasOwnProperty":4}');
    const allocation = allocateSlots({ slots: 6, pool, available, protect: counts('{"toString":1}') });
    expect(allocation.map((a) => [a.category, a.slots])).toEqual([
      ['toString', 0],
      ['constructor', 2],
      ['a', 0],
      ['hasOwnProperty', 3],
      ['valueOf', 1],
    ]);
    for (const a of allocation) expect(Number.isFinite(a.available) && Number.isFinite(a.slots)).toBe(true);
    expect(() => structuredClone(allocation)).not.toThrow();
    expect(mixDistance(counts('{"valueOf":1}'), counts('{"toString":1}'))).toBe(100);
    expect(Object.keys(sharesOf(counts('{"__proto__":1,"constructor":1}')))).toEqual(['__proto__', 'constructor']);
  });
});
