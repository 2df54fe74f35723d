/** How a step ended, as a badge label and tone. */
import type { StepRow } from '../../../common/corpus/corpus-types';

/** Visual tone of a status badge. */
export type Tone = 'ok' | 'fail' | 'warn' | 'neutral';

/** A step's exit status for display. */
export interface ExitStatus {
  label: string;
  tone: Tone;
  title: string;
}

/** 124 is what `timeout(1)` exits with; 137 is 128 + SIGKILL, usually the OOM killer or a time cap. */
export function exitStatus(step: Pick<StepRow, 'exitCode' | 'timedOut' | 'killed'>): ExitStatus {
  if (step.timedOut || step.exitCode === 124) return { label: 'timeout', tone: 'warn', title: `timed out (exit ${step.exitCode ?? '—'})` };
  if (step.killed || step.exitCode === 137) return { label: 'killed', tone: 'fail', title: `killed (exit ${step.exitCode ?? '—'})` };
  if (step.exitCode === null) return { label: '—', tone: 'neutral', title: 'no exit code recorded' };
  if (step.exitCode === 0) return { label: '0', tone: 'ok', title: 'exit 0' };
  return { label: String(step.exitCode), tone: 'fail', title: `exit ${step.exitCode}` };
}

/** A step counts as failed when it has a failure event or did not exit cleanly. */
export function isFailedStep(step: Pick<StepRow, 'exitCode' | 'timedOut' | 'killed' | 'failureKind'>): boolean {
  return step.failureKind !== null || step.timedOut || step.killed || (step.exitCode !== null && step.exitCode !== 0);
}
