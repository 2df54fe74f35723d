/**
 * Whole-rollout mining (docs/domain.md library method `whole-rollout`): the miner reads each
 * rollout's failures and programs and proposes up to N rubrics; proposals that pass their
 * checks are merged into near-duplicates, in rollout order. Pure: the miner comes in as a
 * function, so the same answers always give the same rubrics.
 */
import type { MiningUnitReport, ProposalFate } from '../../common/pipeline/pipeline-types';
import { CandidateSet, fateOf, type CandidateRubric, type MinerAnswer } from './candidates';
import type { SupportRef } from './near-duplicates';
import { settleAll } from './settle-all';

/** One rollout to mine. */
export interface RolloutUnit {
  rollout: string;
  task: string | null;
}

/** The rollouts to mine, the merge threshold and the miner. */
export interface WholeRolloutInput {
  units: readonly RolloutUnit[];
  threshold: number;
  mine(unit: RolloutUnit): Promise<MinerAnswer>;
  /** Called as each unit's answer arrives, with the count so far. */
  onAnswer?(done: number): void;
}

/** Kept rubrics, every proposal's fate and every unit's outcome. */
export interface MiningResult {
  rubrics: CandidateRubric[];
  proposals: ProposalFate[];
  units: MiningUnitReport[];
}

/**
 * Asks the miner about every unit (concurrently, as the model client's limits allow), then
 * merges the answers in unit order, so the result never depends on which answer came first.
 */
export async function mineWholeRollouts(input: WholeRolloutInput): Promise<MiningResult> {
  let done = 0;
  const answers = await settleAll(
    input.units.map(async (unit) => {
      const answer = await input.mine(unit);
      input.onAnswer?.(++done);
      return answer;
    }),
  );
  const set = new CandidateSet(input.threshold);
  const proposals: ProposalFate[] = [];
  const units = input.units.map((unit, i): MiningUnitReport => {
    const answer = answers[i]!;
    const base = { unit: unit.rollout, rollout: unit.rollout, failure: null, category: null };
    if (!answer.ok) return { ...base, outcome: 'failed', reason: answer.reason, message: answer.message, proposals: 0, kept: 0 };
    const support: SupportRef[] = [{ rollout: unit.rollout, task: unit.task }];
    let kept = 0;
    for (const checked of answer.proposals) {
      const fate = fateOf(unit.rollout, checked);
      proposals.push(fate);
      if (fate.reasons.length > 0) continue;
      const offer = set.offer(checked, support, true);
      if (offer.outcome === 'kept') kept++;
      else if (offer.outcome === 'duplicate') {
        fate.reasons.push('duplicate');
        fate.duplicateOf = set.rubrics[offer.into]!.rubric.title;
      }
    }
    return { ...base, outcome: 'mined', reason: null, message: null, proposals: answer.proposals.length, kept };
  });
  return { rubrics: set.rubrics, proposals, units };
}
