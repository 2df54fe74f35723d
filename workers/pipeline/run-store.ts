/**
 * The `pipeline_runs` table: one row per mining, curation or judging run, with its parsed
 * parameters, its frozen plan, its state, its report, and the ledger rows it used.
 */
import { randomBytes } from 'node:crypto';
import type {
  PipelineCosts,
  PipelineReport,
  PipelineRunDetail,
  PipelineRunKind,
  PipelineRunStatus,
  PipelineRunSummary,
} from '../../common/pipeline/pipeline-types';
import { ApiError } from '../../common/errors';
import { workerSession } from '../context/live-session';
import type { ModelFailureReason } from '../model/model-errors';
import type { Db } from '../db/open-corpus';
import { canonicalJson } from '../util/canonical-json';
import type { RecordedFailure, UsedRequest } from '../model/model-calls';
import { oneRow } from '../db/one-row';

/** This worker process's session id, the owner of the runs it executes (see `LiveSession`). */
export const pipelineSession = workerSession.id;

/** Runs executing in this process: the session's jobs, keyed by run id. */
export const liveRuns = workerSession.jobs;

/** A run as stored. */
export interface RunRow {
  id: string;
  kind: PipelineRunKind;
  params: string;
  plan: string;
  status: PipelineRunStatus;
  owner: string | null;
  job_id: string | null;
  executions: number;
  done: number;
  total: number | null;
  message: string | null;
  report: string | null;
  library_id: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** A new run id: its kind and random hex. */
export function newRunId(kind: PipelineRunKind): string {
  return `${kind}-${randomBytes(5).toString('hex')}`;
}

/** Writes a new `running` run owned by this process. */
export function insertRun(
  db: Db,
  run: { id: string; kind: PipelineRunKind; params: unknown; plan: unknown; jobId: string; total: number | null; createdAt: string },
): void {
  db.prepare(
    `INSERT INTO pipeline_runs (id, kind, params, plan, status, owner, job_id, total, created_at, updated_at)
      VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?, ?)`,
  ).run(run.id, run.kind, canonicalJson(run.params), canonicalJson(run.plan), pipelineSession, run.jobId, run.total, run.createdAt, run.createdAt);
}

/** The stored row of a run; not_found when absent. */
export function runRow(db: Db, id: string): RunRow {
  const row = db.prepare<unknown[], RunRow>('SELECT * FROM pipeline_runs WHERE id = ?').get(id);
  if (!row) throw new ApiError('not_found', `pipeline run "${id}" is not in this corpus`);
  return row;
}

type RunChange = Partial<
  Pick<RunRow, 'status' | 'owner' | 'job_id' | 'executions' | 'done' | 'total' | 'message' | 'report' | 'library_id' | 'error' | 'finished_at'>
>;

/** Updates columns of a run and its `updated_at`. */
export function updateRun(db: Db, id: string, change: RunChange): void {
  const columns = Object.keys(change);
  const sets = [...columns.map((c) => `${c} = @${c}`), 'updated_at = @updated_at'];
  db.prepare(`UPDATE pipeline_runs SET ${sets.join(', ')} WHERE id = @id`).run({ ...change, updated_at: new Date().toISOString(), id });
}

/** Records a ledger row the run used; the first record of a row stands. */
export function recordRequest(db: Db, run: string, used: UsedRequest): void {
  db.prepare('INSERT OR IGNORE INTO pipeline_run_requests (run_id, request_id, source, failure, message) VALUES (?, ?, ?, ?, ?)').run(
    run,
    used.requestId,
    used.source,
    used.failure,
    used.message,
  );
}

/**
 * The calls of a run that gave no answer and were never answered later in the same run, by
 * request hash: what a replay must reproduce as failures rather than ask the ledger about.
 */
export function recordedFailures(db: Db, run: string): Map<string, RecordedFailure> {
  const rows = db
    .prepare<unknown[], { hash: string; requestId: number; reason: ModelFailureReason; message: string }>(
      `SELECT m.request_hash AS hash, u.request_id AS requestId, u.failure AS reason, u.message
      FROM pipeline_run_requests u JOIN model_requests m ON m.id = u.request_id
      WHERE u.run_id = ? AND u.failure IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM pipeline_run_requests a JOIN model_requests am ON am.id = a.request_id
          WHERE a.run_id = u.run_id AND a.failure IS NULL AND am.request_hash = m.request_hash)
      ORDER BY u.request_id`,
    )
    .all(run);
  const failures = new Map<string, RecordedFailure>();
  // The last failure of a hash is the one the run's final execution saw.
  for (const r of rows) failures.set(r.hash, { requestId: r.requestId, reason: r.reason, message: r.message });
  return failures;
}

/** What the ledger rows a run used cost; `accepted` divides it per rubric. */
export function runCosts(db: Db, run: string, accepted: number | null): PipelineCosts {
  const row = oneRow(
    db
      .prepare<unknown[], Omit<PipelineCosts, 'costPerAccepted'>>(
        `SELECT count(*) AS requests, coalesce(sum(u.source = 'network'), 0) AS sent, coalesce(sum(u.source = 'ledger'), 0) AS reused,
        coalesce(sum(u.failure IS NOT NULL), 0) AS failed, coalesce(sum(m.cost_usd), 0) AS costUsd, coalesce(sum(m.cost_usd IS NULL), 0) AS unknownCost
      FROM pipeline_run_requests u JOIN model_requests m ON m.id = u.request_id WHERE u.run_id = ?`,
      )
      .get(run),
  );
  const costPerAccepted = accepted && row.unknownCost === 0 ? row.costUsd / accepted : null;
  return { ...row, costPerAccepted };
}

/**
 * Marks `running` runs whose owner is no longer running them as `interrupted` (a run of
 * another live process, such as the CLI beside the app, is left alone); returns their ids.
 */
export function reconcileRuns(db: Db): string[] {
  const orphans = db
    .prepare<unknown[], { id: string; owner: string | null }>(`SELECT id, owner FROM pipeline_runs WHERE status = 'running'`)
    .all()
    .filter((r) => !workerSession.isAlive(r.owner, r.id));
  for (const r of orphans) {
    updateRun(db, r.id, { status: 'interrupted', message: 'the worker running it stopped before it finished; resume it to go on', owner: null });
  }
  return orphans.map((r) => r.id);
}

function accepted(kind: PipelineRunKind, report: PipelineReport | null): number | null {
  if (!report) return null;
  return kind === 'judge' ? report.verdicts : report.rubrics.length;
}

/** A run as the Pipeline screen lists it. */
export function toSummary(db: Db, row: RunRow): PipelineRunSummary {
  const report = row.report === null ? null : (JSON.parse(row.report) as PipelineReport);
  const count = accepted(row.kind, report);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    done: row.done,
    total: row.total,
    message: row.message,
    library: row.library_id,
    accepted: count,
    costs: runCosts(db, row.id, row.kind === 'judge' ? null : count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

/** A run with its parameters and report. */
export function toDetail(db: Db, row: RunRow): PipelineRunDetail {
  return {
    ...toSummary(db, row),
    params: JSON.parse(row.params) as Record<string, unknown>,
    executions: row.executions,
    jobId: row.job_id,
    error: row.error,
    report: row.report === null ? null : (JSON.parse(row.report) as PipelineReport),
  };
}

/** Runs, newest first. */
export function listRuns(db: Db, filter: { kind?: PipelineRunKind; offset: number; limit: number }): PipelineRunSummary[] {
  const rows = db
    .prepare<unknown[], RunRow>(
      `SELECT * FROM pipeline_runs WHERE (@kind IS NULL OR kind = @kind) ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ kind: filter.kind ?? null, limit: filter.limit, offset: filter.offset });
  return rows.map((row) => toSummary(db, row));
}
