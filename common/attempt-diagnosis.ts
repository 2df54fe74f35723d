/**
 * What a re-run attempt says about the failure it re-ran (issue 13 item 3): its output parsed
 * by the same failure extractor as imported steps, and its outcome against the step its
 * program came from.
 */
import type { FailureKind } from './domain';

/**
 * `reproduced`: the same exception class at the same program line; `different_failure`: a
 * failure that is not that one (named in `summary`); `passed`: the attempt succeeded;
 * `environment`: the machine, not the program (missing package, command not found, out of
 * memory); `failed`: a failure with no original failure to compare; `pending`: not ended.
 */
export type AttemptOutcomeVsOrigin = 'reproduced' | 'different_failure' | 'passed' | 'environment' | 'failed' | 'pending';

/** A failure as the diagnosis compares it. */
export interface DiagnosedFailure {
  kind: FailureKind;
  exceptionClass: string | null;
  message: string | null;
  /** The line of the case's program the innermost frame in it points to; null when no frame does. */
  programLine: number | null;
  frames: { file: string; line: number; function: string | null }[];
  traceback: string | null;
}

export interface AttemptDiagnosis {
  attemptId: number;
  outcome: AttemptOutcomeVsOrigin;
  /** The outcome in words: "reproduced: ValueError at train.py:23". */
  summary: string;
  /** The attempt's own failure, parsed; null when it passed or has not ended. */
  failure: DiagnosedFailure | null;
  /** The failed step the case's program came from, when there is one. */
  origin: (DiagnosedFailure & { rollout: string; step: number }) | null;
}
