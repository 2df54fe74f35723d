/**
 * What a re-run attempt says about the failure it re-ran (issue 13 item 3): its output parsed
 * by the same failure extractor as imported steps, and its outcome against the step its
 * program came from.
 */
import type { FailureKind } from '../corpus/corpus-types';

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
  /** Where it ran; null when it was not recorded (another backend, or an attempt from before). */
  environment: AttemptEnvironment | null;
}

/** Where an attempt ran, probed in its working folder with its environment when it ended, on whichever backend ran it. */
export interface AttemptEnvironment {
  host: string;
  /** `sys.version` of the `python3` the attempt's PATH finds, with its executable; null when there is none. */
  python: { version: string; executable: string } | null;
  /** sha256 of the sorted `name==version` lines of every installed distribution (what `pip freeze` lists), first 16 hex digits. */
  freezeDigest: string | null;
  /** Distributions installed, counted for the digest. */
  packages: number;
  /** The version of each top-level module the program imports; null when it is not an installed distribution (the standard library, or missing). */
  imports: Record<string, string | null>;
  /** From `nvidia-smi`, when it exists. */
  gpus: { name: string; driver: string }[];
  /** Why a part could not be probed (a probe that failed or timed out). */
  problems: string[];
}

/** "host · Python 3.11.7 · freeze 1a2b… (212 packages) · pandas 2.2.2 · GPU A100 (driver 535.104)", as a line of facts. */
export function environmentFacts(env: AttemptEnvironment): string[] {
  const facts = [env.host];
  facts.push(env.python ? `Python ${env.python.version}` : 'no python3');
  if (env.freezeDigest) facts.push(`freeze ${env.freezeDigest} (${env.packages} packages)`);
  const imports = Object.entries(env.imports).filter(([, v]) => v !== null);
  if (imports.length) facts.push(imports.map(([name, version]) => `${name} ${version}`).join(', '));
  for (const gpu of env.gpus) facts.push(`GPU ${gpu.name} (driver ${gpu.driver})`);
  for (const problem of env.problems) facts.push(`not probed: ${problem}`);
  return facts;
}

/** One attempt that re-ran a stored program version, with its outcome against the step it came from. */
export interface ProgramRerun {
  attemptId: number;
  experiment: string;
  status: string;
  host: string | null;
  outcome: AttemptOutcomeVsOrigin;
  summary: string;
}
