import type { FilterAllocation } from '../../common/pipeline/pipeline-types';

/**
 * A Filtered cut's run row: what it kept of the library it cut (it proposes nothing, so a
 * mining funnel's "proposed, passed checks" would misread it), and, when a category's quota
 * is above what the library has, which categories left it short of the target size.
 */
export function filteredRunMessage(library: string, kept: number, of: number, allocation: readonly FilterAllocation[]): string {
  const short = allocation.filter((a) => a.quota > a.available);
  const base = `library ${library}: ${kept} of ${of} rubrics kept by the cut`;
  if (short.length === 0) return base;
  const missing = short.reduce((n, a) => n + a.quota - a.available, 0);
  return `${base}; ${missing} short of the target: ${short.map((a) => `${a.category} has ${a.available} for a quota of ${a.quota}`).join(', ')}`;
}
