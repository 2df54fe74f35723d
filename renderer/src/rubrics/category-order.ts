/** Category ordering shared by the allocation table, the mix chart and the category filters. */
import type { Taxonomy } from '../../../common/rubrics/rubric-types';

/** The key the backend uses for failure events and rubrics that have no category. */
export const uncategorised = 'uncategorised';

/**
 * `codes` in taxonomy order (crash, wrong-answer, performance, as the taxonomy lists them);
 * codes the taxonomy does not know follow alphabetically, and `uncategorised` comes last.
 */
export function taxonomyOrder(codes: Iterable<string>, taxonomy: Taxonomy | null): string[] {
  const position = new Map(taxonomy?.categories.map((c, i) => [c.code, i]) ?? []);
  const rank = (code: string) => (code === uncategorised ? Number.MAX_SAFE_INTEGER : (position.get(code) ?? Number.MAX_SAFE_INTEGER - 1));
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
