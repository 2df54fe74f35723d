/** Row shapes of re-execution (cases, experiments, attempts, hosts) and its comparisons the API returns. Plain data only: they cross process boundaries as JSON. */
import type { attemptStatuses } from '../corpus/bundle';

/** Paired comparison of two arms of an experiment (docs/definitions.md); every number comes from its attempt rows. */
export interface ExperimentComparison {
  experiment: string;
  a: string;
  b: string;
  /**
   * Mean of the per-case improvements (direction-signed, see `PairedCase`), only when every case of
   * known direction shares its task's metric and direction; otherwise (or without pairs) null.
   */
  effect: number | null;
  /** When `effect` is null for mixed metrics: mean over cases of improvement / |B's paired mean|; else null. */
  relativeEffect: number | null;
  /** Which pooled figure is shown (and carries `ci`): the effect, the relative effect, or none. */
  pooled: 'effect' | 'relative' | null;
  /** 95% bootstrap interval of the pooled figure shown, resampling tasks with all their cases and repeats. */
  ci: [number, number] | null;
  /** Share of valid pairs (cases of known direction) where A did better, a tie counting one half; null without pairs. */
  winRate: number | null;
  /** Pairs behind the win rate (valid in both arms, task direction known). */
  winPairs: number;
  /** Tasks behind the pooled figure; fewer than 5 carries a warning. */
  pooledTasks: number;
  /** One row per case: what the pooled figures are made of. */
  perCase: PairedCase[];
  /** Why cases are left out of the pooled figures, and other caveats, in words. */
  notes: string[];
  /** Cases with at least one pair / all cases (lost attempts stay in the denominator). */
  coverage: number;
  cases: number;
  pairedCases: number;
  pairs: number;
  resamples: number;
  seed: number;
  /** Medal and above-median placement of each arm on its tasks' leaderboards; null when no task of the experiment has one. */
  placement: {
    tasks: string[];
    a: ArmPlacement;
    b: ArmPlacement;
  } | null;
  /** The same two arms as the research reports them: intervals, sensitivity, adverse endpoint, time, cases better and worse. */
  research: ArmPairResearch;
  validity: {
    /** Valid rate of A minus valid rate of B, an unknown outcome counted as not valid. */
    difference: number;
    /** The same difference with every unknown outcome counted as failed, then as succeeded. */
    sensitivity: { unknownAsFailed: number; unknownAsSucceeded: number };
    slots: { a: number; b: number };
    unknown: { a: number; b: number };
  };
}

/** One figure of the research-style comparison (docs/definitions.md), with its definition and the attempts behind it. */
export interface ResearchFigure {
  /** Null when undefined (an arm without slots, or without timed attempts). */
  value: number | null;
  /** 95% percentile bootstrap interval over tasks; null with the value. */
  ci: [number, number] | null;
  definition: string;
  /** Ids of the attempt rows behind it; planned slots never started have no row (see `neverStarted`). */
  attempts: number[];
}

/** Cases of one kind (better, worse, tied, unpaired) and their attempts in either arm. */
export interface CaseGroup {
  cases: string[];
  attempts: number[];
}

/** The comparison of one pair of arms as the research reports it: A against B, positive favouring A. */
export interface ArmPairResearch {
  a: string;
  b: string;
  tasks: number;
  cases: number;
  /** Planned slots per arm, those with an unknown outcome, and those of them never started (no attempt row). */
  slots: { a: number; b: number };
  unknown: { a: number; b: number };
  neverStarted: { a: number; b: number };
  validity: ResearchFigure;
  /** The validity difference with every unknown outcome counted as failed, then as succeeded (both arms). */
  sensitivity: { unknownAsFailed: number | null; unknownAsSucceeded: number | null; definition: string; attempts: number[] };
  /** The validity difference with every unknown outcome counted against A, and its interval. */
  adverse: ResearchFigure;
  /** Mean wall seconds per timed attempt, A minus B. */
  time: ResearchFigure & { meanA: number | null; meanB: number | null; timed: { a: number; b: number } };
  outcomes: { better: CaseGroup; worse: CaseGroup; tied: CaseGroup; unpaired: CaseGroup; definition: string };
}

