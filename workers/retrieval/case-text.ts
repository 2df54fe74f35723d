/**
 * The text a case is retrieved for (docs/definitions.md, "Retrieval": task statement, program and traceback).
 * For a whole rollout: the task statement, the last version of each of its programs, every
 * failure event (exception, message, traceback, cause) and the grader's verdict. For one step:
 * the task statement, the step's command, the program version it ran and that step's failure.
 */
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';

/** How much of a step's stderr stands in for a traceback the parser did not find: the end, where errors are. */
const stderrTailChars = 4000;

interface FailureText {
  exceptionClass: string | null;
  message: string | null;
  traceback: string | null;
  cause: string | null;
  stderrTail: string | null;
}

/** Failure events of a rollout (or of one step), with the end of stderr where no traceback was parsed. */
function failureTexts(db: Db, rollout: string, step: number | undefined): string[] {
  const rows = db
    .prepare<unknown[], FailureText>(
      `SELECT f.exception_class AS exceptionClass, f.message, f.traceback, f.cause,
        CASE WHEN f.traceback IS NULL THEN substr(e.body, -${stderrTailChars}) END AS stderrTail
      FROM failure_events f LEFT JOIN steps s ON s.rollout_id = f.rollout_id AND s.idx = f.step_idx
      LEFT JOIN texts e ON e.hash = s.stderr_hash
      WHERE f.rollout_id = @rollout AND (@step IS NULL OR f.step_idx = @step)
      ORDER BY f.step_idx IS NULL, f.step_idx, f.id`,
    )
    .all({ rollout, step: step ?? null });
  return rows.flatMap((f) => [f.exceptionClass, f.message, f.traceback ?? f.stderrTail, f.cause].filter((t): t is string => !!t));
}

function rolloutText(db: Db, rollout: string): string[] {
  const programs = db
    .prepare<unknown[], string>(
      `SELECT t.body FROM program_versions p JOIN texts t ON t.hash = p.content_hash
      WHERE p.rollout_id = ? AND p.version = (SELECT max(q.version) FROM program_versions q WHERE q.rollout_id = p.rollout_id AND q.path = p.path)
      ORDER BY p.path`,
    )
    .pluck()
    .all(rollout);
  const verdict = oneRow(db.prepare<unknown[], string | null>('SELECT grader_verdict FROM rollouts WHERE id = ?').pluck().get(rollout));
  return [...programs, ...failureTexts(db, rollout, undefined), ...(verdict ? [verdict] : [])];
}

function stepText(db: Db, rollout: string, step: number): string[] {
  const row = db
    .prepare<unknown[], { command: string; program: string | null; stderrTail: string }>(
      `SELECT s.command, pt.body AS program, substr(e.body, -${stderrTailChars}) AS stderrTail
      FROM steps s JOIN texts e ON e.hash = s.stderr_hash
      LEFT JOIN program_versions p ON p.rollout_id = s.rollout_id AND p.path = s.program_path AND p.version = s.program_version
      LEFT JOIN texts pt ON pt.hash = p.content_hash
      WHERE s.rollout_id = ? AND s.idx = ?`,
    )
    .get(rollout, step);
  if (!row) throw new ApiError('not_found', `rollout "${rollout}" has no step ${step}`);
  const failure = failureTexts(db, rollout, step);
  // A step without a failure event (a warning, a score printed) is still read by its output.
  return [row.command, ...(row.program === null ? [] : [row.program]), ...(failure.length ? failure : [row.stderrTail])];
}

/** The case text of a rollout, or of one of its steps; throws not_found for either that is missing. */
export function caseText(db: Db, rollout: string, step: number | undefined): string {
  const statement = db.prepare<unknown[], string>('SELECT t.statement FROM rollouts r JOIN tasks t ON t.id = r.task_id WHERE r.id = ?').pluck().get(rollout);
  if (statement === undefined) throw new ApiError('not_found', `rollout "${rollout}" is not in this corpus`);
  const parts = step === undefined ? rolloutText(db, rollout) : stepText(db, rollout, step);
  return [statement, ...parts].join('\n');
}
