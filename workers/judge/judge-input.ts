/**
 * What the CWM judge sees of a case (docs/domain.md "Verdict"): one program version and its
 * task's static facts, never any output of a run.
 */
import type { ProgramVersionInfo } from '../../common/corpus/corpus-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { showProgram, type ShownProgramVersion } from '../mining/mining-input';
import { oneRow } from '../db/one-row';

/** A judged program version, as the plan fixes it. */
export interface JudgedProgram extends ProgramVersionInfo {
  /** program_versions.id, what verdicts point at. */
  id: number;
  rollout: string;
}

/** The task and the program the judge reads. */
export interface JudgeCase {
  task: string;
  statement: string;
  metric: string | null;
  higherIsBetter: boolean | null;
  facts: string;
  program: ShownProgramVersion;
}

type ProgramRow = { id: number; rollout: string; path: string; version: number; sha256: string; lines: number };
const programColumns = 'p.id, p.rollout_id AS rollout, p.path, p.version, p.content_hash AS sha256, p.lines';

/**
 * The program version a target names: the one given, else the one its step ran, else the one
 * the rollout's last program-running step ran, else its last-written program.
 */
export function resolveProgram(db: Db, target: { rollout: string; step?: number; program?: { path: string; version: number } }): JudgedProgram {
  const { rollout } = target;
  if (!db.prepare('SELECT 1 FROM rollouts WHERE id = ?').get(rollout)) throw new ApiError('not_found', `rollout "${rollout}" is not in this corpus`);
  let row: ProgramRow | undefined;
  if (target.program) {
    row = db
      .prepare<unknown[], ProgramRow>(`SELECT ${programColumns} FROM program_versions p WHERE p.rollout_id = ? AND p.path = ? AND p.version = ?`)
      .get(rollout, target.program.path, target.program.version);
    if (!row) throw new ApiError('not_found', `rollout "${rollout}" has no program ${target.program.path} version ${target.program.version}`);
    return row;
  }
  if (target.step !== undefined) {
    const step = db
      .prepare<unknown[], { path: string | null; version: number | null }>(
        'SELECT program_path AS path, program_version AS version FROM steps WHERE rollout_id = ? AND idx = ?',
      )
      .get(rollout, target.step);
    if (!step) throw new ApiError('not_found', `rollout "${rollout}" has no step ${target.step}`);
    if (step.path === null || step.version === null)
      throw new ApiError('invalid_request', `step ${target.step} of rollout "${rollout}" ran no stored program; name the program to judge`);
    return resolveProgram(db, { rollout, program: { path: step.path, version: step.version } });
  }
  row = db
    .prepare<unknown[], ProgramRow>(
      `SELECT ${programColumns} FROM steps s JOIN program_versions p ON p.rollout_id = s.rollout_id AND p.path = s.program_path AND p.version = s.program_version
      WHERE s.rollout_id = ? ORDER BY s.idx DESC LIMIT 1`,
    )
    .get(rollout);
  row ??= db.prepare<unknown[], ProgramRow>(`SELECT ${programColumns} FROM program_versions p WHERE p.rollout_id = ? ORDER BY p.id DESC LIMIT 1`).get(rollout);
  if (!row) throw new ApiError('invalid_request', `rollout "${rollout}" has no stored program to judge`);
  return row;
}

/** The judge's input for a program version. */
export function judgeCase(db: Db, program: JudgedProgram): JudgeCase {
  const row = oneRow(
    db
      .prepare<unknown[], { task: string; statement: string; metric: string | null; higherIsBetter: number | null; facts: string; text: string }>(
        `SELECT t.id AS task, t.statement, t.metric, t.higher_is_better AS higherIsBetter, t.facts, x.body AS text
      FROM program_versions p JOIN rollouts r ON r.id = p.rollout_id JOIN tasks t ON t.id = r.task_id JOIN texts x ON x.hash = p.content_hash
      WHERE p.id = ?`,
      )
      .get(program.id),
  );
  const { text, higherIsBetter, ...task } = row;
  return {
    ...task,
    higherIsBetter: higherIsBetter === null ? null : higherIsBetter === 1,
    program: { sha256: program.sha256, rollout: program.rollout, path: program.path, version: program.version, ...showProgram(text) },
  };
}
