/**
 * What the miner reads about one rollout (docs/definitions.md "Curation"): the task with its static
 * facts, the grade and the grader's verdict, every failure event (command, exception,
 * traceback, cause) and the programs the failures point into plus the last version of each
 * script. Read from the corpus's immutable import rows only (never an editable category), so
 * the same rollout always gives the same prompt, which resume and replay rely on.
 */
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';

/** A program as shown to a model: its sha256 is what citations name. */
export interface ShownProgramVersion {
  sha256: string;
  rollout: string;
  path: string;
  version: number;
  /** The text as shown, cut after {@link shownLinesMax} lines. */
  text: string;
  /** Lines of the stored program that were not shown. */
  hiddenLines: number;
}

/** One failure event as the miner sees it. */
export interface MiningFailure {
  id: number;
  step: number | null;
  kind: string;
  command: string | null;
  exceptionClass: string | null;
  message: string | null;
  traceback: string | null;
  cause: string | null;
  program: { sha256: string; path: string; version: number; line: number | null } | null;
}

/** One rollout as the miner reads it. */
export interface MiningCase {
  rollout: string;
  task: string;
  benchmark: string;
  statement: string;
  metric: string | null;
  higherIsBetter: boolean | null;
  /** The task's static facts as stored (canonical JSON). */
  facts: string;
  grade: string | null;
  graderVerdict: string | null;
  failures: MiningFailure[];
  programs: ShownProgramVersion[];
}

/** Programs longer than this are cut: a prompt has room for scripts, not for generated files. */
export const shownLinesMax = 800;
/** The end of a traceback, where the error is; long ones are mostly library frames. */
const tracebackCharsMax = 4000;
const commandCharsMax = 1000;

function tail(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  return `[... ${text.length - max} characters cut ...]\n${text.slice(-max)}`;
}

/** Cuts a program after the shown lines, saying how many were left out. */
export function showProgram(text: string): { text: string; hiddenLines: number } {
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  if (lines.length <= shownLinesMax) return { text, hiddenLines: 0 };
  return { text: lines.slice(0, shownLinesMax).join('\n'), hiddenLines: lines.length - shownLinesMax };
}

/** Reads one rollout's mining case; not_found when it is not in the corpus. */
export function miningCase(db: Db, rollout: string): MiningCase {
  const head = db
    .prepare<unknown[], Omit<MiningCase, 'failures' | 'programs' | 'higherIsBetter'> & { higherIsBetter: number | null }>(
      `SELECT r.id AS rollout, r.task_id AS task, t.benchmark_id AS benchmark, t.statement, t.metric,
        t.higher_is_better AS higherIsBetter, t.facts, r.grade, r.grader_verdict AS graderVerdict
      FROM rollouts r JOIN tasks t ON t.id = r.task_id WHERE r.id = ?`,
    )
    .get(rollout);
  if (!head) throw new ApiError('not_found', `rollout "${rollout}" is not in this corpus`);

  const programs = db
    .prepare<unknown[], { path: string; version: number; sha256: string; text: string; last: number }>(
      `SELECT p.path, p.version, p.content_hash AS sha256, t.body AS text,
        p.version = (SELECT max(q.version) FROM program_versions q WHERE q.rollout_id = p.rollout_id AND q.path = p.path) AS last
      FROM program_versions p JOIN texts t ON t.hash = p.content_hash WHERE p.rollout_id = ? ORDER BY p.path, p.version`,
    )
    .all(rollout);
  const failureRows = db
    .prepare<unknown[], Omit<MiningFailure, 'program'> & { path: string | null; version: number | null; line: number | null }>(
      `SELECT f.id, f.step_idx AS step, f.kind, s.command, f.exception_class AS exceptionClass, f.message, f.traceback, f.cause,
        coalesce(f.program_path, s.program_path) AS path, coalesce(f.program_version, s.program_version) AS version, f.program_line AS line
      FROM failure_events f LEFT JOIN steps s ON s.rollout_id = f.rollout_id AND s.idx = f.step_idx
      WHERE f.rollout_id = ? ORDER BY f.step_idx IS NULL, f.step_idx, f.id`,
    )
    .all(rollout);

  const key = (path: string, version: number) => `${path}\u0000${version}`;
  const byKey = new Map(programs.map((p) => [key(p.path, p.version), p]));
  const shown = new Set(programs.filter((p) => p.last === 1).map((p) => key(p.path, p.version)));
  const failures = failureRows.map(({ path, version, line, ...f }): MiningFailure => {
    const program = path === null || version === null ? undefined : byKey.get(key(path, version));
    if (program) shown.add(key(program.path, program.version));
    return {
      ...f,
      command: tail(f.command, commandCharsMax),
      traceback: tail(f.traceback, tracebackCharsMax),
      program: program ? { sha256: program.sha256, path: program.path, version: program.version, line } : null,
    };
  });
  return {
    ...head,
    higherIsBetter: head.higherIsBetter === null ? null : head.higherIsBetter === 1,
    failures,
    programs: programs
      .filter((p) => shown.has(key(p.path, p.version)))
      .map((p) => ({ sha256: p.sha256, rollout, path: p.path, version: p.version, ...showProgram(p.text) })),
  };
}
