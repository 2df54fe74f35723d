/**
 * Inter-annotator agreement on nominal labels (docs/definitions.md): Cohen's kappa for two
 * annotators, Krippendorff's alpha (nominal, missing data allowed) for any number.
 */

/** One item's labels: annotator → value; an annotator who did not label the item is absent. */
export type ItemLabels = ReadonlyMap<string, string>;

export interface Confusion {
  /** The label values, sorted; rows and columns of `counts` follow this order. */
  values: string[];
  /** counts[i][j]: items the first annotator labelled values[i] and the second values[j]. */
  counts: number[][];
}

export interface KappaResult {
  items: number;
  observed: number;
  expected: number;
  kappa: number | null;
  confusion: Confusion;
}

/**
 * Cohen's kappa over the items both annotators labelled. Null when chance agreement is
 * total (every label the same value), where kappa is undefined rather than 0 or 1.
 */
export function cohensKappa(items: readonly ItemLabels[], a: string, b: string): KappaResult {
  const pairs: [string, string][] = [];
  for (const item of items) {
    const x = item.get(a);
    const y = item.get(b);
    if (x !== undefined && y !== undefined) pairs.push([x, y]);
  }
  const values = [...new Set(pairs.flat())].sort();
  const index = new Map(values.map((v, i) => [v, i]));
  const counts = values.map(() => values.map(() => 0));
  for (const [x, y] of pairs) counts[index.get(x)!]![index.get(y)!]! += 1;
  const n = pairs.length;
  if (n === 0) return { items: 0, observed: 0, expected: 0, kappa: null, confusion: { values, counts } };
  const observed = values.reduce((sum, _, i) => sum + counts[i]![i]!, 0) / n;
  const expected = values.reduce((sum, _, i) => {
    const row = counts[i]!.reduce((s, c) => s + c, 0);
    const column = counts.reduce((s, r) => s + r[i]!, 0);
    return sum + (row / n) * (column / n);
  }, 0);
  const kappa = expected === 1 ? null : (observed - expected) / (1 - expected);
  return { items: n, observed, expected, kappa, confusion: { values, counts } };
}

export interface AlphaResult {
  /** Items with at least two labels: the only ones that carry information about agreement. */
  items: number;
  pairable: number;
  observedDisagreement: number;
  expectedDisagreement: number;
  alpha: number | null;
}

/**
 * Krippendorff's alpha for nominal data with missing values, via the coincidence matrix:
 * alpha = 1 − D_o / D_e. Items labelled by fewer than two annotators are left out. Null
 * when there is no variation at all (D_e = 0), where alpha is undefined.
 */
export function krippendorffAlpha(items: readonly ItemLabels[]): AlphaResult {
  const coincidences = new Map<string, Map<string, number>>();
  const add = (c: string, k: string, w: number) => {
    const row = coincidences.get(c) ?? new Map<string, number>();
    row.set(k, (row.get(k) ?? 0) + w);
    coincidences.set(c, row);
  };
  let used = 0;
  for (const item of items) {
    const labels = [...item.values()];
    const m = labels.length;
    if (m < 2) continue;
    used += 1;
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) add(labels[i]!, labels[j]!, 1 / (m - 1));
  }
  const marginal = new Map<string, number>();
  for (const [c, row] of coincidences)
    marginal.set(
      c,
      [...row.values()].reduce((s, v) => s + v, 0),
    );
  const n = [...marginal.values()].reduce((s, v) => s + v, 0);
  if (n <= 1) return { items: used, pairable: n, observedDisagreement: 0, expectedDisagreement: 0, alpha: null };
  let disagreeing = 0;
  for (const [c, row] of coincidences) for (const [k, v] of row) if (c !== k) disagreeing += v;
  const observedDisagreement = disagreeing / n;
  let expectedPairs = 0;
  for (const [c, nc] of marginal) for (const [k, nk] of marginal) if (c !== k) expectedPairs += nc * nk;
  const expectedDisagreement = expectedPairs / (n * (n - 1));
  const alpha = expectedDisagreement === 0 ? null : 1 - observedDisagreement / expectedDisagreement;
  return { items: used, pairable: n, observedDisagreement, expectedDisagreement, alpha };
}

/**
 * Why a coefficient is undefined, in words, or null when it is a number: no items to compare,
 * or chance agreement of 1 (every label the same value), where kappa and alpha divide 0 by 0.
 */
export function undefinedBecause(method: 'kappa' | 'alpha', items: number, coefficient: number | null): string | null {
  if (coefficient !== null) return null;
  if (items === 0)
    return method === 'kappa' ? 'no items: no item carries a label of both annotators' : 'no items: no item carries labels of two or more annotators';
  return `undefined: chance agreement is 1 (every label on the ${items === 1 ? 'one item' : `${items} items`} is the same value), so ${method} is 0 / 0`;
}
