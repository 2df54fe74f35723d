import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignSequences } from './align-sequences';

/** The length of a longest common subsequence, by the full dynamic-programming table. */
function lcsLength(a: number[], b: number[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

function expectValid(a: number[], b: number[], pairs: [number, number][]): void {
  for (let i = 0; i < pairs.length; i++) {
    const [x, y] = pairs[i]!;
    expect(a[x]).toBe(b[y]);
    if (i > 0) {
      expect(x).toBeGreaterThan(pairs[i - 1]![0]);
      expect(y).toBeGreaterThan(pairs[i - 1]![1]);
    }
  }
}

describe('alignSequences', () => {
  it('matches a longest common subsequence of any two short sequences', () => {
    const keys = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 40 });
    fc.assert(
      fc.property(keys, keys, (a, b) => {
        const { pairs, approximate } = alignSequences(a, b);
        expectValid(a, b, pairs);
        expect(approximate).toEqual([]);
        expect(pairs.length).toBe(lcsLength(a, b));
      }),
      { numRuns: 2000, seed: 29 },
    );
  });

  it('aligns identical, empty and disjoint sequences', () => {
    expect(alignSequences([1, 2, 3], [1, 2, 3]).pairs).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(alignSequences([], [1]).pairs).toEqual([]);
    expect(alignSequences([1, 2], [3, 4]).pairs).toEqual([]);
  });

  it('past the edit limit splits where its search reached, still matching equal keys in order', () => {
    const keys = fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 120 });
    fc.assert(
      fc.property(keys, keys, fc.integer({ min: 1, max: 8 }), (a, b, maxEdits) => {
        const { pairs } = alignSequences(a, b, maxEdits);
        expectValid(a, b, pairs);
      }),
      { numRuns: 1000, seed: 29 },
    );
    const a = [9, ...Array.from({ length: 50 }, (_, i) => i), 9];
    const b = [9, ...Array.from({ length: 50 }, (_, i) => 100 + i), 9];
    const { pairs, approximate } = alignSequences(a, b, 20);
    expect(pairs).toEqual([
      [0, 0],
      [51, 51],
    ]);
    expect(approximate.length).toBeGreaterThan(0);
  });

  it('aligns two disjoint 10,000-key sequences in bounded time', () => {
    const a = Array.from({ length: 10_000 }, (_, i) => i);
    const b = a.map((k) => k + 20_000);
    const start = performance.now();
    const { pairs, approximate } = alignSequences(a, b);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(pairs).toEqual([]);
    expect(approximate.length).toBeGreaterThan(0);
  });

  it('aligns two 10,000-key sequences with a few thousand edits in bounded time', () => {
    const a = Array.from({ length: 10_000 }, (_, i) => i % 7);
    const b = a.map((k, i) => (i % 5 === 0 ? 100 + k : k));
    const start = performance.now();
    const { pairs } = alignSequences(a, b);
    expect(performance.now() - start).toBeLessThan(2000);
    expectValid(a, b, pairs);
    // 2,000 of the 10,000 keys differ, so at most 8,000 match; the split past the edit limit may miss a few.
    expect(pairs.length).toBeGreaterThanOrEqual(7900);
  });
});
