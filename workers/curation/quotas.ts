/**
 * Each category's share of a target library size, by the pool's failure mix (docs/definitions.md,
 * "Curation"). The same largest-remainder rule as category-split retrieval, so a library
 * built to N and a retrieval of N slots split the pool identically.
 */
import { allocateSlots } from '../retrieval/allocate-slots';
import { compareCodes } from '../categories/effective-category';
import { totalOf, type CategoryCounts } from '../retrieval/mix';

/** One category's quota: pool share q_c, exact share N × q_c, and the integer quota. */
export interface CategoryQuota {
  category: string;
  share: number;
  exact: number;
  quota: number;
}

/**
 * Quotas of `targetSize` rubrics over the categories of the pool (floor of N × q_c, leftover
 * to the largest remainders; ties: larger q_c, then code), in code order. Categories with no
 * pool failures get none.
 */
export function categoryQuotas(pool: CategoryCounts, targetSize: number): CategoryQuota[] {
  const total = totalOf(pool);
  const codes = Object.keys(pool)
    .filter((c) => pool[c]! > 0)
    .sort(compareCodes);
  if (total === 0) return [];
  if (targetSize === 0) return codes.map((category) => ({ category, share: pool[category]! / total, exact: 0, quota: 0 }));
  // Every pool category may take all N slots, so nothing is passed on: this is the plain apportionment.
  const available = Object.fromEntries(codes.map((c) => [c, targetSize]));
  const allocation = new Map(allocateSlots({ slots: targetSize, pool, available }).map((a) => [a.category, a]));
  return codes.map((category) => {
    const a = allocation.get(category)!;
    return { category, share: a.share, exact: a.exact, quota: a.slotsBefore };
  });
}
