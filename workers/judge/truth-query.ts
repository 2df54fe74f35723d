/**
 * Execution truth of program versions, for precision and recall (docs/definitions.md; the rules are
 * in precision-recall.ts). Error family: the rollout steps that ran the version and the
 * re-executed attempts of cases on it. Performance family: `credit` labels.
 *
 * A `credit` label says whether an annotator credited a rubric for a program's measured score
 * gap. Its target is the program the way the label queue names a rubric on a program:
 * `{"kind": "program", "id": "[\"rb-1\", \"r-1\", \"final.py\", 2]"}` (rubric, rollout, path,
 * version), and its value is `"credited"` or `"not_credited"`.
 */
import type { Db } from '../db/open-corpus';
import { extractFailure } from '../failures/classify';
import { attemptLog } from '../runs/run-attempts';
import type { ProgramTruth } from './precision-recall';

/** The label schema of performance truth. */
export const creditSchema = 'credit';

/** Failure kinds that are an exception the program raised; timeouts and kills say nothing a rubric could predict. */
const raisedKinds = new Set(['crash', 'oom', 'missing_package']);

interface Execution {
  /** Left out: it timed out or was killed. */
  excluded: boolean;
  /** The exception it raised: a class, null for a crash without one, undefined when it raised nothing. */
  raised?: string | null;
}

function stepExecutions(db: Db, program: number): Execution[] {
  const rows = db
    .prepare<unknown[], { exitCode: number | null; timedOut: number; killed: number; kind: string | null; exceptionClass: string | null }>(
      `SELECT s.exit_code AS exitCode, s.timed_out AS timedOut, s.killed, f.kind, f.exception_class AS exceptionClass
      FROM program_versions p JOIN steps s ON s.rollout_id = p.rollout_id AND s.program_path = p.path AND s.program_version = p.version
      LEFT JOIN failure_events f ON f.rollout_id = s.rollout_id AND f.step_idx = s.idx
      WHERE p.id = ?`,
    )
    .all(program);
  return rows
    .filter((r) => r.exitCode !== null || r.kind !== null)
    .map((r) => {
      if (r.timedOut === 1 || r.killed === 1 || r.kind === 'timeout' || r.kind === 'killed') return { excluded: true };
      return r.kind !== null && raisedKinds.has(r.kind) ? { excluded: false, raised: r.exceptionClass } : { excluded: false };
    });
}

/**
 * Attempts of cases whose program (for the attempt's arm) is one of `programs` (keyed by
 * `[rollout, path, version]` JSON), by that key; a failed one is read from its log.
 */
function attemptExecutions(db: Db, programs: ReadonlyMap<string, number>): Map<number, Execution[]> {
  const rows = db
    .prepare<
      unknown[],
      { id: number; status: string; exitCode: number | null; arm: string; caseId: string; command: string; program: string; extra: string | null }
    >(
      `SELECT a.id, a.status, a.exit_code AS exitCode, a.arm, a.case_id AS caseId, c.command, c.program, e.extra
      FROM attempts a JOIN cases c ON c.id = a.case_id JOIN experiments e ON e.id = a.experiment_id
      WHERE a.status IN ('succeeded', 'failed', 'timeout')`,
    )
    .all();
  const out = new Map<number, Execution[]>();
  for (const row of rows) {
    const variants = (
      (row.extra ? (JSON.parse(row.extra) as { variants?: { arm: string; case: string | null; program: unknown }[] }).variants : undefined) ?? []
    ).filter((v) => v.arm === row.arm);
    const variant = variants.find((v) => v.case === row.caseId) ?? variants.find((v) => v.case === null);
    const ref = (variant?.program ?? JSON.parse(row.program)) as { rollout?: string; path?: string; version?: number };
    const program = programs.get(JSON.stringify([ref.rollout, ref.path, ref.version]));
    if (program === undefined) continue;
    let execution: Execution;
    if (row.status === 'timeout') execution = { excluded: true };
    else if (row.status === 'succeeded') execution = { excluded: false };
    else {
      const failure = extractFailure({
        command: row.command,
        stdout: attemptLog(db, row.id).text,
        stderr: '',
        exitCode: row.exitCode,
        timedOut: false,
        killed: false,
      });
      if (failure?.kind === 'timeout' || failure?.kind === 'killed') execution = { excluded: true };
      else execution = { excluded: false, raised: failure && raisedKinds.has(failure.kind) ? failure.exceptionClass : null };
    }
    out.set(program, [...(out.get(program) ?? []), execution]);
  }
  return out;
}

/** The `credit` labels of programs, latest per annotator: program id to credited rubrics, for every labelled program. */
function credits(db: Db, programs: ReadonlyMap<string, number>): Map<number, Set<string>> {
  const rows = db
    .prepare<unknown[], { annotator: string; target: string; value: string }>(
      `SELECT annotator, target_id AS target, value FROM labels WHERE schema_name = ? AND target_kind = 'program' ORDER BY made_at, id`,
    )
    .all(creditSchema);
  const latest = new Map<string, { program: number; rubric: string; credited: boolean }>();
  for (const row of rows) {
    let parts: unknown;
    try {
      parts = JSON.parse(row.target);
    } catch {
      continue;
    }
    if (!Array.isArray(parts) || parts.length !== 4) continue;
    const [rubric, rollout, path, version] = parts as [unknown, unknown, unknown, unknown];
    const program = programs.get(JSON.stringify([rollout, path, version]));
    if (program === undefined || typeof rubric !== 'string') continue;
    const value = JSON.parse(row.value) as unknown;
    latest.set(`${row.annotator}\u0000${row.target}`, { program, rubric, credited: value === 'credited' || value === true });
  }
  const out = new Map<number, Set<string>>();
  for (const { program, rubric, credited } of latest.values()) {
    const set = out.get(program) ?? new Set<string>();
    if (credited) set.add(rubric);
    out.set(program, set);
  }
  return out;
}

/** The truth of each program version (by program_versions.id). */
export function programTruth(db: Db, programIds: readonly number[]): Map<number, ProgramTruth> {
  const refs = db
    .prepare<unknown[], { id: number; rollout: string; path: string; version: number }>(
      `SELECT id, rollout_id AS rollout, path, version FROM program_versions WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(programIds));
  const keys = new Map(refs.map((r) => [JSON.stringify([r.rollout, r.path, r.version]), r.id]));
  const credited = credits(db, keys);
  const attempts = attemptExecutions(db, keys);
  const truth = new Map<number, ProgramTruth>();
  for (const ref of refs) {
    const kept = [...stepExecutions(db, ref.id), ...(attempts.get(ref.id) ?? [])].filter((e) => !e.excluded);
    const raised = kept.length === 0 ? null : new Set(kept.filter((e) => e.raised !== undefined).map((e) => e.raised ?? null));
    truth.set(ref.id, { raised, credited: credited.get(ref.id) ?? null });
  }
  return truth;
}
