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
  agents: FacetCount[];
  tasks: FacetCount[];
  /** First failures' exception classes. */
  exceptions: FacetCount[];
  /** Rollouts with at least one failure of each kind. */
  kinds: FacetCount<FailureKind>[];
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
  /** Failures by kind; kinds with none are left out. */
  failureKinds: Partial<Record<FailureKind, number>>;
  /** The exception class of the first failure (step failures by step, then grading failures). */
  firstException: string | null;
  /** The task's metric and direction, which say what the score means. */
  metric: string | null;
  higherIsBetter: boolean | null;
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
  /** The file the rollout was imported from; null for one made in the workbench. */
  sourcePath: string | null;
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
  /** The path asked for when a file was already there, so `path` is a new name beside it; else null. */
  renamedFrom: string | null;
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

/** A number of steps: counted, or extrapolated from samples when counting would read too much. */
export interface StepCount {
  count: number;
  estimated: boolean;
}

/** Step hits by BM25 relevance, best first. */
export interface RankedSearch {
  ranking: 'bm25';
  hits: SearchHit[];
}

/**
 * Step hits newest first (latest imported), because ranking every match by BM25 was estimated
 * to take too long: too many matches to score, or words in so many steps that BM25's reading
 * of them is the cost.
 */
export interface NewestFirstSearch {
  ranking: 'newest';
  hits: SearchHit[];
  reason: 'matches' | 'common-words';
  /** Steps the words match in the whole corpus, corpus filters aside. */
  matches: StepCount;
  /** The query's most common words (at most three, most common first) and the steps each is in. */
  commonWords: { word: string; steps: number }[];
  /** The last word when it was matched whole, not as the prefix of longer words it would be while typing. */
  wholeWord: string | null;
}

/** `ranking` orders the step hits; rubric hits, when asked for, follow them by relevance either way. */
export type SearchResult = RankedSearch | NewestFirstSearch;

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
  /** Why the coefficient is null (no shared items, or chance agreement of 1), in words; null when it is a number. */
  undefinedBecause: string | null;
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
  validity: {
    /** Valid rate of A minus valid rate of B, an unknown outcome counted as not valid. */
    difference: number;
    /** The same difference with every unknown outcome counted as failed, then as succeeded. */
    sensitivity: { unknownAsFailed: number; unknownAsSucceeded: number };
    slots: { a: number; b: number };
    unknown: { a: number; b: number };
  };
}

