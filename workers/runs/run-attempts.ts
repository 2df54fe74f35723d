/**
 * Attempt rows: reading the grid, and the writes a run makes as each slot is dispatched,
 * starts and ends. The bundle fields (status, exit code, wall seconds, score, validity, host)
 * keep the record hash an exported `attempt` record would have; the rest (backend, job ids,
 * times, error, folder) live in the columns of migration 003.
 */
import type { AttemptLog, AttemptRow, AttemptStatus } from '../../common/runs/run-types';
import { ApiError } from '../../common/errors';
import type { LiveSession } from '../context/live-session';
import type { Db } from '../db/open-corpus';
import { recordHash } from '../util/canonical-json';
import { unpackLog, type StoredLog } from './runners/attempt-log';

interface AttemptDbRow {
  id: number;
  experiment_id: string;
  case_id: string;
  arm: string;
  repeat: number;
  status: AttemptStatus;
  exit_code: number | null;
  wall_s: number | null;
  score: number | null;
  valid: number | null;
  host: string | null;
  backend: string | null;
  backend_job_id: string | null;
  run_job_id: string | null;
  timeout_s: number | null;
  dispatched_at: string | null;
  started_at: string | null;
  ended_at: string | null;
  error: string | null;
  work_dir: string | null;
  log_bytes: number | null;
  slot: string | null;
  gpu: string | null;
  env_names: string | null;
}

function toRow(r: AttemptDbRow): AttemptRow {
  return {
    id: r.id,
    experiment: r.experiment_id,
    case: r.case_id,
    arm: r.arm,
    repeat: r.repeat,
    status: r.status,
    exitCode: r.exit_code,
    wallS: r.wall_s,
    score: r.score,
    valid: r.valid === null ? null : r.valid === 1,
    host: r.host,
    backend: r.backend,
    backendJobId: r.backend_job_id,
    runJobId: r.run_job_id,
    timeoutS: r.timeout_s,
    dispatchedAt: r.dispatched_at,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    error: r.error,
    workDir: r.work_dir,
    logBytes: r.log_bytes,
    slot: r.slot,
    gpu: r.gpu,
    envNames: r.env_names === null ? null : (JSON.parse(r.env_names) as string[]),
  };
}

/** Attempts matching a condition on `a` (attempts), in grid order. */
export function listAttempts(db: Db, where: string, params: unknown[]): AttemptRow[] {
  const rows = db
    .prepare<unknown[], AttemptDbRow>(
      `SELECT a.*, l.bytes AS log_bytes FROM attempts a LEFT JOIN attempt_logs l ON l.attempt_id = a.id WHERE ${where} ORDER BY a.case_id, a.arm, a.repeat`,
    )
    .all(...params);
  return rows.map(toRow);
}

export function getAttempt(db: Db, id: number): AttemptRow {
  const row = listAttempts(db, 'a.id = ?', [id])[0];
  if (!row) throw new ApiError('not_found', `attempt ${id} is not in this corpus`);
  return row;
}

/** The bundle fields of an attempt, as export writes them. */
export type AttemptBundleFields = Pick<AttemptRow, 'experiment' | 'case' | 'arm' | 'repeat' | 'status' | 'exitCode' | 'wallS' | 'score' | 'valid' | 'host'>;

/** sha256 of the canonical `attempt` record, the way the importer hashes it (absent fields for nulls). */
export function attemptRecordHash(a: AttemptBundleFields): string {
  const record: Record<string, unknown> = { type: 'attempt', experiment: a.experiment, case: a.case, arm: a.arm, repeat: a.repeat, status: a.status };
  if (a.exitCode !== null) record.exitCode = a.exitCode;
  if (a.wallS !== null) record.wallS = a.wallS;
  if (a.score !== null) record.score = a.score;
  if (a.valid !== null) record.valid = a.valid;
  if (a.host !== null) record.host = a.host;
  return recordHash(record);
}

/** Writes an attempt slot that has no row yet as `queued` and returns its id. */
export function ensureSlot(db: Db, experiment: string, caseId: string, arm: string, repeat: number): number {
  const existing = db
    .prepare<unknown[], number>('SELECT id FROM attempts WHERE experiment_id = ? AND case_id = ? AND arm = ? AND repeat = ?')
    .pluck()
    .get(experiment, caseId, arm, repeat);
  if (existing !== undefined) return existing;
  const hash = attemptRecordHash({
    experiment,
    case: caseId,
    arm,
    repeat,
    status: 'queued',
    exitCode: null,
    wallS: null,
    score: null,
    valid: null,
    host: null,
  });
  return Number(
    db
      .prepare(`INSERT INTO attempts (experiment_id, case_id, arm, repeat, status, record_hash) VALUES (?, ?, ?, ?, 'queued', ?)`)
      .run(experiment, caseId, arm, repeat, hash).lastInsertRowid,
  );
}

