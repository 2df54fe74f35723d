/**
 * One miner call: the request for a rollout (or one of its failures), and its answer checked
 * against the programs the miner was shown and the taxonomy.
 */
import type { MinerAnswer } from '../curation/candidates';
import { ShownPrograms } from '../curation/citations';
import { checkProposal } from '../curation/proposal-checks';
import type { RunCaller } from '../model/model-calls';
import type { MiningCase } from './mining-input';
import { minerRequest, type MinerRequestOptions } from './miner-request';

/** Asks the miner about one case and checks every rubric it proposes. */
export async function mineUnit(caller: RunCaller, input: MiningCase, options: MinerRequestOptions): Promise<MinerAnswer> {
  const result = await caller.call(minerRequest(input, options));
  if (!result.ok) return { ok: false, reason: result.reason, message: result.message };
  const programs = new ShownPrograms(input.programs);
  const categories = new Set(options.taxonomy.map((c) => c.code));
  const focusCategory = options.focus?.category.code;
  return {
    ok: true,
    proposals: result.value.rubrics.map((proposal) => checkProposal(proposal, { programs, categories, focusCategory })),
  };
}
