/** How an aligned row reads: what differs in words, and whether a failure sits on one side only. */
import type { StepRow } from '../../../common/corpus/corpus-types';
import type { AlignedRow, RowDifference } from '../../../common/corpus/rollout-comparison';
import { isFailedStep } from '../lib/exit-status';

export const differenceLabels: Record<RowDifference, string> = {
  only_a: 'only in A',
  only_b: 'only in B',
  outcome: 'outcome differs',
  program: 'program differs',
  command: 'command differs',
};

/** The row's differences in words, for its title and the summary. */
export function describeDifferences(row: AlignedRow): string {
  return row.differs.length === 0 ? 'same on both sides' : row.differs.map((d) => differenceLabels[d]).join(', ');
}

/** Which side alone failed on this row (a gap facing a failed step counts), or null. */
export function oneSidedFailure(a: StepRow | undefined, b: StepRow | undefined): 'a' | 'b' | null {
  const failedA = a !== undefined && isFailedStep(a);
  const failedB = b !== undefined && isFailedStep(b);
  if (failedA === failedB) return null;
  return failedA ? 'a' : 'b';
}
