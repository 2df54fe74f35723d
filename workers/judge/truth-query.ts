/**
 * Execution truth of program versions, for precision and recall (docs/definitions.md; the rules are
 * in precision-recall.ts). Error family: the failure events of the rollout steps that ran the
 * version, nothing else: a re-run is its own evidence (rerun-evidence.ts), so re-running a case,
 * on a broken machine or not, never moves a library's precision or recall. Performance family:
 * `credit` labels.
 *
 * A `credit` label says whether an annotator credited a rubric for a program's measured score
 * gap. Its target is the program the way the label queue names a rubric on a program:
 * `{"kind": "program", "id": "[\"rb-1\", \"r-1\", \"final.py\", 2]"}` (rubric, rollout, path,
 * version), and its value is `"credited"` or `"not_credited"`.
 */
import type { Db } from '../db/open-corpus';
import type { ProgramTruth } from './precision-recall';
import { programKey } from './program-attempts';

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

function stepExecutions(db: Db, program: number, throughFailure: number): Execution[] {
  const rows = db
    .prepare<unknown[], { exitCode: number | null; timedOut: number; killed: number; kind: string | null; exceptionClass: string | null }>(
      `SELECT s.exit_code AS exitCode, s.timed_out AS timedOut, s.killed, f.kind, f.exception_class AS exceptionClass
      FROM program_versions p JOIN steps s ON s.rollout_id = p.rollout_id AND s.program_path = p.path AND s.program_version = p.version
      LEFT JOIN failure_events f ON f.rollout_id = s.rollout_id AND f.step_idx = s.idx AND f.id <= ?
      WHERE p.id = ?`,
    )
    .all(throughFailure, program);
  return rows
    .filter((r) => r.exitCode !== null || r.kind !== null)
    .map((r) => {
      if (r.timedOut === 1 || r.killed === 1 || r.kind === 'timeout' || r.kind === 'killed') return { excluded: true };
      return r.kind !== null && raisedKinds.has(r.kind) ? { excluded: false, raised: r.exceptionClass } : { excluded: false };
    });
}

/** The `credit` labels of programs, latest per annotator: program id to credited rubrics, for every labelled program. */
function credits(db: Db, programs: ReadonlyMap<string, number>, throughLabel: number): Map<number, Set<string>> {
  const rows = db
    .prepare<unknown[], { annotator: string; target: string; value: string }>(
      `SELECT annotator, target_id AS target, value FROM labels WHERE schema_name = ? AND target_kind = 'program' AND id <= ? ORDER BY made_at, id`,
    )
    .all(creditSchema, throughLabel);
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
    const program = programs.get(programKey(rollout, path, version));
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

/** A stored program version and where it is. */
export interface ProgramRef {
  id: number;
  rollout: string;
  path: string;
  version: number;
}

/** Where each program version is, ordered by id. */
export function programRefs(db: Db, programIds: readonly number[]): ProgramRef[] {
  return db
    .prepare<unknown[], ProgramRef>(
      'SELECT id, rollout_id AS rollout, path, version FROM program_versions WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
    )
    .all(JSON.stringify(programIds));
}

/** The truth of each program version (by program_versions.id), from credit labels and failure events up to the given ids. */
export function programTruth(db: Db, refs: readonly ProgramRef[], through: { label: number; failure: number }): Map<number, ProgramTruth> {
  const keys = new Map(refs.map((r) => [programKey(r.rollout, r.path, r.version), r.id]));
  const credited = credits(db, keys, through.label);
  const truth = new Map<number, ProgramTruth>();
  for (const ref of refs) {
    const kept = stepExecutions(db, ref.id, through.failure).filter((e) => !e.excluded);
    const raised = kept.length === 0 ? null : new Set(kept.filter((e) => e.raised !== undefined).map((e) => e.raised ?? null));
    truth.set(ref.id, { raised, credited: credited.get(ref.id) ?? null });
  }
  return truth;
}
