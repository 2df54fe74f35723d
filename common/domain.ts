/** Row shapes the API returns. Plain data only: they cross process boundaries as JSON. */
import type { ApiErrorData } from './errors';
import type { benchmarkRoles, disciplines, failureKinds, grades } from './bundle';
import type { libraryMethods, rubricFamilies } from './bundle';
import type { attemptStatuses } from './bundle';

export type Grade = (typeof grades)[number];
export type BenchmarkRole = (typeof benchmarkRoles)[number];
export type Discipline = (typeof disciplines)[number];
export type FailureKind = (typeof failureKinds)[number];

export interface CorpusStats {
  benchmarks: number;
  tasks: number;
  rollouts: number;
  steps: number;
  programs: number;
  failures: number;
  rubrics: number;
  libraries: number;
  labels: number;
  attempts: number;
}

export interface AppInfo {
  appVersion: string;
  dbPath: string;
  schemaVersion: number;
  shell: 'electron' | 'serve' | 'cli';
}

export interface FacetCount<K extends string = string> {
  value: K;
  label: string;
  count: number;
}

export interface CorpusFacets {
  benchmarks: (FacetCount & { role: BenchmarkRole; discipline: Discipline })[];
  collections: FacetCount[];
  grades: FacetCount<Grade | 'ungraded'>[];
}

export interface RolloutRow {
  id: string;
  taskId: string;
  benchmarkId: string;
  collectionId: string | null;
  collectionName: string | null;
  agent: string | null;
  seed: number | null;
  grade: Grade | null;
  score: number | null;
  steps: number;
  failures: number;
  durationMs: number;
}

export interface RolloutPage {
  total: number;
  offset: number;
  rows: RolloutRow[];
}

export interface ProgramVersionRef {
  path: string;
  version: number;
}

export interface ProgramVersionInfo extends ProgramVersionRef {
  sha256: string;
  lines: number;
}

export interface RolloutDetail extends RolloutRow {
  taskStatement: string;
  metric: string | null;
  higherIsBetter: boolean | null;
  benchmarkRole: BenchmarkRole;
  submitted: string | null;
  graderVerdict: string | null;
  medal: string | null;
  aboveMedian: boolean | null;
  validSubmission: boolean | null;
  programs: ProgramVersionInfo[];
  gradingFailures: FailureEvent[];
}

export interface StepRow {
  index: number;
  parent: number | null;
  command: string;
  exitCode: number | null;
  durationMs: number | null;
  timedOut: boolean;
  killed: boolean;
  score: number | null;
  stdoutBytes: number;
  stderrBytes: number;
  program: ProgramVersionRef | null;
  failureKind: FailureKind | null;
  exceptionClass: string | null;
}

export interface Frame {
  file: string;
  line: number;
  function: string | null;
  code?: string;
}

export interface FailureEvent {
  id: number;
  rolloutId: string;
  step: number | null;
  kind: FailureKind;
  exceptionClass: string | null;
  message: string | null;
  frames: Frame[];
  traceback: string | null;
  program: ProgramVersionRef | null;
  programLine: number | null;
  category: string | null;
  suggestedCategory: string | null;
  cause: string | null;
}

export interface StepDetail extends StepRow {
  rolloutId: string;
  stdout: string;
  stderr: string;
  failure: FailureEvent | null;
}

export interface ProgramContent extends ProgramVersionInfo {
  rolloutId: string;
  content: string;
}

export interface ImportFileResult {
  file: string;
  format: string;
  rollouts: number;
  steps: number;
  programs: number;
  failures: number;
  rubrics: number;
  libraries: number;
  labels: number;
  duplicates: number;
  /** Why this file was not imported; null when it was. Nothing from a failed file is written. */
  error: ApiErrorData | null;
}

export interface ImportResult {
  files: ImportFileResult[];
}

export interface ExportResult {
  path: string;
  records: number;
}

export interface SearchHit {
  rollout: string | null;
  step: number | null;
  rubric: string | null;
  field: 'command' | 'stdout' | 'stderr' | 'rubric';
  /** Plain text around the match; `highlights` are [start, end) character ranges of matched words in it. */
  snippet: string;
  highlights: [number, number][];
}

