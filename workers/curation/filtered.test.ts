import { describe, expect, it } from 'vitest';
import { filterToPool, largestExactCut } from './filtered';
import { categoryQuotas } from './quotas';

const pool = { A: 6, B: 3, C: 1 };
const library = [
  { id: 'a1', category: 'A', support: 3 },
  { id: 'd1', category: 'D', support: 9 },
  { id: 'a2', category: 'A', support: 1 },
  { id: 'b1', category: 'B', support: 1 },
  { id: 'a3', category: 'A', support: 2 },
  { id: 'c1', category: 'C', support: 1 },
  { id: 'a4', category: 'A', support: 1 },
];

describe('quotas and Filtered curation', () => {
  it('splits a target size by largest remainders, ties to the larger pool share', () => {
    // N = 5: exact 3, 1.5, 0.5; floors 3, 1, 0; the one left goes to B (remainder tie with C, larger share).
    expect(categoryQuotas(pool, 5)).toEqual([
      { category: 'A', share: 0.6, exact: 3, quota: 3 },
      { category: 'B', share: 0.3, exact: 1.5, quota: 2 },
      { category: 'C', share: 0.1, exact: 0.5, quota: 0 },
    ]);
    expect(categoryQuotas({}, 5)).toEqual([]);
  });

  it('finds the largest cut with no category short, by hand', () => {
    // N=7: A4 B2 C1 (B has 1); N=6: A4 B2; N=5: A3 B2; N=4: exact 2.4, 1.2, 0.4 -> A3 B1 C0 fits.
    expect(largestExactCut(library, pool)).toBe(4);
    // N=7: exact A 1.17, Z 5.83 -> A1 Z6; the library has 4 of A, and Z, of which it has none, does not count.
    expect(largestExactCut(library, { A: 1, Z: 5 })).toBe(7);
    expect(largestExactCut(library, { Z: 5 })).toBe(0);
    expect(largestExactCut(library, {})).toBe(0);
  });

  it('drops the lowest-support rubrics of over-represented categories, and every rubric of a category the pool lacks', () => {
    const result = filterToPool(library, pool);
    expect(result.targetSize).toBe(4);
    // A keeps a1 (3), a3 (2), then a2 over a4 on id; B keeps b1; C's quota is 0.
    expect(result.kept).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(result.dropped).toEqual(['d1', 'c1', 'a4']);
    expect(result.allocation.map((a) => [a.category, a.quota, a.available, a.kept])).toEqual([
      ['A', 3, 4, 3],
      ['B', 1, 1, 1],
      ['C', 0, 1, 0],
      ['D', 0, 1, 0],
    ]);
  });

  it('keeps all of a short category when the target size is given', () => {
    // N = 10: A6 B3 C1; A and B are short and keep everything; D is not in the pool.
    const result = filterToPool(library, pool, 10);
    expect(result.kept).toEqual(['a1', 'a2', 'b1', 'a3', 'c1', 'a4']);
    expect(result.dropped).toEqual(['d1']);
  });
});
