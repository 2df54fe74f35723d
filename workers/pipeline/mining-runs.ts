/**
 * Whole-rollout mining and Quota curation as pipeline runs: the plan (which rollouts or
 * failures, the pool's quotas, the taxonomy) is fixed when the run starts; executing it asks
 * the miner and builds the library's records.
 */
import type { TaxonomyCategory } from '../../common/rubrics/rubric-types';
import { ApiError } from '../../common/errors';
import type { CandidateRubric } from '../curation/candidates';
import { countFunnel } from '../curation/funnel';
import { curateQuota, type QuotaUnit } from '../curation/quota';
import { categoryQuotas, type CategoryQuota } from '../curation/quotas';
import { mineWholeRollouts, type RolloutUnit } from '../curation/whole-rollout';
import type { Db } from '../db/open-corpus';
import { mineUnit } from '../mining/mine-unit';
import { miningCase, type MiningCase } from '../mining/mining-input';
import { getTaxonomy, requireCollection } from '../rubrics/library-queries';
import { poolCounts } from '../retrieval/category-counts';
import { failureCategorySql } from '../categories/effective-category';
import type { CategoryCounts } from '../retrieval/mix';
import { buildLibraryRecords, type LibraryPlan, type LocateProgram } from './library-records';
import { emptyReport, type LibraryOutcome, type MineParams, type QuotaParams, type RunEnv } from './run-env';

/** A mining run's plan. */
export interface MinePlan {
  taxonomy: TaxonomyCategory[];
  units: RolloutUnit[];
}

/** A Quota run's plan. */
export interface QuotaPlan {
  taxonomy: TaxonomyCategory[];
  pool: CategoryCounts;
  quotas: CategoryQuota[];
  /** Per category (code order), the failures to mine in order. */
  failures: Record<string, QuotaUnit[]>;
}

function taxonomyOf(db: Db): TaxonomyCategory[] {
  const { categories } = getTaxonomy(db);
  if (categories.length === 0) throw new ApiError('invalid_request', 'the corpus has no taxonomy: import one before mining (rubric categories come from it)');
  return categories;
}

function rolloutCondition(collection: string | undefined, roles: readonly string[]): { sql: string; params: unknown[] } {
  return {
    sql: `(? IS NULL OR r.collection_id = ?) AND b.role IN (SELECT value FROM json_each(?))`,
    params: [collection ?? null, collection ?? null, JSON.stringify(roles)],
  };
}

/** The rollouts to mine: those asked for, else every rollout with a failure in the collection on the allowed benchmarks. */
export function planMine(db: Db, params: MineParams): MinePlan {
  if (params.collection !== undefined) requireCollection(db, params.collection);
  const taxonomy = taxonomyOf(db);
  let units: RolloutUnit[];
  if (params.rollouts) {
    const task = db.prepare<unknown[], string>('SELECT task_id FROM rollouts WHERE id = ?').pluck();
    units = params.rollouts.map((rollout) => {
      const t = task.get(rollout);
      if (t === undefined) throw new ApiError('not_found', `rollout "${rollout}" is not in this corpus`);
      return { rollout, task: t };
    });
  } else {
    const where = rolloutCondition(params.collection, params.roles);
    units = db
      .prepare<unknown[], RolloutUnit>(
        `SELECT r.id AS rollout, r.task_id AS task FROM rollouts r JOIN tasks t ON t.id = r.task_id JOIN benchmarks b ON b.id = t.benchmark_id
        WHERE ${where.sql} AND EXISTS (SELECT 1 FROM failure_events f WHERE f.rollout_id = r.id) ORDER BY r.id`,
      )
      .all(...where.params);
  }
  if (units.length === 0)
    throw new ApiError('invalid_request', 'there is no rollout to mine: no rollout with a failure matches the collection and benchmark roles');
  return { taxonomy, units };
}

/**
 * The pool's quotas for the target size (the mix of every failure event of the collection, as
 * `libraries.mix` counts it, so the library is matched to the mix the Libraries screen shows),
 * and the failures to mine: those of the collection's rollouts on the allowed benchmarks.
 */
export function planQuota(db: Db, params: QuotaParams): QuotaPlan {
  if (params.collection !== undefined) requireCollection(db, params.collection);
  const taxonomy = taxonomyOf(db);
  const pool = poolCounts(db, params.collection);
  const quotas = categoryQuotas(pool, params.targetSize);
  if (quotas.length === 0)
    throw new ApiError('invalid_request', `the pool (${params.collection ?? 'every collection'}) has no failure events, so it has no mix to match`);
  const where = rolloutCondition(params.collection, params.roles);
  const rows = db
    .prepare<unknown[], QuotaUnit>(
      `SELECT f.id AS failure, f.rollout_id AS rollout, r.task_id AS task, ${failureCategorySql('f')} AS category
      FROM failure_events f JOIN rollouts r ON r.id = f.rollout_id JOIN tasks t ON t.id = r.task_id JOIN benchmarks b ON b.id = t.benchmark_id
      WHERE ${where.sql} ORDER BY f.rollout_id, f.step_idx IS NULL, f.step_idx, f.id`,
    )
    .all(...where.params);
  const failures: Record<string, QuotaUnit[]> = {};
  for (const q of quotas) failures[q.category] = rows.filter((r) => r.category === q.category);
  return { taxonomy, pool, quotas, failures };
}