/** One row of the editable table that suggests failure categories (first match in position order wins). */
export interface CategoryRule {
  id: number;
  position: number;
  category: string;
  field: 'kind' | 'exception_class' | 'message' | 'traceback' | 'command';
  /** A regular expression, matched case-insensitively. */
  pattern: string;
  enabled: boolean;
  note: string;
}

/** Agreement between annotators under one label schema (DESIGN.md §3). */
export type AgreementReport = {
  schema: string;
  annotators: string[];
  /** Items labelled by both annotators (kappa) or by at least two (alpha). */
  items: number;
  /** Observed and chance agreement behind the coefficient. */
  observed: number;
  expected: number;
} & (
  | { method: 'kappa'; kappa: number | null; confusion: { values: string[]; counts: number[][] } }
  | { method: 'alpha'; alpha: number | null }
);

export type LibraryMethod = (typeof libraryMethods)[number];
export type RubricFamily = (typeof rubricFamilies)[number];

/** One frozen library, as the Libraries screen lists it. */
export interface LibrarySummary {
  id: string;
  name: string;
  method: LibraryMethod;
  builtAt: string;
  /** Rubrics in the library. */
  size: number;
  /** The build parameters recorded with the library. */
  params: Record<string, unknown>;
  /** Distinct effective categories of its rubrics (`uncategorised` counts as one). */
  categories: number;
}

/**
 * A library's category mix against the pool's (DESIGN.md §3). Keys are category codes or
 * `uncategorised`; shares sum to 1 on each side that has rows.
 */
export interface LibraryMix {
  /** Share of the library's rubrics per category. */
  library: Record<string, number>;
  /** Share of the pool's failure events per effective category. */
  pool: Record<string, number>;
  /** Total variation distance x 100 (0 = same mix, 100 = no overlap); null when either side is empty. */
  distance: number | null;
  counts: { library: Record<string, number>; pool: Record<string, number> };
  libraryTotal: number;
  poolTotal: number;
}

/** One row of the rubric table. `category` is the rubric's own (null when it has none). */
export interface RubricRow {
  id: string;
  title: string;
  category: string | null;
  family: RubricFamily;
  miner: string | null;
  /** Source rollouts the rubric came from. */
  support: number;
  /** Ids of the libraries that hold it. */
  libraries: string[];
}

export interface RubricPage {
  total: number;
  offset: number;
  rows: RubricRow[];
}

/** One source rollout of a rubric; the rollout may be missing from this corpus. */
export interface RubricSupport {
  rollout: string;
  task: string | null;
  grade: Grade | null;
  benchmark: string | null;
  benchmarkRole: BenchmarkRole | null;
  inCorpus: boolean;
}

/** A human label on a rubric; `value` is whatever the label schema holds (a code, a verdict...). */
export interface RubricLabel {
  annotator: string;
  schema: string;
  value: unknown;
  reasons: string[];
  note: string;
  at: string;
}

export interface RubricDetail {
  id: string;
  title: string;
  appliesWhen: string;
  pattern: string;
  fix: string | null;
  family: RubricFamily;
  category: string | null;
  miner: string | null;
  support: RubricSupport[];
  libraries: { id: string; name: string }[];
  labels: RubricLabel[];
}

export interface TaxonomyCategory {
  code: string;
  name: string;
  family: string;
  guideline: string | null;
}

/** The newest taxonomy of the corpus; `version` is null when the corpus has none. */
export interface Taxonomy {
  version: string | null;
  categories: TaxonomyCategory[];
}

/**
 * How many of the S slots one category got in a category-split retrieval, and why
 * (DESIGN.md §3): its pool share, its exact share of the proportional slots, the integer
 * allocation before and after passing on slots it had no rubrics for.
 */
export interface SlotAllocation {
  category: string;
  /** Share q_c of the pool's failure events (0 when the pool has none in this category). */
  share: number;
  /** R x q_c / Q (R proportional slots, Q the pool share of the non-protected categories); the fixed count when protected. */
  exact: number;
  /** The first integer allocation (floor plus largest remainder, or the protected count), before any pass-on. */
  slotsBefore: number;
  /** Slots it finally filled. */
  slots: number;
  /** Rubrics of the library in this category. */
  available: number;
  protected: boolean;
}

