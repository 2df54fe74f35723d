/** One measured figure of a benchmark. */
export interface Metric {
  name: string;
  value: number;
  unit: string;
}

/**
 * A performance target, judged on figures measured in the same run (never a timed test):
 * `measured op limit` is a PASS, anything else a MISS.
 */
export interface Target {
  name: string;
  measured: number;
  op: '<=' | '>=';
  limit: number;
  unit: string;
  pass: boolean;
}

/** An extra table a benchmark prints (e.g. per-query figures). */
export interface BenchTable {
  title: string;
  header: string[];
  rows: string[][];
  /** Which columns are right-aligned. */
  numeric: boolean[];
}

/** What a benchmark reports; `details` is free-form data kept in the JSON result only. */
export interface BenchOutcome {
  metrics: Metric[];
  targets: Target[];
  notes: string[];
  tables?: BenchTable[];
  details?: unknown;
}

export interface BenchResult extends BenchOutcome {
  name: string;
  description: string;
  seconds: number;
}

/** What a child process measured while importing a bundle into a fresh corpus. */
export interface ImportMeasurement {
  seconds: number;
  /** CPU time of the whole process (every thread) during the import: less sensitive than wall time to other load. */
  cpuSeconds: number;
  /** CPU time of the thread that called importFile (the writer's), where the OS reports it; a reader thread's is in cpuSeconds only. */
  mainThreadCpuSeconds?: number | null;
  /** Peak resident set of the child process, from process.resourceUsage().maxRSS. */
  peakRssBytes: number;
  /** Peak resident set from /proc/self/status VmHWM, where there is one. */
  vmHwmBytes: number | null;
  /** Resident set after loading the code and opening the corpus, before importing. */
  startRssBytes: number;
  result: unknown;
}

/** The generated bundle and the corpus it was imported into, shared by the benchmarks of one run. */
export interface ImportedCorpus {
  bundlePath: string;
  bundleBytes: number;
  rollouts: number;
  steps: number;
  records: number;
  corpusPath: string;
  /** Row counts of every table (documents, for FTS indexes) right after migrations, before the import. */
  rowsBefore: Record<string, number>;
  measurement: ImportMeasurement;
  /** Imported by an earlier run (`--corpus`), perhaps by other code: its measurement is not this run's. */
  reused: boolean;
}

export interface BenchContext {
  /** 1 is the full size (10,000 rollouts x 100 steps); 0.01 is a quick run. */
  scale: number;
  /** A temporary folder for this run's bundles and corpora. */
  workDir: string;
  /** Where results (and CPU profiles) go. */
  resultsDir: string;
  /** When set, child processes write V8 CPU profiles into resultsDir/profiles. */
  profile: boolean;
  log(message: string): void;
  /** Generates the bundle and imports it (once per run, in a child process). */
  importedCorpus(): Promise<ImportedCorpus>;
}

export interface Benchmark {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<BenchOutcome>;
}

/** Builds a target and judges it. */
export function target(name: string, measured: number, op: Target['op'], limit: number, unit: string): Target {
  const pass = op === '<=' ? measured <= limit : measured >= limit;
  return { name, measured, op, limit, unit, pass };
}
