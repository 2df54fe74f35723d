/**
 * "Did it happen again?" for one re-run attempt: its output goes through the same failure
 * extractor as imported steps, and the result is compared with the failure of the step the
 * case's program came from. Pure; the query reads the log and the original failure.
 */
import type { AttemptDiagnosis, AttemptEnvironment, DiagnosedFailure } from '../../../common/runs/attempt-diagnosis';
import { extractFailure } from '../../failures';

/** An ended (or not) attempt as the diagnosis needs it. */
export interface AttemptForDiagnosis {
  id: number;
  status: string;
  exitCode: number | null;
  command: string;
  /** The terminal output (stdout and stderr together, as a PTY records them). */
  log: string;
  /** Where it ran, when recorded. */
  environment?: AttemptEnvironment | null;
}

const ENDED = new Set(['succeeded', 'failed', 'timeout', 'interrupted', 'unknown']);

/** The line of `programPath` the innermost frame in it points to (frames are outermost first). */
export function programLineOf(frames: readonly { file: string; line: number }[], programPath: string): number | null {
  const name = programPath.split('/').pop()!;
  for (let i = frames.length - 1; i >= 0; i--) {
    const file = frames[i]!.file;
    if (file === programPath || file.endsWith(`/${programPath}`) || file.split('/').pop() === name) return frames[i]!.line;
  }
  return null;
}

/** The attempt's failure as the extractor sees it; null when its output shows none. */
export function attemptFailure(attempt: AttemptForDiagnosis, programPath: string): DiagnosedFailure | null {
  const draft = extractFailure({
    command: attempt.command,
    stdout: attempt.log,
    stderr: '',
    exitCode: attempt.exitCode,
    timedOut: attempt.status === 'timeout',
    killed: attempt.status === 'interrupted',
  });
  if (draft === null) return null;
  return {
    kind: draft.kind,
    exceptionClass: draft.exceptionClass,
    message: draft.message,
    programLine: programLineOf(draft.frames, programPath),
    frames: draft.frames,
    traceback: draft.traceback,
  };
}

/** "ValueError at train.py:23", "command not found: python", "timeout". */
export function nameFailure(f: DiagnosedFailure, programPath: string): string {
  const what = f.exceptionClass ?? f.message ?? f.kind;
  return f.programLine === null ? what : `${what} at ${programPath}:${f.programLine}`;
}

/** The machine rather than the program: a missing package, a missing command, memory. */
function isEnvironment(f: DiagnosedFailure): boolean {
  return f.kind === 'missing_package' || f.kind === 'oom' || (f.message ?? '').startsWith('command not found');
}

/** The attempt's outcome against the original step's failure (`origin`, null when the program came from no failed step). */
export function diagnoseAttempt(attempt: AttemptForDiagnosis, programPath: string, origin: AttemptDiagnosis['origin']): AttemptDiagnosis {
  const base = { attemptId: attempt.id, origin, environment: attempt.environment ?? null };
  if (!ENDED.has(attempt.status)) return { ...base, outcome: 'pending', summary: `not ended (${attempt.status})`, failure: null };
  const failure = attempt.status === 'succeeded' ? null : attemptFailure(attempt, programPath);
  if (attempt.status === 'succeeded' && failure === null) {
    return { ...base, outcome: 'passed', summary: origin ? `passed: ${nameFailure(origin, programPath)} did not happen again` : 'passed', failure: null };
  }
  const found: DiagnosedFailure = failure ?? {
    kind: 'crash',
    exceptionClass: null,
    message: `exit code ${attempt.exitCode ?? 'unknown'} (${attempt.status})`,
    programLine: null,
    frames: [],
    traceback: null,
  };
  if (origin && found.exceptionClass !== null && found.exceptionClass === origin.exceptionClass && found.programLine === origin.programLine) {
    return { ...base, outcome: 'reproduced', summary: `reproduced: ${nameFailure(found, programPath)}`, failure: found };
  }
  if (isEnvironment(found)) {
    return {
      ...base,
      outcome: 'environment',
      summary: `environment: ${found.message ?? found.exceptionClass ?? found.kind}${origin ? `, not ${nameFailure(origin, programPath)}` : ''}`,
      failure: found,
    };
  }
  if (!origin) return { ...base, outcome: 'failed', summary: `failed: ${nameFailure(found, programPath)} (no original failure to compare)`, failure: found };
  return {
    ...base,
    outcome: 'different_failure',
    summary: `different failure: ${nameFailure(found, programPath)}, not ${nameFailure(origin, programPath)}`,
    failure: found,
  };
}
