/**
 * Filtered curation (docs/definitions.md): cuts a library to the pool's proportions by dropping the
 * lowest-support rubrics of over-represented categories. Cutting never adds, so a category
 * the library is short of keeps all it has. Pure.
 */
import type { FilterAllocation } from '../../common/pipeline/pipeline-types';
import { compareCodes } from '../categories/effective-category';
import { countOf, type CategoryCounts } from '../retrieval/mix';
import { categoryQuotas } from './quotas';

/** A rubric of the source library: its effective category and how many rollouts support it. */
export interface FilterCandidate {
  id: string;
  category: string;
  support: number;
}

/** The cut: what was kept and dropped, and each category's quota. */
export interface FilterResult {
  /** The N the quotas were computed for. */
  targetSize: number;
  /** Kept rubric ids, in source order. */
  kept: string[];
  /** Dropped rubric ids, in source order: each was beyond its category's quota. */
  dropped: string[];
  /** Every category of the pool or the source, in code order. */
  allocation: FilterAllocation[];
}

function availableByCategory(candidates: readonly FilterCandidate[]): CategoryCounts {
  const counts: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const c of candidates) counts[c.category] = countOf(counts, c.category) + 1;
  return counts;
}

/**
 * The largest N ≤ |library| for which no category the library has falls short of its quota:
 * the biggest cut whose mix is the pool's, up to integer rounding, over those categories. A
 * pool category the library has no rubric of stays empty at any N (a cut never adds), so it
 * does not hold the cut down; counting it would shrink the default to a rubric or two. 0 when
 * the library shares no category with the pool.
 */
export function largestExactCut(candidates: readonly FilterCandidate[], pool: CategoryCounts): number {
  const available = availableByCategory(candidates);
  if (!Object.keys(available).some((category) => countOf(pool, category) > 0)) return 0;
  for (let n = candidates.length; n >= 1; n--) {
    if (categoryQuotas(pool, n).every((q) => available[q.category] === undefined || q.quota <= available[q.category]!)) return n;
  }
  return 0;
}

/**
 * Cuts `candidates` to the pool's proportions for a target size (default: the largest exact
 * cut). Within a category the highest support is kept (ties: id ascending); a category absent
 * from the pool has quota 0, so all of it is dropped.
 */
export function filterToPool(candidates: readonly FilterCandidate[], pool: CategoryCounts, targetSize?: number): FilterResult {
  const n = targetSize ?? largestExactCut(candidates, pool);
  const quotas = new Map(categoryQuotas(pool, n).map((q) => [q.category, q]));
  const byCategory = new Map<string, FilterCandidate[]>();
  for (const c of candidates) {
    const list = byCategory.get(c.category) ?? [];
    list.push(c);
    byCategory.set(c.category, list);
  }
  const keep = new Set<string>();
  for (const [category, list] of byCategory) {
    const quota = quotas.get(category)?.quota ?? 0;
    const ranked = [...list].sort((a, b) => b.support - a.support || compareCodes(a.id, b.id));
    for (const c of ranked.slice(0, quota)) keep.add(c.id);
  }
  const codes = [...new Set([...quotas.keys(), ...byCategory.keys()])].sort(compareCodes);
  const allocation = codes.map((category) => {
    const q = quotas.get(category) ?? { category, share: 0, exact: 0, quota: 0 };
    const list = byCategory.get(category) ?? [];
    return { ...q, available: list.length, kept: list.filter((c) => keep.has(c.id)).length };
  });
  return {
    targetSize: n,
    kept: candidates.filter((c) => keep.has(c.id)).map((c) => c.id),
    dropped: candidates.filter((c) => !keep.has(c.id)).map((c) => c.id),
    allocation,
  };
}
