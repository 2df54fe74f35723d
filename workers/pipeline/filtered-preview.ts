import type { FilteredPreview } from '../../common/pipeline/filtered-preview';
import { filterToPool } from '../curation/filtered';
import type { Db } from '../db/open-corpus';
import { filteredCutSummary } from './filtered-message';
import { planFiltered } from './filtered-run';

/** `curation.filteredPreview`: the cut a Filtered run with these parameters would make now, written nowhere. */
export function filteredPreview(db: Db, req: { from: string; collection?: string; targetSize?: number }): FilteredPreview {
  const plan = planFiltered(db, { method: 'filtered', ...req });
  const cut = filterToPool(plan.rubrics, plan.pool, req.targetSize);
  const short = cut.allocation.reduce((n, a) => n + Math.max(0, a.quota - a.available), 0);
  return {
    targetSize: cut.targetSize,
    kept: cut.kept.length,
    of: plan.rubrics.length,
    short,
    allocation: cut.allocation,
    summary: filteredCutSummary(cut.kept.length, plan.rubrics.length, cut.allocation),
  };
}
