/**
 * Quota curation (docs/definitions.md): the miner is asked for rubrics category by category, one
 * failure at a time, until the category's share of the target size is filled; a category
 * stops early once its new failures are already covered. Pure: the miner comes in as a
 * function, so the same answers always give the same library.
 *
 * A failure is *covered* when the miner's proposals for it that passed their checks were
 * all near-duplicates of rubrics the category already holds: it taught nothing new. After
 * `stopAfterCovered` such failures in a row the category stops. Categories run concurrently
 * (each one's failures strictly in order); a last merge over all categories in code order
 * then folds near-duplicates across categories, so the outcome never depends on timing.
 */
import type { MiningUnitReport, ProposalFate, QuotaCategoryReport } from '../../common/pipeline/pipeline-types';
import { CandidateSet, fateOf, mergeText, type CandidateRubric, type MinerAnswer } from './candidates';
import { NearDuplicateIndex, unionSupport } from './near-duplicates';
import type { CategoryQuota } from './quotas';
import { settleAll } from './settle-all';
import type { MiningResult } from './whole-rollout';

/** One failure event the miner may be pointed at, in its effective category. */
export interface QuotaUnit {
  failure: number;
  rollout: string;
  task: string | null;
  category: string;
}

/** A Quota run: quotas, the failures to mine per category, the merge threshold, the stop rule and the miner. */
export interface QuotaInput {
  quotas: readonly CategoryQuota[];
  /** Per category, the failures to mine in the order they are tried. */
  failures: ReadonlyMap<string, readonly QuotaUnit[]>;
  threshold: number;
  /** Consecutive covered failures after which a category stops (at least 1). */
  stopAfterCovered: number;
  mine(unit: QuotaUnit): Promise<MinerAnswer>;
  onAnswer?(done: number): void;
}

/**
 * Why a category stopped: its quota was `full`, its new failures were `covered`, it ran out of
 * failures (`exhausted`, its quota possibly unfilled), or it had `no_quota`.
 */
export type CategoryStop = QuotaCategoryReport['stop'];

/** The kept rubrics and every fate, plus how each category was filled. */
export interface QuotaResult extends MiningResult {
  categories: QuotaCategoryReport[];
}

interface CategoryRun {
  report: QuotaCategoryReport;
  set: CandidateSet;
  /** The fate of each kept rubric, by its index in `set`. */
  keptFates: ProposalFate[];
  keptUnits: MiningUnitReport[];
  proposals: ProposalFate[];
  units: MiningUnitReport[];
}

/** The unit name of a failure in reports. */
function quotaUnitName(unit: QuotaUnit): string {
  return `${unit.rollout}/failure-${unit.failure}`;
}

async function runCategory(quota: CategoryQuota, input: QuotaInput, answered: () => void): Promise<CategoryRun> {
  const failures = input.failures.get(quota.category) ?? [];
  const report: QuotaCategoryReport = { ...quota, failures: failures.length, asked: 0, failedCalls: 0, covered: 0, filled: 0, stop: 'no_quota' };
  const run: CategoryRun = { report, set: new CandidateSet(input.threshold), keptFates: [], keptUnits: [], proposals: [], units: [] };
  if (quota.quota === 0) return run;
  const { set } = run;
  let streak = 0;
  let stop: CategoryStop | null = null;
  for (const unit of failures) {
    if (set.rubrics.length >= quota.quota) stop = 'full';
    else if (streak >= input.stopAfterCovered) stop = 'covered';
    if (stop) break;
    report.asked++;
    const answer = await input.mine(unit);
    answered();
    const name = quotaUnitName(unit);
    const base = { unit: name, rollout: unit.rollout, failure: unit.failure, category: quota.category };
    if (!answer.ok) {
      report.failedCalls++;
      run.units.push({ ...base, outcome: 'failed', reason: answer.reason, message: answer.message, proposals: 0, kept: 0 });
      continue;
    }
    const unitReport: MiningUnitReport = { ...base, outcome: 'mined', reason: null, message: null, proposals: answer.proposals.length, kept: 0 };
    run.units.push(unitReport);
    let passed = 0;
    for (const checked of answer.proposals) {
      const fate = fateOf(name, checked);
      run.proposals.push(fate);
      if (fate.reasons.length > 0) continue;
      passed++;
      const offer = set.offer(checked, [{ rollout: unit.rollout, task: unit.task }], set.rubrics.length < quota.quota);
      if (offer.outcome === 'kept') {
        unitReport.kept++;
        run.keptFates.push(fate);
        run.keptUnits.push(unitReport);
      } else if (offer.outcome === 'duplicate') {
        fate.reasons.push('duplicate');
        fate.duplicateOf = set.rubrics[offer.into]!.rubric.title;
      } else fate.reasons.push('over_quota');
    }
    if (unitReport.kept > 0) streak = 0;
    else if (passed > 0) {
      streak++;
      report.covered++;
    }
  }
  report.stop = stop ?? (set.rubrics.length >= quota.quota ? 'full' : 'exhausted');
  return run;
}

/** Runs Quota curation; see the module comment. Quotas come in code order and results keep it. */
export async function curateQuota(input: QuotaInput): Promise<QuotaResult> {
  let done = 0;
  const answered = () => input.onAnswer?.(++done);
  const runs = await settleAll(input.quotas.map((q) => runCategory(q, input, answered)));

  const index = new NearDuplicateIndex(input.threshold);
  const rubrics: CandidateRubric[] = [];
  for (const run of runs) {
    run.set.rubrics.forEach((rubric, i) => {
      const match = index.match(mergeText(rubric.rubric));
      if (match === null) {
        index.add(mergeText(rubric.rubric));
        rubrics.push(rubric);
        return;
      }
      const target = rubrics[match.into]!;
      target.support = unionSupport(target.support, rubric.support);
      const fate = run.keptFates[i]!;
      fate.reasons.push('duplicate');
      fate.duplicateOf = target.rubric.title;
      run.keptUnits[i]!.kept--;
    });
    run.report.filled = run.keptFates.filter((f) => f.reasons.length === 0).length;
  }
  return {
    rubrics,
    proposals: runs.flatMap((r) => r.proposals),
    units: runs.flatMap((r) => r.units),
    categories: runs.map((r) => r.report),
  };
}
