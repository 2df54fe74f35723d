import type { CaseProgram, ExperimentDetail } from '../../../common/runs/run-types';

/** What one arm runs for one case: the case's program and command, unless the arm's variant replaces them. */
export interface ArmProgram {
  program: CaseProgram;
  command: string;
}

/**
 * The program an arm runs for a case. A variant naming this case wins over one for every
 * case (`case: null`); an arm without a variant runs the case as it is.
 */
export function armProgram(detail: ExperimentDetail, caseId: string, arm: string): ArmProgram | null {
  const kase = detail.cases.find((c) => c.id === caseId);
  if (!kase) return null;
  const variant = detail.variants.find((v) => v.arm === arm && v.case === caseId) ?? detail.variants.find((v) => v.arm === arm && v.case === null);
  return { program: variant?.program ?? kase.program, command: variant?.command ?? kase.command };
}
