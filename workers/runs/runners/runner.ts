/**
 * The one interface behind every backend (docs/architecture.md "Runners"). A runner executes attempts
 * and reports what happened to the program; turning that into an attempt record (status,
 * score, validity) is done once, by the run job, so all backends produce the same records.
 * No runner retries anything by itself.
 */
import type { ScoreRule } from '../../../common/runs/run-types';

/** A file of the case, written at `path` (relative, checked) in the attempt's working folder. */
export interface CaseFile {
  path: string;
  content: string;
}

/** Everything a backend needs to run one slot `(case, arm, repeat)`. */
export interface AttemptSpec {
  attemptId: number;
  experiment: string;
  caseId: string;
  arm: string;
  repeat: number;
  files: CaseFile[];
  /** Local folder whose entries appear in the working folder (linked locally, copied over SSH). */
  dataDir: string | null;
  /** The entry command, run by bash in the working folder (it is the case's own shell command). */
  command: string;
  timeoutS: number;
  score: ScoreRule;
  /** A local folder, fresh for this attempt, that holds its files afterwards (and its working folder, locally). */
  localDir: string;
  /** Environment variable names the case (and the host it runs on) adds to the allowlist. */
  envNames: string[];
  /** GPUs each attempt asks Slurm for beyond the run's setting (the case's `gpus`). */
  gpus: number | null;
  /** The slot it runs in (`HOST#N`), set by the dispatcher. */
  slot?: string;
  /** The GPU(s) its slot holds, as `CUDA_VISIBLE_DEVICES`; null or absent on a host without GPUs. */
  gpu?: string | null;
}

/** How the program ended, as far as the backend can tell. */
export type RawEnd =
  /** It exited by itself (a signal death counts, with 128 + signal as its code). */
  | 'exited'
  /** The time cap stopped it. */
  | 'timeout'
  /** The user cancelled it, or the backend stopped it (a lost connection that could clean up, a preempted job). */
  | 'interrupted'
  /** Nobody can tell what happened (the connection was lost and the remote side could not be checked, a job vanished). */
  | 'unknown';

export interface RawOutcome {
  end: RawEnd;
  exitCode: number | null;
  wallS: number | null;
  /** The grader's stdout when the score rule is a command and the grader ran. */
  graderOutput: string | null;
  /** Why the attempt is interrupted or unknown, or what went wrong around the program. */
  error: string | null;
  /** Where it ran, as the attempt's `host`. */
  host: string;
  /** The connection to its host was lost: the host takes no more attempts this run. */
  hostLost?: boolean;
  /** Names of the environment variables the program received, when the backend knows them. */
  envNames?: string[];
}

export interface StartedInfo {
  host: string;
  backendJobId: string | null;
  /** Set by the slot dispatcher: the attempt's backend (`local`, `ssh:<host>`), slot and GPU. */
  backend?: string;
  slot?: string | null;
  gpu?: string | null;
}

/** What a runner reports while it works, per attempt. */
export interface RunnerEvents {
  /** The attempt was handed to the backend (submitted to Slurm; for local and SSH the same moment as started). */
  dispatched(attemptId: number, info: StartedInfo): void;
  /** The program started. */
  started(attemptId: number, info: StartedInfo): void;
  /** Terminal output (program stdout and stderr as one stream, plus the backend's own messages). */
  output(attemptId: number, data: string): void;
  /** The attempt is over; the files it left are in its `localDir`. */
  finished(attemptId: number, outcome: RawOutcome): void;
  /**
   * A dispatched attempt was taken back before its program started (a pending Slurm task
   * cancelled): the slot is never-started again, so "continue" will start it.
   */
  withdrawn(attemptId: number, reason: string): void;
}

export interface Runner {
  /** `local`, `ssh:<host>` or `slurm`. */
  readonly backend: string;
  /**
   * Checks that the backend can run anything at all (ssh reaches the host and trusts its key,
   * sbatch exists) before any slot is dispatched, so a refusal leaves every slot never started.
   */
  prepare(signal: AbortSignal): Promise<void>;
  /**
   * Runs attempts (a case's repeats for one arm, or more) and resolves when each has been
   * reported `finished`. Aborting the signal kills what runs; slots it never dispatched are
   * left alone (no `dispatched` event), so a later "continue" can start them.
   */
  run(attempts: readonly AttemptSpec[], events: RunnerEvents, signal: AbortSignal, stop?: AbortSignal): Promise<void>;
  /** Releases connections and helper processes. */
  close(): Promise<void>;
}

/** The time cap's grace: SIGTERM first, SIGKILL this many seconds later (and `timeout --kill-after`). */
export const killGraceS = 5;

/**
 * Whether an exit code from GNU `timeout` means the cap fired: 124 (the program ended on
 * SIGTERM) or 137 (it needed SIGKILL), and only when the cap had really elapsed, so a
 * program that exits 124 by itself is not taken for a time-out.
 */
export function cappedExit(exitCode: number | null, wallS: number | null, timeoutS: number): boolean {
  return (exitCode === 124 || exitCode === 137) && wallS !== null && wallS >= timeoutS - 0.25;
}

/**
 * One host of a pool for the slot dispatcher (local and ssh): it runs one attempt at a time
 * per call, as many calls at once as it has slots.
 */
export interface SlotHost {
  /** `local` or the SSH host's name. */
  readonly name: string;
  /** `local` or `ssh:<host>`. */
  readonly backend: string;
  /** Names its programs may receive beyond the allowlist (Settings). */
  readonly envNames: readonly string[];
  /** Checks the host can run anything (ssh: reaches it and trusts its key). */
  prepare(signal: AbortSignal): Promise<void>;
  /** What the GPU list depends on (the machine, and locally the PATH that finds nvidia-smi): probes are reused by it. */
  readonly probeKey: string;
  /** GPU indices `nvidia-smi -L` reports there; none without GPUs (or without nvidia-smi). */
  gpus(signal: AbortSignal): Promise<string[]>;
  /**
   * Free bytes on the volume `spec`'s attempt would write to on this host (locally its folder's,
   * over SSH the remote work folder's), or null when the host cannot tell.
   */
  freeBytes(spec: AttemptSpec, signal: AbortSignal): Promise<number | null>;
  /** Where `freeBytes` looked, for a message. */
  volumeOf(spec: AttemptSpec): string;
  /** Runs one attempt to its end (reporting `dispatched`, `started`, `output`, never `finished`). */
  runAttempt(spec: AttemptSpec, events: RunnerEvents, signal: AbortSignal): Promise<RawOutcome>;
  close(): Promise<void>;
}

/** Environment variables every program gets, on every backend: which slot it is (and its GPU). */
export function attemptEnv(spec: AttemptSpec): Record<string, string> {
  return {
    RWB_EXPERIMENT: spec.experiment,
    RWB_CASE: spec.caseId,
    RWB_ARM: spec.arm,
    RWB_REPEAT: String(spec.repeat),
    RWB_ATTEMPT: String(spec.attemptId),
    ...(spec.gpu ? { CUDA_VISIBLE_DEVICES: spec.gpu } : {}),
  };
}

/** `nvidia-smi -L` output ("GPU 0: NVIDIA A100 (UUID: ...)" per line) as GPU indices. */
export function parseGpuList(text: string): string[] {
  return [...text.matchAll(/^GPU (\d+):/gm)].map((m) => m[1]!);
}
