/**
 * Filtered curation as a pipeline run (docs/definitions.md): a library cut to the pool's
 * proportions. No model call: the plan holds the pool's counts and the source's rubrics, and
 * the new library lists the kept rubrics of the source, which stay as they are.
 */
import type { ProposalFate } from '../../common/pipeline/pipeline-types';
import type { RubricFamily } from '../../common/rubrics/rubric-types';
import { ApiError } from '../../common/errors';
import { filterToPool } from '../curation/filtered';
import { countFunnel } from '../curation/funnel';
import type { SupportRef } from '../curation/near-duplicates';
import type { Db } from '../db/open-corpus';
import { requireCollection, requireLibrary } from '../rubrics/library-queries';
import { poolCounts } from '../retrieval/category-counts';
import { rubricCategorySql } from '../categories/effective-category';
import type { CategoryCounts } from '../retrieval/mix';
import { libraryRecord } from './library-records';
import { emptyReport, type FilteredParams, type LibraryOutcome, type RunEnv } from './run-env';

/** A Filtered run's plan. */
export interface FilteredPlan {
  pool: CategoryCounts;
  /** The source library's rubrics in library order, with effective category and support count. */
  rubrics: { id: string; title: string; family: RubricFamily; category: string; support: number }[];
}

/** Fixes the pool's counts and the source library's rubrics. */
export function planFiltered(db: Db, params: FilteredParams): FilteredPlan {
  requireLibrary(db, params.from);
  if (params.collection !== undefined) requireCollection(db, params.collection);
  const pool = poolCounts(db, params.collection);
  if (Object.keys(pool).length === 0)
    throw new ApiError('invalid_request', `the pool (${params.collection ?? 'every collection'}) has no failure events, so it has no mix to cut to`);
  const rubrics = db
    .prepare<unknown[], FilteredPlan['rubrics'][number]>(
      `SELECT r.id, r.title, r.family, ${rubricCategorySql('r')} AS category, (SELECT count(*) FROM rubric_support s WHERE s.rubric_id = r.id) AS support
      FROM library_rubrics lr JOIN rubrics r ON r.id = lr.rubric_id WHERE lr.library_id = ? ORDER BY lr.position`,
    )
    .all(params.from);
  return { pool, rubrics };
}

/** Cuts the source to the pool's mix and builds the new library record. */
export function executeFiltered(env: RunEnv, params: FilteredParams, plan: FilteredPlan): LibraryOutcome {
  const cut = filterToPool(plan.rubrics, plan.pool, params.targetSize);
  if (cut.kept.length === 0) {
    throw new ApiError('invalid_request', `cutting ${params.from} to the pool's mix keeps nothing (a large pool category has no rubrics); give a target size`);
  }
  const kept = new Set(cut.kept);
  const proposals: ProposalFate[] = plan.rubrics.map((r) => ({
    unit: params.from,
    title: r.title,
    family: r.family,
    category: r.category,
    reasons: kept.has(r.id) ? [] : ['over_quota'],
    formatProblems: [],
    citationProblems: [],
    duplicateOf: null,
  }));
  const funnel = countFunnel(proposals);
  const library = libraryRecord(
    {
      method: 'filtered',
      name: params.name ?? `Filtered ${params.from}`,
      builtAt: env.createdAt,
      run: env.run,
      params: { from: params.from, collection: params.collection ?? null, targetSize: cut.targetSize },
      funnel,
      categories: [],
      allocation: cut.allocation,
    },
    cut.kept,
  );
  const support = env.db.prepare<unknown[], SupportRef>(
    'SELECT rollout_id AS rollout, task_id AS task FROM rubric_support WHERE rubric_id = ? ORDER BY rollout_id',
  );
  const traced = plan.rubrics.filter((r) => kept.has(r.id)).map((r) => ({ id: r.id, title: r.title, support: support.all(r.id) }));
  env.progress(1, `${cut.kept.length} of ${plan.rubrics.length} rubrics kept`);
  return {
    kind: 'library',
    records: { rubrics: [], library },
    traced,
    report: { ...emptyReport(), funnel, proposals, allocation: cut.allocation, library: library.id, rubrics: cut.kept },
  };
}
