import type { AttemptDiagnosis } from '../../common/runs/attempt-diagnosis';
import type { FailureKind } from '../../common/corpus/corpus-types';
import type { Db } from '../db/open-corpus';
import { diagnoseAttempt, programLineOf } from './runners/attempt-diagnosis';
import { attemptEnvironment } from './runners/attempt-environment';
import { attemptLog, getAttempt } from './run-attempts';
import { oneRow } from '../db/one-row';

interface OriginRow {
  rollout_id: string;
  step_idx: number;
  kind: FailureKind;
  exception_class: string | null;
  message: string | null;
  frames: string;
  traceback: string | null;
  program_line: number | null;
}

/**
 * The failure of the latest failed step that ran a stored program version: what a re-run of
 * that version is compared with. Null for an inline program or a version no failed step ran.
 */
export function originFailure(db: Db, program: { rollout: string; path: string; version: number }): AttemptDiagnosis['origin'] {
  const row = db
    .prepare<unknown[], OriginRow>(
      `SELECT f.rollout_id, f.step_idx, f.kind, f.exception_class, f.message, f.frames, f.traceback, f.program_line
      FROM failure_events f JOIN steps s ON s.rollout_id = f.rollout_id AND s.idx = f.step_idx
      WHERE f.rollout_id = ? AND s.program_path = ? AND s.program_version = ? ORDER BY f.step_idx DESC LIMIT 1`,
    )
    .get(program.rollout, program.path, program.version);
  if (!row) return null;
  const frames = JSON.parse(row.frames) as { file: string; line: number; function: string | null }[];
  return {
    rollout: row.rollout_id,
    step: row.step_idx,
    kind: row.kind,
    exceptionClass: row.exception_class,
    message: row.message,
    programLine: row.program_line ?? programLineOf(frames, program.path),
    frames,
    traceback: row.traceback,
  };
}

/** One attempt's parsed failure and its outcome against the step its case's program came from. */
export function attemptDiagnosis(db: Db, id: number): AttemptDiagnosis {
  const attempt = getAttempt(db, id);
  const kase = oneRow(db.prepare<unknown[], { program: string; command: string }>('SELECT program, command FROM cases WHERE id = ?').get(attempt.case));
  const program = JSON.parse(kase.program) as { rollout?: string; path: string; version?: number };
  const origin =
    program.rollout !== undefined && program.version !== undefined
      ? originFailure(db, { rollout: program.rollout, path: program.path, version: program.version })
      : null;
  return diagnoseAttempt(
    { id, status: attempt.status, exitCode: attempt.exitCode, command: kase.command, log: attemptLog(db, id).text, environment: attemptEnvironment(db, id) },
    program.path,
    origin,
  );
}