/** Changes an attempt's bundle fields (and any extra columns), keeping its record hash in step. */
export function updateAttempt(
  db: Db,
  id: number,
  change: Partial<Omit<AttemptBundleFields, 'experiment' | 'case' | 'arm' | 'repeat'>>,
  columns: Record<string, unknown> = {},
): AttemptRow {
  const current = getAttempt(db, id);
  const next: AttemptBundleFields = {
    experiment: current.experiment,
    case: current.case,
    arm: current.arm,
    repeat: current.repeat,
    status: change.status ?? current.status,
    exitCode: change.exitCode !== undefined ? change.exitCode : current.exitCode,
    wallS: change.wallS !== undefined ? change.wallS : current.wallS,
    score: change.score !== undefined ? change.score : current.score,
    valid: change.valid !== undefined ? change.valid : current.valid,
    host: change.host !== undefined ? change.host : current.host,
  };
  const extraCols = Object.keys(columns);
  for (const c of extraCols) if (!/^[a-z_]+$/.test(c)) throw new Error(`bad column ${c}`);
  db.prepare(
    `UPDATE attempts SET status = ?, exit_code = ?, wall_s = ?, score = ?, valid = ?, host = ?, record_hash = ?${extraCols.map((c) => `, ${c} = ?`).join('')} WHERE id = ?`,
  ).run(
    next.status,
    next.exitCode,
    next.wallS,
    next.score,
    next.valid === null ? null : next.valid ? 1 : 0,
    next.host,
    attemptRecordHash(next),
    ...extraCols.map((c) => columns[c]),
    id,
  );
  return getAttempt(db, id);
}

export function saveAttemptLog(db: Db, id: number, log: StoredLog): void {
  db.prepare('INSERT OR REPLACE INTO attempt_logs (attempt_id, gz, bytes, omitted_bytes, sha256) VALUES (?, ?, ?, ?, ?)').run(
    id,
    log.gz,
    log.bytes,
    log.omittedBytes,
    log.sha256,
  );
}

export function attemptLog(db: Db, id: number): AttemptLog {
  getAttempt(db, id);
  const row = db
    .prepare<unknown[], { gz: Buffer; bytes: number; omitted_bytes: number }>('SELECT gz, bytes, omitted_bytes FROM attempt_logs WHERE attempt_id = ?')
    .get(id);
  if (!row) return { attemptId: id, text: '', bytes: 0, omittedBytes: 0 };
  return { attemptId: id, text: unpackLog(row.gz), bytes: row.bytes, omittedBytes: row.omitted_bytes };
}

/** Whether a never-dispatched slot is claimed by a run that is still alive (here or in another worker process). */
export function claimedByLiveRun(db: Db, attemptId: number, session: LiveSession): boolean {
  const row = db.prepare<unknown[], { owner: string | null; run_job_id: string | null }>('SELECT owner, run_job_id FROM attempts WHERE id = ?').get(attemptId);
  if (!row?.owner || !row.run_job_id) return false;
  return session.isAlive(row.owner, row.run_job_id);
}

/**
 * Attempts left `running` (or dispatched and still `queued`) by a worker process that no
 * longer exists, or by a run of this process that is over, are recorded `unknown`: nobody
 * saw how they ended. Returns the rows it changed.
 */
export function reconcileOrphans(db: Db, session: LiveSession, experiment?: string): AttemptRow[] {
  const candidates = db
    .prepare<unknown[], { id: number; owner: string | null; run_job_id: string | null }>(
      `SELECT id, owner, run_job_id FROM attempts WHERE (status = 'running' OR (status = 'queued' AND dispatched_at IS NOT NULL))${experiment ? ' AND experiment_id = ?' : ''}`,
    )
    .all(...(experiment ? [experiment] : []));
  return candidates
    .filter((c) => !session.isAlive(c.owner, c.run_job_id ?? ''))
    .map((c) =>
      updateAttempt(
        db,
        c.id,
        { status: 'unknown', valid: null },
        { error: 'the workbench process that ran it stopped before recording its end', ended_at: new Date().toISOString() },
      ),
    );
}