/** Miner calls a Quota plan can make at most: every failure of every category with a quota. */
export function quotaUnitsAtMost(plan: QuotaPlan): number {
  return plan.quotas.reduce((sum, q) => sum + (q.quota > 0 ? (plan.failures[q.category]?.length ?? 0) : 0), 0);
}

/** Mining cases by rollout, read once per run, and where each shown program lives. */
class Cases {
  private readonly cases = new Map<string, MiningCase>();
  private readonly places = new Map<string, ReturnType<LocateProgram>>();

  constructor(private readonly db: Db) {}

  get(rollout: string): MiningCase {
    let c = this.cases.get(rollout);
    if (!c) {
      c = miningCase(this.db, rollout);
      this.cases.set(rollout, c);
      for (const p of c.programs) if (!this.places.has(p.sha256)) this.places.set(p.sha256, { rollout: p.rollout, path: p.path, version: p.version });
    }
    return c;
  }

  readonly locate: LocateProgram = (sha) => this.places.get(sha) ?? null;
}

function outcome(plan: LibraryPlan, rubrics: CandidateRubric[], miner: string, cases: Cases, report: LibraryOutcome['report']): LibraryOutcome {
  const records = buildLibraryRecords(plan, rubrics, miner, cases.locate);
  return {
    kind: 'library',
    records,
    traced: records.rubrics.map((r) => ({ id: r.id, title: r.title, support: r.support.map((s) => ({ rollout: s.rollout, task: s.task ?? null })) })),
    report: { ...report, library: records.library.id, rubrics: records.library.rubrics },
  };
}

/** Whole-rollout mining: every planned rollout, up to `maxPerRollout` rubrics each. */
export async function executeMine(env: RunEnv, params: MineParams, plan: MinePlan): Promise<LibraryOutcome> {
  const cases = new Cases(env.db);
  const total = plan.units.length;
  const options = { model: params.model, maxTokens: params.maxTokens, maxRubrics: params.maxPerRollout, taxonomy: plan.taxonomy };
  const result = await mineWholeRollouts({
    units: plan.units,
    threshold: params.mergeThreshold,
    mine: (unit) => mineUnit(env.caller, cases.get(unit.rollout), options),
    onAnswer: (done) => env.progress(done, `${done} of ${total} rollouts mined`),
  });
  const funnel = countFunnel(result.proposals);
  const library: LibraryPlan = {
    method: 'whole-rollout',
    name: params.name ?? `Whole-rollout (${params.collection ?? (params.rollouts ? `${params.rollouts.length} rollouts` : 'all collections')})`,
    builtAt: env.createdAt,
    run: env.run,
    params: libraryParams(params),
    funnel,
    categories: [],
    allocation: [],
  };
  return outcome(library, result.rubrics, 'whole-rollout', cases, { ...emptyReport(), funnel, proposals: result.proposals, units: result.units });
}

/** Quota curation of the plan's categories. */
export async function executeQuota(env: RunEnv, params: QuotaParams, plan: QuotaPlan): Promise<LibraryOutcome> {
  const cases = new Cases(env.db);
  const byCode = new Map(plan.taxonomy.map((c) => [c.code, c]));
  const total = quotaUnitsAtMost(plan);
  const result = await curateQuota({
    quotas: plan.quotas,
    failures: new Map(Object.entries(plan.failures)),
    threshold: params.mergeThreshold,
    stopAfterCovered: params.stopAfterCovered,
    mine: (unit) => {
      // A pool category the taxonomy lacks (an old code, `uncategorised`) is still asked for by its code.
      const category = byCode.get(unit.category) ?? { code: unit.category, name: unit.category, family: 'unknown', guideline: null };
      const options = {
        model: params.model,
        maxTokens: params.maxTokens,
        maxRubrics: params.maxPerFailure,
        taxonomy: plan.taxonomy,
        focus: { failure: unit.failure, category },
      };
      return mineUnit(env.caller, cases.get(unit.rollout), options);
    },
    onAnswer: (done) => env.progress(done, `${done} failures mined (at most ${total})`),
  });
  const funnel = countFunnel(result.proposals);
  const library: LibraryPlan = {
    method: 'quota',
    name: params.name ?? `Quota ${params.targetSize}`,
    builtAt: env.createdAt,
    run: env.run,
    params: libraryParams(params),
    funnel,
    categories: result.categories,
    allocation: [],
  };
  return outcome(library, result.rubrics, 'quota', cases, {
    ...emptyReport(),
    funnel,
    proposals: result.proposals,
    units: result.units,
    categories: result.categories,
  });
}

/** The build parameters a library records: what decides its content, not how the run was driven. */
function libraryParams(params: MineParams | QuotaParams): Record<string, unknown> {
  const { limits: _limits, name: _name, ...rest } = params;
  return rest;
}
