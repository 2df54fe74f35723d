/**
 * Builds one rollout's records step by step, the way an agent works: write a script,
 * run it, read the traceback, write the next version. Program versions are numbered
 * per path, and every run step records the version it ran, so a traceback built from
 * `src(path)` always points into the right text.
 */
import type { RecordOf, failureKinds } from '../../common/corpus/bundle';
import { type TaskSpec, heldOutBenchmarks, taskSpec } from './benchmarks';
import { type Rng, createRng } from './prng';
import { categoryCodes } from '../../workers/categories/taxonomy-v1';

type Step = RecordOf<'step'>;
type FailureKind = (typeof failureKinds)[number];

/** Identity of a rollout. */
export interface RolloutMeta {
  id: string;
  task: string;
  collection: string;
  agent: string;
  seed: number;
}

/** What a command printed and how it ended; omitted fields mean a clean, quick exit. */
export interface Outcome {
  stdout?: string;
  stderr?: string;
  exitCode?: number | null;
  durationMs?: number;
  timedOut?: boolean;
  killed?: boolean;
  score?: number | null;
}

/** A categorised failure attached to a step (or to the final answer when `step` is null). */
export interface FailureNote {
  category: string;
  cause: string;
  kind?: FailureKind;
}

/** The graded result of a rollout. */
export type Grade = Pick<RecordOf<'rollout'>, 'grade' | 'score' | 'submitted' | 'graderVerdict' | 'medal' | 'aboveMedian' | 'validSubmission'>;

/** A crash with exit code 1 and the given stderr. */
export const crash = (stderr: string, durationMs?: number, stdout = ''): Outcome => ({
  stderr,
  stdout,
  exitCode: 1,
  durationMs,
});

/** A successful run printing `stdout`. */
export const ok = (stdout: string, durationMs?: number, score?: number): Outcome => ({ stdout, durationMs, score });

const kindOf = (o: Outcome, category: string): FailureKind => {
  if (o.timedOut) return 'timeout';
  if (o.killed) return 'killed';
  if (category === 'C07') return 'oom';
  if (category === 'C01') return 'missing_package';
  return 'crash';
};

/** Accumulates steps, program versions and failures of one rollout. */
export class RolloutBuilder {
  readonly spec: TaskSpec;
  private readonly steps: Step[] = [];
  private readonly programs: RecordOf<'program'>[] = [];
  private readonly failures: RecordOf<'failure'>[] = [];
  private readonly versions = new Map<string, string[]>();

  constructor(
    readonly meta: RolloutMeta,
    private readonly rng: Rng,
  ) {
    this.spec = taskSpec(meta.task);
  }

  /** True when this rollout's task belongs to a held-out benchmark. */
  get heldOut(): boolean {
    return heldOutBenchmarks.has(this.spec.record.benchmark);
  }

  /** Absolute path under which CPython reports a program of this rollout. */
  file(path: string): string {
    return `${this.spec.workdir}/${path}`;
  }

  /** Content of the latest version of a program. */
  src(path: string): string {
    const list = this.versions.get(path);
    const last = list?.[list.length - 1];
    if (last === undefined) throw new Error(`${this.meta.id}: ${path} was never written`);
    return last;
  }

  /** A shell command that runs no program of the agent's. */
  sh(command: string, outcome: Outcome = {}): number {
    return this.push(command, outcome, null, this.rng.int(40, 900));
  }

  /** Writes the next version of `path` with a heredoc; returns the step index. */
  write(path: string, content: string): number {
    const text = content.endsWith('\n') ? content : `${content}\n`;
    const list = this.versions.get(path) ?? [];
    list.push(text);
    this.versions.set(path, list);
    const version = list.length - 1;
    this.programs.push({ type: 'program', rollout: this.meta.id, path, version, content: text });
    return this.push(`cat > ${path} << 'EOF'\n${text}EOF`, {}, { path, version }, this.rng.int(8, 60));
  }

  /** Writes a new version of `path` derived from the current one by exact replacements (every occurrence). */
  revise(path: string, edits: [from: string, to: string][]): number {
    let text = this.src(path);
    for (const [from, to] of edits) {
      if (!text.includes(from)) throw new Error(`${this.meta.id}: ${path} has no ${JSON.stringify(from)}`);
      text = text.split(from).join(to);
    }
    return this.write(path, text);
  }

  /**
   * Runs the current version of `path`. The outcome may be computed from the source and
   * its absolute file name, which is how tracebacks get their line numbers.
   */
  run(command: string, path: string, outcome: Outcome | ((src: string, file: string) => Outcome), failure?: FailureNote): number {
    const list = this.versions.get(path);
    if (!list) throw new Error(`${this.meta.id}: ${path} was never written`);
    const o = typeof outcome === 'function' ? outcome(this.src(path), this.file(path)) : outcome;
    const index = this.push(command, o, { path, version: list.length - 1 }, this.rng.int(1200, 24000));
    if (failure) this.fail(index, failure, kindOf(o, failure.category));
    return index;
  }

  /** Records a failure; `step` null means found at grading. */
  fail(step: number | null, note: FailureNote, kind: FailureKind = note.kind ?? 'wrong_answer'): void {
    if (!categoryCodes.has(note.category)) throw new Error(`${this.meta.id}: unknown category ${note.category}`);
    this.failures.push({ type: 'failure', rollout: this.meta.id, step, kind, category: note.category, cause: note.cause });
  }

  /** Finishes the rollout and returns all its records, rollout first. */
  finish(grade: Grade): RecordOf<'rollout' | 'program' | 'step' | 'failure'>[] {
    const { id, task, collection, agent, seed } = this.meta;
    const rollout: RecordOf<'rollout'> = { type: 'rollout', id, task, collection, agent, seed, ...grade };
    return [rollout, ...this.programs, ...this.steps, ...this.failures];
  }

  /** Number of steps so far. */
  get length(): number {
    return this.steps.length;
  }

  private push(command: string, o: Outcome, program: Step['program'], fallbackMs: number): number {
    const index = this.steps.length;
    const step: Step = {
      type: 'step',
      rollout: this.meta.id,
      index,
      command,
      stdout: o.stdout ?? '',
      stderr: o.stderr ?? '',
      exitCode: o.exitCode === undefined ? 0 : o.exitCode,
      durationMs: o.durationMs ?? fallbackMs,
      timedOut: o.timedOut ?? false,
      killed: o.killed ?? false,
    };
    if (o.score !== undefined) step.score = o.score;
    if (program) step.program = program;
    this.steps.push(step);
    return index;
  }
}

/** FNV-1a of a string: gives each rollout its own random stream, so editing one scenario leaves the others byte-identical. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Starts a builder whose random stream is derived from the rollout id. */
export function startRollout(meta: RolloutMeta): RolloutBuilder {
  return new RolloutBuilder(meta, createRng(hash(meta.id)));
}