/** A retrieved rubric; `rank` is its place within its category (1 = best match). */
export interface RetrievedRubric {
  id: string;
  /** Effective category (`uncategorised` when the rubric has none). */
  category: string;
  rank: number;
  /** BM25 relevance to the case text (0 when no query term matched). */
  score: number;
  /** The query terms that contributed most to the score: why it was retrieved. */
  matchedTerms: string[];
  title: string;
  appliesWhen: string;
  pattern: string;
  fix: string | null;
  family: RubricFamily;
  support: number;
}

/** A category-split retrieval for one case: rubrics in allocation order, then rank. */
export interface RetrievalResult {
  library: string;
  rollout: string;
  step: number | null;
  collection: string | null;
  /** S, the slots asked for; fewer are filled when the library has fewer rubrics. */
  slots: number;
  allocation: SlotAllocation[];
  rubrics: RetrievedRubric[];
}

/** Paired comparison of two arms of an experiment (DESIGN.md §3); every number comes from its attempt rows. */
export interface ExperimentComparison {
  experiment: string;
  a: string;
  b: string;
  /** Mean over cases with at least one pair of the per-case mean of (score A − score B); null without pairs. */
  effect: number | null;
  /** 95% bootstrap interval of the effect, resampling tasks with all their cases and repeats. */
  ci: [number, number] | null;
  /** Cases with at least one pair / all cases (lost attempts stay in the denominator). */
  coverage: number;
  cases: number;
  pairedCases: number;
  pairs: number;
  resamples: number;
  seed: number;
  validity: {
    /** Valid rate of A minus valid rate of B, an unknown outcome counted as not valid. */
    difference: number;
    /** The same difference with every unknown outcome counted as failed, then as succeeded. */
    sensitivity: { unknownAsFailed: number; unknownAsSucceeded: number };
    slots: { a: number; b: number };
    unknown: { a: number; b: number };
  };
}

// ---- Re-execution: cases, experiments, attempts, hosts (DESIGN.md §2, §4 Runners, §6) ----

export type AttemptStatus = (typeof attemptStatuses)[number];

/**
 * How an attempt's score is read (DESIGN.md §6): a field of a JSON file the program writes
 * (dotted for nested objects), the first capture group of the last match of a regex over the
 * terminal output, or the stdout of a grader command run in the attempt's folder afterwards.
 */
export type ScoreRule =
  | { from: 'json'; path: string; field: string }
  | { from: 'stdout'; regex: string }
  | { from: 'command'; command: string };

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
}

export type AttemptCounts = Record<AttemptStatus, number>;

export interface ExperimentSummary {
  id: string;
  name: string;
  arms: string[];
  repeats: number;
  caseCount: number;
  counts: AttemptCounts;
}

/** An experiment with its attempt grid: every slot of case x arm x repeat, in that order. */
export interface ExperimentDetail {
  id: string;
  name: string;
  arms: string[];
  repeats: number;
  variants: ArmVariant[];
  cases: CaseSummary[];
  attempts: AttemptRow[];
  counts: AttemptCounts;
}

export interface RunStarted {
  jobId: string;
  experiment: string;
  backend: string;
  /** Ids of the attempts this run dispatches. */
  attempts: number[];
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
}

// ---- The model request ledger (DESIGN.md §2 "Model request", §4 "The model client") ----

export type ModelRequestStatus = 'reserved' | 'returned' | 'failed' | 'unresolved';

/** One model request as the ledger holds it; its request and response bodies stay in the corpus. */
export interface ModelRequestRow {
  id: number;
  /** sha256 of the canonical request body. */
  hash: string;
  purpose: string;
  model: string;
  status: ModelRequestStatus;
  httpStatus: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Dollars from the price table of Settings; null when unknown (no price, or a request cut off or aborted). */
  costUsd: number | null;
  /** Whether the answer matched its schema; null when no answer arrived. */
  schemaValid: boolean | null;
  transportRetries: number;
  /** Why it failed, was refused by its schema, or is unresolved. */
  error: string | null;
  latencyMs: number | null;
  createdAt: string;
  settledAt: string | null;
  requestBytes: number;
  responseBytes: number | null;
}

export interface ModelRequestPage {
  /** Rows the filter matches. */
  total: number;
  offset: number;
  /** Dollars of every row the filter matches, not only this page's. */
  costUsd: number;
  rows: ModelRequestRow[];
}

/** Whether model features can run: `live` needs a key; `replay` answers from the ledger without one. */
export interface ModelsStatus {
  hasKey: boolean;
  mode: 'live' | 'replay';
}