/** Every pair of an experiment's arms, each later arm (A) against each earlier one (B). */
export interface ResearchComparison {
  experiment: string;
  arms: string[];
  /** When the figures were computed; each figure names the attempt rows it counts. */
  computedAt: string;
  resamples: number;
  seed: number;
  pairs: ArmPairResearch[];
}

/** One case of a paired comparison (docs/definitions.md). */
export interface PairedCase {
  case: string;
  task: string;
  metric: string | null;
  /** The task's direction; null when unknown (the case is then left out of every pooled figure). */
  higherIsBetter: boolean | null;
  /** Repeats valid in both arms (repeat r with repeat r). */
  pairs: number;
  /** Mean of A's and B's scores over those pairs; null without pairs. */
  meanA: number | null;
  meanB: number | null;
  /** Mean over pairs of s × (A − B), s = +1 when higher is better, −1 when lower: positive means A did better. Null without pairs or direction. */
  improvement: number | null;
  /** improvement / |meanB|; null when either is missing or meanB is 0. */
  relative: number | null;
  /** Why the case is not in the pooled figures, or null when it is. */
  leftOut: 'no pairs' | 'direction unknown' | 'B mean is 0' | null;
}

export type AttemptStatus = (typeof attemptStatuses)[number];

/**
 * How an attempt's score is read (docs/bundle-v1.md): a field of a JSON file the program writes
 * (dotted for nested objects), the first capture group of the last match of a regex over the
 * terminal output, or the stdout of a grader command run in the attempt's folder afterwards.
 */
export type ScoreRule = { from: 'json'; path: string; field: string } | { from: 'stdout'; regex: string } | { from: 'command'; command: string };

/** A case's program: a stored program version, or inline text written at `path`. */
export type CaseProgram = { rollout: string; path: string; version: number } | { path: string; content: string };

export interface CaseSummary {
  id: string;
  task: string;
  program: CaseProgram;
  command: string;
  timeoutS: number;
  score: ScoreRule;
  /** Absolute path of the data folder whose entries appear in the attempt's working folder. */
  dataDir: string | null;
  /** Attempts of this case in every experiment. */
  attempts: number;
}

/**
 * What an arm changes about a case: its program and/or its command. `case: null` applies to
 * every case of the experiment; an arm with no variant runs the case as it is.
 */
export interface ArmVariant {
  arm: string;
  case: string | null;
  program: CaseProgram | null;
  command: string | null;
}

/** One slot `(case, arm, repeat)` of an experiment and its outcome. */
export interface AttemptRow {
  id: number;
  experiment: string;
  case: string;
  arm: string;
  repeat: number;
  status: AttemptStatus;
  exitCode: number | null;
  wallS: number | null;
  score: number | null;
  valid: boolean | null;
  /** Where it ran: `local`, the SSH host's name, or the Slurm node. */
  host: string | null;
  /** `local`, `ssh:<host>` or `slurm`; null for a slot never dispatched. */
  backend: string | null;
  /** Slurm `JOBID_TASK`, or the remote process group over SSH. */
  backendJobId: string | null;
  /** The `runs.start` job that dispatched it. */
  runJobId: string | null;
  /** The time cap it ran under, in seconds. */
  timeoutS: number | null;
  dispatchedAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  /** Why it is interrupted or unknown, or what went wrong around the program (never the program's own error). */
  error: string | null;
  /** The attempt's folder on this machine (its files and copied-back artifacts). */
  workDir: string | null;
  /** Bytes of its stored log; null when it has none. */
  logBytes: number | null;
  /** The slot it ran in (`HOST#N`); null for a slot never dispatched or a Slurm task. */
  slot: string | null;
  /** The GPU(s) it saw (`CUDA_VISIBLE_DEVICES`); null on a host without GPUs. */
  gpu: string | null;
  /** Names of the environment variables the program received (never their values); null when unknown. */
  envNames: string[] | null;
}

