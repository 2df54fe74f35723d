import type { FailureEvent, ProgramContent, RolloutDetail, StepDetail, StepRow } from '../../common/corpus/corpus-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { rolloutColumns, rolloutJoins, toRolloutRow } from './corpus-queries';

type Row = Record<string, unknown>;
const flag = (v: unknown): boolean | null => (v === null || v === undefined ? null : v === 1);

export function getRollout(db: Db, id: string): RolloutDetail {
  const row = db
    .prepare<unknown[], Row>(
      `SELECT ${rolloutColumns}, t.statement AS taskStatement,
        b.role AS benchmarkRole, r.submitted AS submitted, r.grader_verdict AS graderVerdict, r.medal AS medal,
        r.above_median AS aboveMedian, r.valid_submission AS validSubmission, r.source_path AS sourcePath
      ${rolloutJoins} JOIN benchmarks b ON b.id = t.benchmark_id WHERE r.id = ?`,
    )
    .get(id);
  if (!row) throw new ApiError('not_found', `rollout "${id}" is not in this corpus`);
  const programs = db
    .prepare<unknown[], RolloutDetail['programs'][number]>(
      `SELECT path, version, content_hash AS sha256, lines FROM program_versions WHERE rollout_id = ? ORDER BY path, version`,
    )
    .all(id);
  return {
    ...(toRolloutRow(row) as RolloutDetail),
    aboveMedian: flag(row.aboveMedian),
    validSubmission: flag(row.validSubmission),
    programs,
    gradingFailures: failuresWhere(db, 'rollout_id = ? AND step_idx IS NULL', [id]),
  };
}

const stepColumns = `s.idx AS "index", s.parent_idx AS parent, s.command AS command, s.exit_code AS exitCode,
  s.duration_ms AS durationMs, s.timed_out AS timedOut, s.killed AS killed, s.score AS score,
  s.stdout_bytes AS stdoutBytes, s.stderr_bytes AS stderrBytes, s.program_path AS programPath,
  s.program_version AS programVersion, f.kind AS failureKind, f.exception_class AS exceptionClass`;
const stepJoins = 'FROM steps s LEFT JOIN failure_events f ON f.rollout_id = s.rollout_id AND f.step_idx = s.idx';

function toStepRow(row: Row): StepRow {
  const { programPath, programVersion, timedOut, killed, ...rest } = row;
  return {
    ...(rest as unknown as StepRow),
    timedOut: timedOut === 1,
    killed: killed === 1,
    program: programPath === null ? null : { path: programPath as string, version: programVersion as number },
  };
}

/** The step list of a rollout, without outputs, which load lazily per step. */
export function listSteps(db: Db, rollout: string, offset = 0, limit?: number): StepRow[] {
  requireRollout(db, rollout);
  return db
    .prepare<unknown[], Row>(`SELECT ${stepColumns} ${stepJoins} WHERE s.rollout_id = ? ORDER BY s.idx LIMIT ? OFFSET ?`)
    .all(rollout, limit ?? -1, offset)
    .map(toStepRow);
}

export function getStep(db: Db, rollout: string, index: number): StepDetail {
  const row = db
    .prepare<unknown[], Row>(
      `SELECT ${stepColumns}, o.body AS stdout, e.body AS stderr ${stepJoins}
      JOIN texts o ON o.hash = s.stdout_hash JOIN texts e ON e.hash = s.stderr_hash
      WHERE s.rollout_id = ? AND s.idx = ?`,
    )
    .get(rollout, index);
  if (!row) throw new ApiError('not_found', `rollout "${rollout}" has no step ${index}`);
  const { stdout, stderr, ...rest } = row;
  const failure = failuresWhere(db, 'rollout_id = ? AND step_idx = ?', [rollout, index])[0] ?? null;
  return { ...toStepRow(rest), rolloutId: rollout, stdout: stdout as string, stderr: stderr as string, failure };
}

export function listFailures(db: Db, rollout: string): FailureEvent[] {
  return failuresWhere(db, 'rollout_id = ?', [rollout]);
}

/** Failure events matching `where`, in list order: step failures by step, then grading failures. */
function failuresWhere(db: Db, where: string, params: unknown[]): FailureEvent[] {
  const rows = db
    .prepare<unknown[], Row>(
      `SELECT id, rollout_id AS rolloutId, step_idx AS step, kind, exception_class AS exceptionClass, message, frames,
        traceback, program_path AS programPath, program_version AS programVersion, program_line AS programLine,
        category, suggested_category AS suggestedCategory, cause
      FROM failure_events WHERE ${where} ORDER BY step_idx IS NULL, step_idx, id`,
    )
    .all(...params);
  return rows.map(({ frames, programPath, programVersion, ...rest }) => ({
    ...(rest as unknown as FailureEvent),
    frames: JSON.parse(frames as string) as FailureEvent['frames'],
    program: programPath === null ? null : { path: programPath as string, version: programVersion as number },
  }));
}

export function getProgram(db: Db, rollout: string, path: string, version: number): ProgramContent {
  const row = db
    .prepare<unknown[], ProgramContent>(
      `SELECT p.rollout_id AS rolloutId, p.path, p.version, p.content_hash AS sha256, p.lines, t.body AS content
      FROM program_versions p JOIN texts t ON t.hash = p.content_hash WHERE p.rollout_id = ? AND p.path = ? AND p.version = ?`,
    )
    .get(rollout, path, version);
  if (!row) throw new ApiError('not_found', `rollout "${rollout}" has no program ${path} version ${version}`);
  return row;
}

function requireRollout(db: Db, id: string): void {
  if (!db.prepare('SELECT 1 FROM rollouts WHERE id = ?').get(id)) {
    throw new ApiError('not_found', `rollout "${id}" is not in this corpus`);
  }
}
