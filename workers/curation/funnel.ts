/**
 * The curation funnel (docs/definitions.md): proposed → passed grounding and format → unique →
 * accepted, with a count per rejection reason. Reasons overlap: a proposal rejected at the
 * checks keeps every reason it failed, so the reason counts may add up to more than the
 * rejections. Pure.
 */

import type { CurationFunnel, RejectionReason } from '../../common/pipeline/pipeline-types';

/**
 * Every rejection reason in funnel order: `format` (not in the `### Title` / Applies when /
 * Pattern form), `unknown_category`, `no_citation`, `wrong_program_citation` (a quote
 * attributed to the wrong program), `ungrounded_citation` (any other citation that is not
 * grounded), `off_category` (Quota: not the category asked for), `duplicate` (a near-duplicate
 * of a rubric kept earlier, which took its support), `over_quota` (Quota: its category was full).
 */
export const rejectionReasons = [
  'format',
  'unknown_category',
  'no_citation',
  'wrong_program_citation',
  'ungrounded_citation',
  'off_category',
  'duplicate',
  'over_quota',
] as const satisfies readonly RejectionReason[];

// Every reason of the domain type is listed above.
const _allListed: RejectionReason extends (typeof rejectionReasons)[number] ? true : never = true;

/** Reasons decided by the grounding and format checks, before uniqueness. */
const checkReasons: ReadonlySet<RejectionReason> = new Set([
  'format',
  'unknown_category',
  'no_citation',
  'wrong_program_citation',
  'ungrounded_citation',
  'off_category',
]);

/**
 * Counts a funnel from each proposal's reasons (empty: accepted). A proposal that failed a
 * check never reaches the uniqueness or quota stage, so it cannot also carry `duplicate` or
 * `over_quota`; such input is a bug and throws.
 */
export function countFunnel(proposals: readonly { reasons: readonly RejectionReason[] }[]): CurationFunnel {
  const funnel: CurationFunnel = { proposed: proposals.length, passedChecks: 0, unique: 0, accepted: 0, reasons: {} };
  const counts = new Map<RejectionReason, number>();
  for (const { reasons } of proposals) {
    const failedChecks = reasons.some((r) => checkReasons.has(r));
    if (failedChecks && reasons.some((r) => !checkReasons.has(r)))
      throw new Error(`a proposal that failed its checks cannot also be rejected for ${reasons.join(', ')}`);
    for (const reason of new Set(reasons)) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    if (failedChecks) continue;
    funnel.passedChecks++;
    if (reasons.includes('duplicate')) continue;
    funnel.unique++;
    if (reasons.length === 0) funnel.accepted++;
  }
  for (const reason of rejectionReasons) if (counts.has(reason)) funnel.reasons[reason] = counts.get(reason);
  return funnel;
}