/** One case of a paired comparison (DESIGN.md §3). */
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
export interface ExperimentDetail {
  id: string;
  name: string;
  arms: string[];
  repeats: number;
  variants: ArmVariant[];
  cases: CaseSummary[];
  attempts: AttemptRow[];
  counts: AttemptCounts;
  /** Every planned slot (cases x arms x repeats): the denominator of every count. */
  planned: number;
  /** Slots never started (queued and never dispatched); Continue can start them. */
  neverStarted: number;
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
/** Where the key in use came from: the backend's environment, the OS's safe storage (the desktop app), or this session only. */
export type ModelKeySource = 'environment' | 'safe-storage' | 'session';

export interface ModelsStatus {
  hasKey: boolean;
  mode: 'live' | 'replay';
  /** Null without a key. A key set in the app wins over the environment's. */
  keySource: ModelKeySource | null;
}

/** One model's list price in US dollars per million tokens (Settings; `model_prices`). */
export interface ModelPriceRow {
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
  cacheWritePerMTok: number;
  cacheReadPerMTok: number;
  updatedAt: string;
}

// ---- The pipeline: judging, mining, curation (DESIGN.md §3 "Curation", "Grounding", "Precision / recall") ----

/** Why a proposed rubric was not accepted (workers/curation/funnel.ts lists them in funnel order). */
export type RejectionReason =
  | 'format'
  | 'unknown_category'
  | 'no_citation'
  | 'wrong_program_citation'
  | 'ungrounded_citation'
  | 'off_category'
  | 'duplicate'
  | 'over_quota';

/** Proposed → passed grounding and format → unique → accepted; reasons overlap, so their counts may exceed the rejections. */
export interface CurationFunnel {
  proposed: number;
  passedChecks: number;
  unique: number;
  accepted: number;
  reasons: Partial<Record<RejectionReason, number>>;
}

/** One proposed rubric and what became of it. */
export interface ProposalFate {
  /** The miner call's unit: a rollout id, or `<rollout>/failure-<id>` in Quota. */
  unit: string;
  title: string | null;
  family: RubricFamily;
  category: string;
  /** Empty when accepted. */
  reasons: RejectionReason[];
  /** Format problems (`missing_title`, `empty_applies_when`, ...) when `format` is a reason. */
  formatProblems: string[];
  /** One problem per ungrounded citation (`wrong_program_citation`, `quote_not_at_lines`, ...). */
  citationProblems: string[];
  /** For a duplicate: the title of the rubric it merged into. */
  duplicateOf: string | null;
}

/** One miner call of a run. */
export interface MiningUnitReport {
  unit: string;
  rollout: string;
  failure: number | null;
  category: string | null;
  outcome: 'mined' | 'failed';
  /** The model failure reason (`http`, `schema_invalid`, `truncated`, ...) of a failed call. */
  reason: string | null;
  message: string | null;
  proposals: number;
  kept: number;
}

/** One category of a Quota run: its share of the target size and how it was filled. */
export interface QuotaCategoryReport {
  category: string;
  share: number;
  exact: number;
  quota: number;
  failures: number;
  asked: number;
  failedCalls: number;
  covered: number;
  filled: number;
  stop: 'full' | 'covered' | 'exhausted' | 'no_quota';
}

/** One category of a Filtered cut. */
export interface FilterAllocation {
  category: string;
  share: number;
  exact: number;
  quota: number;
  available: number;
  kept: number;
}

/** A rubric fed by a held-out benchmark (DESIGN.md §3 "Held-out-origin audit"). */
export interface OriginViolation {
  rubric: string;
  title: string;
  rollout: string;
  task: string;
  benchmark: string;
}

/** A source rollout that could not be traced to a benchmark in this corpus. */
export interface UnresolvedOrigin {
  rubric: string;
  title: string;
  rollout: string;
  task: string | null;
}

/** The held-out-origin audit of a library; `passed` is false when any rubric has a held-out source. */
export interface OriginAudit {
  library: string;
  rubrics: number;
  passed: boolean;
  violations: OriginViolation[];
  unresolved: UnresolvedOrigin[];
}

export type PipelineRunKind = 'mine' | 'curate-quota' | 'curate-filtered' | 'judge';

/**
 * `stopped`: a limit, the deadline or an unresolved request ended it; `interrupted`: its worker
 * died. Every state but `running` and `done` can be resumed.
 */
export type PipelineRunStatus = 'running' | 'done' | 'failed' | 'cancelled' | 'stopped' | 'interrupted';

/** What a run's model requests cost, from the ledger rows it used (every execution of it). */
export interface PipelineCosts {
  /** Ledger rows the run used. */
  requests: number;
  /** Of those, requests this run sent (failed ones included). */
  sent: number;
  /** Answers already paid for (by an earlier execution or another run), reused. */
  reused: number;
  failed: number;
  /** Dollars of every row used; rows of unknown cost add nothing here and are counted in `unknownCost`. */
  costUsd: number;
  unknownCost: number;
  /** costUsd / accepted rubrics; null when nothing was accepted or a cost is unknown (accounting incomplete). */
  costPerAccepted: number | null;
}

/** One judged case of a judge run. */
export interface JudgeTargetReport {
  unit: string;
  rollout: string;
  step: number | null;
  program: ProgramVersionRef;
  rubrics: number;
  outcome: 'judged' | 'failed';
  reason: string | null;
  message: string | null;
  fires: number;
}

/** What a run found; fields not produced by its kind are empty. */
export interface PipelineReport {
  funnel: CurationFunnel | null;
  proposals: ProposalFate[];
  units: MiningUnitReport[];
  categories: QuotaCategoryReport[];
  allocation: FilterAllocation[];
  targets: JudgeTargetReport[];
  violations: OriginViolation[];
  unresolvedOrigins: UnresolvedOrigin[];
  /** The frozen library it built. */
  library: string | null;
  rubrics: string[];
  verdicts: number;
}

export interface PipelineRunSummary {
  id: string;
  kind: PipelineRunKind;
  status: PipelineRunStatus;
  /** Units done and planned (rollouts, failures, cases); total is an upper bound for Quota. */
  done: number;
  total: number | null;
  message: string | null;
  library: string | null;
  /** Rubrics accepted (curation) or verdicts written (judge), once done. */
  accepted: number | null;
  costs: PipelineCosts;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface PipelineRunDetail extends PipelineRunSummary {
  /** The request as parsed (defaults filled in). */
  params: Record<string, unknown>;
  /** Times it was started: 1, plus one per resume. */
  executions: number;
  jobId: string | null;
  error: string | null;
  report: PipelineReport | null;
}

/** A run started as a job: cancel it with `jobs.cancel`; with `wait`, `run` is its final state. */
export interface PipelineRunStarted {
  jobId: string;
  run: PipelineRunDetail;
}

/** A run re-executed from the ledger alone, compared with what it stored. */
export interface ReplayReport {
  run: string;
  kind: PipelineRunKind;
  /** True when the replay rebuilt exactly what the run stored (library records, or verdicts), byte for byte. */
  identical: boolean;
  library: string | null;
  /** Records (library and rubric export lines, or verdicts) compared. */
  records: number;
  /** Records that differ: by key, the stored and replayed JSON (null when missing on that side); at most 20. */
  differences: { key: string; stored: string | null; replayed: string | null }[];
  /** Model requests answered from the ledger. */
  requests: number;
  /** The replayed library as bundle v1 lines (library first, then its rubrics), for `rwb replay --out`. */
  lines: string[];
}

/** A precision or recall with its parts; `value` is null when the denominator is 0. */
export interface Rate {
  hits: number;
  total: number;
  value: number | null;
}

/** Precision and recall of one family over a set of rubrics (DESIGN.md §3; see workers/judge/precision-recall.ts). */
export interface PrecisionRecallRow {
  family: RubricFamily;
  precision: Rate;
  recall: Rate;
  firingsWithoutTruth: number;
  firingsWithoutPrediction: number;
}

export interface PrecisionRecallReport {
  library: string | null;
  run: string | null;
  /** Latest verdicts in scope, and the programs they judged. */
  verdicts: number;
  programs: number;
  families: PrecisionRecallRow[];
  byCategory: (PrecisionRecallRow & { category: string })[];
  byLibrary: (PrecisionRecallRow & { library: string })[];
}

/** A citation with its grounding, and where the cited program is in the corpus (null when unknown). */
export interface CitationRow {
  program: string;
  lineStart: number;
  lineEnd: number;
  quote: string;
  grounded: boolean;
  problem: string | null;
  location: (ProgramVersionRef & { rollout: string }) | null;
}

/** The latest verdict of one rubric on one program version. */
export interface VerdictRow {
  id: number;
  rubric: string;
  rollout: string;
  program: ProgramVersionInfo;
  verdict: 'fires' | 'does_not_fire' | 'not_applicable' | 'insufficient_evidence' | 'unknown';
  predictedException: string | null;
  rationale: string | null;
  citations: CitationRow[];
  /** True when every citation is grounded, false when one is not, null without citations. */
  grounded: boolean | null;
  run: string | null;
  requestId: number | null;
  createdAt: string;
}

/** How a library was built, from its record: the funnel, the allocation and the run (null for imported ones without them). */
export interface LibraryBuild {
  library: string;
  method: LibraryMethod;
  run: string | null;
  funnel: CurationFunnel | null;
  categories: QuotaCategoryReport[];
  allocation: FilterAllocation[];
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
