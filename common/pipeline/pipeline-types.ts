/** Row shapes of the pipeline (judging, mining, curation) the API returns. Plain data only: they cross process boundaries as JSON. */
import type { ProgramVersionInfo, ProgramVersionRef } from '../corpus/corpus-types';
import type { LibraryMethod, RubricFamily } from '../rubrics/rubric-types';

/** Why a proposed rubric was not accepted (workers/curation/funnel.ts lists them in funnel order). */
export type RejectionReason =
  'format' | 'unknown_category' | 'no_citation' | 'wrong_program_citation' | 'ungrounded_citation' | 'off_category' | 'duplicate' | 'over_quota';

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

/** A rubric fed by a held-out benchmark (docs/definitions.md "Held-out-origin audit"). */
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

/** Precision and recall of one family over a set of rubrics (docs/definitions.md; see workers/judge/precision-recall.ts). */
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
  /** What the figures were computed from; pass `basis.through` back to compute the same figures again. */
  basis: FiguresBasis;
  /** Rows written after `basis.through` that the figures leave out: what "recompute" would add. */
  since: FiguresSince;
  /** Re-runs of the judged error failures: their own evidence, never part of precision or recall. */
  reruns: RerunEvidence;
}

/** The rows a figure was computed from, and when (docs/definitions.md, "Figures and their basis"). */
export interface FiguresBasis {
  /** Judge runs whose verdicts are counted (a verdict written outside a run counts as `unrecorded`). */
  runs: string[];
  /** Rollouts whose program versions were judged: their failure events are the failures counted. */
  rollouts: string[];
  /** When the latest counted verdict was written; null without verdicts. */
  judgedAt: string | null;
  computedAt: string;
  /** The last verdict, attempt, label and failure event ids the figures count (0 when there were none). */
  through: RowMarks;
}

/** Rows that could change the figures, written after they were computed. */
export interface FiguresSince {
  verdicts: number;
  reruns: number;
  /** Credit labels (performance truth). */
  labels: number;
  /** Failure events of the judged rollouts. */
  failures: number;
}

/** The last row of each table a computation counts: verdicts, re-run attempts, credit labels, failure events. */
export interface RowMarks {
  verdict: number;
  attempt: number;
  label: number;
  failure: number;
}

/** How a re-run of a judged failure came out against it. */
export type RerunOutcome = 'reproduced' | 'different' | 'environment' | 'unresolved';

/** One judged error failure (a program and an exception class its steps raised) and its re-runs. */
export interface JudgedFailureReruns {
  rollout: string;
  path: string;
  version: number;
  /** The exception class (last dotted name); null for a crash without a traceback. */
  exceptionClass: string | null;
  /** The failure's outcome over its re-runs; null when it was never re-run. */
  outcome: RerunOutcome | null;
  attempts: { id: number; experiment: string; outcome: RerunOutcome; summary: string }[];
}

/** Re-runs of judged failures, counted apart from precision and recall. */
export interface RerunEvidence {
  /** Judged error failures, the recall denominator of the whole scope. */
  judgedFailures: number;
  /** Those with at least one re-run, and how they came out (the four counts sum to `rerun`). */
  rerun: number;
  reproduced: number;
  different: number;
  environment: number;
  unresolved: number;
  /** Every judged failure with at least one re-run. */
  failures: JudgedFailureReruns[];
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