export type AttemptCounts = Record<AttemptStatus, number>;

export interface ExperimentSummary {
  id: string;
  name: string;
  arms: string[];
  repeats: number;
  caseCount: number;
  counts: AttemptCounts;
  /** Every planned slot (cases x arms x repeats): the denominator of every count. */
  planned: number;
  /** Slots never started (queued and never dispatched); Continue can start them. */
  neverStarted: number;
}

/** An experiment with its attempt grid: every slot of case x arm x repeat, in that order. */
export interface ExperimentDetail extends Omit<ExperimentSummary, 'caseCount'> {
  variants: ArmVariant[];
  cases: CaseSummary[];
  attempts: AttemptRow[];
}

export interface RunStarted {
  jobId: string;
  experiment: string;
  backend: string;
  /** Ids of the attempts this run dispatches. */
  attempts: number[];
  /** Hosts of the pool that refused (their key, their login) at the start and were left out. */
  refusedHosts?: { host: string; message: string }[];
  /** With `wait`, their final rows; otherwise their rows as dispatched. */
  rows: AttemptRow[];
}

export interface RerunStarted extends RunStarted {
  case: CaseSummary;
}

export interface AttemptLog {
  attemptId: number;
  /** The terminal output as recorded (ANSI sequences kept, CR LF line ends as a PTY writes them). */
  text: string;
  /** Bytes of output the program wrote, including any omitted from the middle of a very long log. */
  bytes: number;
  omittedBytes: number;
}

/** An SSH host of Settings. Never holds a secret: the identity file is a path the system ssh reads. */
export interface HostConfig {
  name: string;
  user: string;
  host: string;
  port: number;
  identityFile: string | null;
  /** known_hosts file to check the host key against; null: the user's ~/.ssh/known_hosts. */
  knownHostsFile: string | null;
  /** Remote folder under which each attempt gets its own folder (`~/...` or absolute). */
  workDir: string;
  gpuLabel: string;
  /** Attempts it runs at once; null: one per GPU `nvidia-smi -L` reports, or one without GPUs. */
  slots: number | null;
  /** Environment variable names its programs may receive beyond the allowlist. */
  envNames: string[];
}

/** The local machine as a run host (Settings; kept in the corpus's user settings). */
export interface LocalHostSettings {
  slots: number | null;
  envNames: string[];
}

/** How one arm's attempts place on their tasks' leaderboards by the MLE-bench rule. */
export interface ArmPlacement {
  /** Slots (case × repeat) of cases whose task has a leaderboard: the denominator of both rates. */
  slots: number;
  medals: { gold: number; silver: number; bronze: number };
  /** Slots that earned a medal / slots; a failed, invalid, lost or unknown attempt earns nothing. */
  medalRate: number;
  aboveMedianRate: number;
  /** Cases where at least one repeat medals (pass@k over the repeats) / cases. */
  cases: number;
  anyMedalRate: number;
  anyAboveMedianRate: number;
}

/** A task's leaderboard: where it came from and its MLE-bench thresholds. */
export interface TaskLeaderboard {
  task: string;
  source: string;
  teams: number;
  lowerIsBetter: boolean;
  gold: number;
  silver: number;
  bronze: number;
  median: number;
}

/** The disk the runs folders of a corpus use (`runs.diskUse`). */
export interface RunsDiskUse {
  /** The runs folder beside the corpus (or `$RWB_RUNS_DIR`). */
  root: string;
  /** Everything under it, symbolic links counted as links (data folders are linked in, not copied). */
  bytes: number;
  /** The folders of finished attempts (under the root or a Slurm work folder): what `runs.prune` would remove. */
  finished: { folders: number; bytes: number };
}

/** What `runs.prune` removed (or, with `dryRun`, would remove); the attempts' records and logs stay in the corpus. */
export interface RunsPruned {
  dryRun: boolean;
  folders: number;
  bytes: number;
  attempts: number[];
}
