/**
 * Category mixes and the distance between them (docs/definitions.md). Pure: callers count rows per
 * effective category and pass the counts in. Everything is computed from the integer counts
 * so that identical mixes are exactly 0 apart and disjoint ones exactly 100.
 */
import type { LibraryMix } from '../../common/rubrics/rubric-types';
import { compareCodes } from '../categories/effective-category';

/** Rows per category (rubrics of a library, or failure events of a pool). */
export type CategoryCounts = Readonly<Record<string, number>>;

/**
 * The count of `code`, 0 when absent. Codes come from users (taxonomies, requests), so a code
 * like `constructor` or `toString` must never read a property of Object.prototype.
 */
export function countOf(counts: CategoryCounts, code: string): number {
  return Object.prototype.hasOwnProperty.call(counts, code) ? counts[code]! : 0;
}

/** Categories in code order, so every mix prints and serialises the same way. */
function sortedKeys(...counts: CategoryCounts[]): string[] {
  const keys = new Set(counts.flatMap((c) => Object.keys(c)));
  return [...keys].sort(compareCodes);
}

/** Rows over every category. */
export function totalOf(counts: CategoryCounts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** Share of each category: count / total, in code order; empty when there is nothing to share. */
export function sharesOf(counts: CategoryCounts): Record<string, number> {
  const total = totalOf(counts);
  const shares: Record<string, number> = Object.create(null) as Record<string, number>;
  if (total === 0) return shares;
  for (const code of sortedKeys(counts)) shares[code] = counts[code]! / total;
  return shares;
}

/**
 * Total variation distance x 100 between two mixes given by counts:
 * `100 x 1/2 x sum_c |p_c - q_c|` over the union of categories. Computed as
 * `sum_c |a_c B - b_c A| / (2AB) x 100` so that only one division rounds. Null when either
 * side has no rows: a distance to an empty mix means nothing.
 */
export function mixDistance(p: CategoryCounts, q: CategoryCounts): number | null {
  const a = totalOf(p);
  const b = totalOf(q);
  if (a === 0 || b === 0) return null;
  let sum = 0;
  for (const code of sortedKeys(p, q)) sum += Math.abs(countOf(p, code) * b - countOf(q, code) * a);
  return (sum * 100) / (2 * a * b);
}

/** A library's mix against the pool's, with the counts behind every share. */
export function compareMixes(library: CategoryCounts, pool: CategoryCounts): LibraryMix {
  const ordered = (counts: CategoryCounts) => Object.fromEntries(sortedKeys(counts).map((code) => [code, counts[code]!]));
  return {
    library: sharesOf(library),
    pool: sharesOf(pool),
    distance: mixDistance(library, pool),
    counts: { library: ordered(library), pool: ordered(pool) },
    libraryTotal: totalOf(library),
    poolTotal: totalOf(pool),
  };
}
