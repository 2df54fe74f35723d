/** Row shapes of the corpus the API returns: rollouts, steps, failures, programs, imports. Plain data only: they cross process boundaries as JSON. */
import type { ApiErrorData } from '../errors';
import type { benchmarkRoles, disciplines, failureKinds, grades } from './bundle';

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
