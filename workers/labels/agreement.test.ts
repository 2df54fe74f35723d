import { describe, expect, it } from 'vitest';
import { cohensKappa, krippendorffAlpha, undefinedBecause, type ItemLabels } from './agreement';

/** Builds items from rows of labels per annotator; null marks a missing label. */
function items(annotators: Record<string, (string | null)[]>): ItemLabels[] {
  const length = Math.max(...Object.values(annotators).map((r) => r.length));
  return Array.from({ length }, (_, i) => {
    const labels = new Map<string, string>();
    for (const [who, row] of Object.entries(annotators)) if (row[i] != null) labels.set(who, row[i]!);
    return labels;
  });
}

describe("Cohen's kappa", () => {
  it('matches the textbook 2×2 example: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → 0.4', () => {
    const a = [...Array(20).fill('yes'), ...Array(5).fill('yes'), ...Array(10).fill('no'), ...Array(15).fill('no')];
    const b = [...Array(20).fill('yes'), ...Array(5).fill('no'), ...Array(10).fill('yes'), ...Array(15).fill('no')];
    const result = cohensKappa(items({ ana: a, ben: b }), 'ana', 'ben');
    expect(result.items).toBe(50);
    expect(result.observed).toBeCloseTo(0.7, 12);
    expect(result.expected).toBeCloseTo(0.5, 12);
    expect(result.kappa).toBeCloseTo(0.4, 12);
    expect(result.confusion).toEqual({
      values: ['no', 'yes'],
      counts: [
        [15, 10],
        [5, 20],
      ],
    });
  });

  it('uses only items both annotators labelled, and is null when chance agreement is total', () => {
    const result = cohensKappa(items({ ana: ['x', 'x', null], ben: ['x', 'x', 'y'] }), 'ana', 'ben');
    expect(result).toMatchObject({ items: 2, observed: 1, expected: 1, kappa: null });
  });
});

describe("Krippendorff's alpha (nominal)", () => {
  it("matches Krippendorff's worked example with missing data: 4 coders, 12 units → 0.743", () => {
    const data = items({
      A: ['1', '2', '3', '3', '2', '1', '4', '1', '2', null, null, null],
      B: ['1', '2', '3', '3', '2', '2', '4', '1', '2', '5', null, '3'],
      C: [null, '3', '3', '3', '2', '3', '4', '2', '2', '5', '1', null],
      D: ['1', '2', '3', '3', '2', '4', '4', '1', '2', '5', '1', null],
    });
    const result = krippendorffAlpha(data);
    expect(result.items).toBe(11);
    expect(result.pairable).toBeCloseTo(40, 12);
    expect(result.alpha).toBeCloseTo(0.743, 3);
  });

  it('equals 1 for perfect agreement and is null without any variation', () => {
    expect(krippendorffAlpha(items({ a: ['x', 'y', 'x'], b: ['x', 'y', 'x'] })).alpha).toBe(1);
    expect(krippendorffAlpha(items({ a: ['x', 'x'], b: ['x', 'x'] })).alpha).toBeNull();
  });
});

describe('undefinedBecause', () => {
  it('says why kappa or alpha is empty: no items, or chance agreement of 1', () => {
    const k = cohensKappa(items({ ana: ['x', 'x', null], ben: ['x', 'x', 'y'] }), 'ana', 'ben');
    expect(undefinedBecause('kappa', k.items, k.kappa)).toBe(
      'undefined: chance agreement is 1 (every label on the 2 items is the same value), so kappa is 0 / 0',
    );
    expect(undefinedBecause('kappa', 0, null)).toBe('no items: no item carries a label of both annotators');
    expect(undefinedBecause('alpha', 0, null)).toMatch(/^no items/);
    expect(undefinedBecause('kappa', 3, 0.4)).toBeNull();
  });
});
