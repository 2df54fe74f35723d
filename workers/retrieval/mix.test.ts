import { describe, expect, it } from 'vitest';
import { compareMixes, mixDistance, sharesOf } from './mix';

describe('mixDistance', () => {
  it('is 0 for the same mix at different sizes', () => {
    expect(mixDistance({ A: 2, B: 2 }, { A: 5, B: 5 })).toBe(0);
  });

  it('is 100 for mixes with no category in common', () => {
    expect(mixDistance({ A: 3 }, { B: 1, C: 7 })).toBe(100);
  });

  it('is half the summed share differences x 100 over the union of categories', () => {
    // p = {A: .5, B: .25, C: .25}, q = {A: .25, B: .75}: |.5-.25| + |.25-.75| + |.25-0| = .25 + .5 + .25 = 1 -> 100 x 1/2 x 1 = 50.
    expect(mixDistance({ A: 2, B: 1, C: 1 }, { A: 1, B: 3 })).toBe(50);
    // p = {A: 1/3, B: 2/3}, q = {A: 1/2, B: 1/2}: 1/6 + 1/6 = 1/3 -> 100 x 1/2 x 1/3 = 16.67.
    expect(mixDistance({ A: 1, B: 2 }, { A: 1, B: 1 })).toBeCloseTo(100 / 6, 12);
  });

  it('is undefined (null) when either side is empty', () => {
    expect(mixDistance({}, { A: 1 })).toBeNull();
    expect(mixDistance({ A: 1 }, { A: 0 })).toBeNull();
  });
});

describe('compareMixes', () => {
  it('reports shares and counts per side in code order', () => {
    const mix = compareMixes({ uncategorised: 1, C02: 1, C01: 2 }, { C01: 1, Q01: 3 });
    expect(mix).toEqual({
      library: { C01: 0.5, C02: 0.25, uncategorised: 0.25 },
      pool: { C01: 0.25, Q01: 0.75 },
      // |.5-.25| + .25 + .25 + .75 = 1.5 -> 75.
      distance: 75,
      counts: { library: { C01: 2, C02: 1, uncategorised: 1 }, pool: { C01: 1, Q01: 3 } },
      libraryTotal: 4,
      poolTotal: 4,
    });
    expect(Object.keys(mix.library)).toEqual(['C01', 'C02', 'uncategorised']);
  });

  it('gives an empty mix no shares', () => {
    expect(sharesOf({})).toEqual({});
  });
});
