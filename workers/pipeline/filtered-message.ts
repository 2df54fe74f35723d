import type { FilterAllocation } from '../../common/pipeline/pipeline-types';

/**
 * What a Filtered cut keeps of the library it cuts (it proposes nothing, so a mining funnel's
 * "proposed, passed checks" would misread it), and, when a category's quota is above what the
 * library has, which categories leave it short of the target size. The form's preview and the
 * run row say it in these same words.
 */
export function filteredCutSummary(kept: number, of: number, allocation: readonly FilterAllocation[]): string {
  const short = allocation.filter((a) => a.quota > a.available);
  const base = `${kept} of ${of} rubrics kept by the cut`;
  if (short.length === 0) return base;
  const missing = short.reduce((n, a) => n + a.quota - a.available, 0);
  return `${base}; ${missing} short of the target: ${short.map((a) => `${a.category} has ${a.available} for a quota of ${a.quota}`).join(', ')}`;
}

/** A Filtered cut's run row: the library it built and the cut's summary. */
export function filteredRunMessage(library: string, kept: number, of: number, allocation: readonly FilterAllocation[]): string {
  return `library ${library}: ${filteredCutSummary(kept, of, allocation)}`;
}
