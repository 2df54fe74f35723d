/**
 * Pipeline runs as worker jobs (docs/architecture.md "The worker"): start, resume and replay.
 *
 * A run is planned once when it starts; the plan is stored with its parameters. Executing a
 * run replays its plan from the start through a fresh model client: every answer already in
 * the ledger (from an earlier execution, before a cancel, a deadline or a restart) is reused
 * by request hash and never paid twice, and only what is missing is sent. Because the plan
 * and the answers fix the outcome, a resumed run builds exactly what an uninterrupted one
 * would have. Replay executes the plan in replay mode (ledger only, no network, no writes)
 * and compares what it rebuilds with what the run stored.
 */
import type { PipelineRunDetail, PipelineRunKind, PipelineRunStarted, PipelineRunSummary, ReplayReport } from '../../common/pipeline/pipeline-types';
import { ApiError } from '../../common/errors';
import type { JobProgressEvent } from '../../common/events';
import type { HandlerContext } from '../context/handler-context';
import type { Job } from '../context/jobs';
import { auditOrigins, heldOutMessage } from '../curation/held-out-audit';
import { originRows } from '../curation/origin-query';
import type { LimitOptions } from '../model/call-limits';
import { ModelClient } from '../model/model-client';
import { noKeyMessage } from '../context/model-env';
import type { Db } from '../db/open-corpus';
import { canonicalJson } from '../util/canonical-json';
import { runVerdicts, writeVerdicts } from '../judge/verdict-store';
import { executeFiltered, planFiltered } from './filtered-run';
import { executeJudge, planJudge } from './judge-runs';
import { libraryLines, recordLines, writeLibraryRecords } from './library-records';
import { executeMine, executeQuota, planMine, planQuota, quotaUnitsAtMost } from './mining-runs';
import { filteredRunMessage } from './filtered-message';
import { RunCaller, RunStopped } from '../model/model-calls';
import type { RunEnv, RunOutcome } from './run-env';
import {
  insertRun,
  listRuns,
  liveRuns,
  newRunId,
  pipelineSession,
  reconcileRuns,
  recordedFailures,
  recordRequest,
  runRow,
  toDetail,
  updateRun,
} from './run-store';

/** What the pipeline needs of the worker. */
export type PipelineContext = Pick<HandlerContext, 'db' | 'emit' | 'writes' | 'jobs' | 'model'>;

type Params = Record<string, unknown> & { limits?: { maxRequests?: number; maxUsd?: number; deadline?: string; concurrency?: number } };

/** What each kind of run does; `plan` may throw to refuse a request before any run is recorded. */
interface Kind<P = never, Plan = never> {
  plan(db: Db, params: P): Plan;
  total(plan: Plan): number | null;
  execute(env: RunEnv, params: P, plan: Plan): Promise<RunOutcome> | RunOutcome;
  usesModel: boolean;
}

/** Erases a kind's types: its params and plan come back from the row its own plan step wrote. */
const defineKind = <P, Plan>(impl: Kind<P, Plan>) => impl as unknown as Kind<Params, unknown>;

const kinds: Record<PipelineRunKind, Kind<Params, unknown>> = {
  mine: defineKind({ plan: planMine, total: (plan) => plan.units.length, execute: executeMine, usesModel: true }),
  'curate-quota': defineKind({ plan: planQuota, total: quotaUnitsAtMost, execute: executeQuota, usesModel: true }),
  'curate-filtered': defineKind({ plan: planFiltered, total: () => 1, execute: executeFiltered, usesModel: false }),
  judge: defineKind({ plan: planJudge, total: (plan) => plan.targets.length, execute: executeJudge, usesModel: true }),
};

/** How an execution ended: the run's new state. */
interface RunEnd {
  status: 'done' | 'failed' | 'cancelled' | 'stopped';
  message: string;
  error: string | null;
  change: Parameters<typeof updateRun>[2];
}

function limitsOf(params: Params): LimitOptions {
  const { deadline, ...rest } = params.limits ?? {};
  return { ...rest, ...(deadline === undefined ? {} : { deadline: new Date(deadline) }) };
}

/** Starts a run of `kind` for a parsed request; with `wait`, resolves once it has ended. */
export async function startPipelineRun(
  ctx: PipelineContext,
  kind: PipelineRunKind,
  request: Params & { wait: boolean; jobId?: string },
): Promise<PipelineRunStarted> {
  const { wait, jobId: requestedJob, ...params } = request;
  if (kinds[kind].usesModel) {
    // Said before any run is recorded: without a key there is nothing to start.
    const settings = ctx.model.settings();
    if (settings.mode === 'live' && !settings.apiKey) throw new ApiError('unavailable', noKeyMessage);
  }
  const plan = kinds[kind].plan(ctx.db, params);
  const id = newRunId(kind);
  const jobId = requestedJob ?? id;
  await ctx.writes.run(async () => {
    insertRun(ctx.db, { id, kind, params, plan, jobId, total: kinds[kind].total(plan), createdAt: new Date().toISOString() });
    // Live before the lock is released, so no reconcile can take it for an orphan.
    liveRuns.add(id);
  });
  return launch(ctx, id, jobId, { wait, resendUnresolved: false });
}

/** Runs a stopped, cancelled, interrupted or failed run again from its stored plan. */
export async function resumePipelineRun(
  ctx: PipelineContext,
  request: { run: string; resendUnresolved: boolean; limits?: Params['limits']; wait: boolean; jobId?: string },
): Promise<PipelineRunStarted> {
  const jobId = request.jobId ?? `${request.run}-resume-${Date.now()}`;
  await ctx.writes.run(async () => {
    reconcileRuns(ctx.db);
    const row = runRow(ctx.db, request.run);
    if (row.status === 'running') throw new ApiError('invalid_request', `pipeline run ${row.id} is running; cancel it first (jobs.cancel ${row.job_id})`);
    if (row.status === 'done') throw new ApiError('invalid_request', `pipeline run ${row.id} is done; there is nothing to resume (replay it to check it)`);
    const params = JSON.parse(row.params) as Params;
    if (request.limits) params.limits = request.limits;
    ctx.db
      .prepare(
        `UPDATE pipeline_runs SET status = 'running', owner = ?, job_id = ?, executions = executions + 1, params = ?, error = NULL,
          message = 'resumed', finished_at = NULL, updated_at = ? WHERE id = ?`,
      )
      .run(pipelineSession, jobId, canonicalJson(params), new Date().toISOString(), row.id);
    liveRuns.add(row.id);
  });
  return launch(ctx, request.run, jobId, { wait: request.wait, resendUnresolved: request.resendUnresolved });
}

async function launch(ctx: PipelineContext, run: string, jobId: string, options: { wait: boolean; resendUnresolved: boolean }): Promise<PipelineRunStarted> {
  const kind = runRow(ctx.db, run).kind;
  const finished = ctx.jobs.run(`pipeline-${kind}`, jobId, (job) => executeLive(ctx, run, job, options.resendUnresolved));
  if (options.wait) await finished;
  else finished.catch(() => undefined);
  return { jobId, run: toDetail(ctx.db, runRow(ctx.db, run)) };
}

/** One execution of a run, recording its state as it goes; never throws (the run row says how it ended). */
async function executeLive(ctx: PipelineContext, run: string, job: Job, resendUnresolved: boolean): Promise<void> {
  const { db } = ctx;
  const row = runRow(db, run);
  const impl = kinds[row.kind];
  const params = JSON.parse(row.params) as Params;
  const plan = JSON.parse(row.plan) as unknown;
  const total = row.total;
  let done = 0;
  let persisted: Promise<unknown> = Promise.resolve();
  /** Progress rows are written in order through the write lock, never awaited by the work. */
  const persist = (change: Parameters<typeof updateRun>[2]) => {
    persisted = persisted
      .then(() => ctx.writes.run(async () => updateRun(db, run, change)))
      .catch((err: unknown) => console.error(`rwb: recording pipeline run ${run} failed: ${(err as Error).message}`));
  };
  const announce = (phase: JobProgressEvent['phase'], message: string) => job.progress({ phase, done, total, message });
  let client: ModelClient | null = null;
  let end: RunEnd;
  try {
    announce('running', `${row.kind} run ${run} started`);
    if (impl.usesModel) {
      const settings = ctx.model.settings();
      client = await ModelClient.open({
        db,
        mode: settings.mode,
        apiKey: settings.apiKey,
        limits: limitsOf(params),
        signal: job.signal,
        resendUnresolved,
        writes: ctx.writes,
      });
    }
    const caller = new RunCaller({
      client,
      record: (used) => ctx.writes.run(async () => recordRequest(db, run, used)),
      concurrency: params.limits?.concurrency,
    });
    const env: RunEnv = {
      db,
      run,
      createdAt: row.created_at,
      caller,
      progress: (n, message) => {
        done = n;
        announce('running', message);
        persist({ done: n, message });
      },
    };
    const outcome = await impl.execute(env, params, plan);
    end = await ctx.writes.run(async () => finish(ctx, run, outcome));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof RunStopped) {
      const status = err.reason === 'cancelled' ? 'cancelled' : 'stopped';
      end = { status, message: `${status}: ${message}; resume the run to go on (answers already received are reused)`, error: null, change: {} };
    } else {
      end = { status: 'failed', message: `failed: ${message}`, error: message, change: {} };
    }
  } finally {
    client?.dispose();
  }
  await persisted;
  await ctx.writes.run(async () => {
    updateRun(db, run, { ...end.change, status: end.status, message: end.message, error: end.error, owner: null, done, finished_at: new Date().toISOString() });
    liveRuns.delete(run);
  });
  announce(end.status === 'done' ? 'done' : end.status === 'cancelled' ? 'cancelled' : 'failed', end.message);
}

/**
 * Writes what an execution built, under the write lock: a library only when the
 * held-out-origin audit passes (else the build fails naming each rubric and task), or verdicts.
 */
function finish(ctx: PipelineContext, run: string, outcome: RunOutcome): RunEnd {
  const { db } = ctx;
  if (outcome.kind === 'verdicts') {
    writeVerdicts(db, run, outcome.verdicts);
    const [verdicts, cases] = [outcome.verdicts.length, outcome.report.targets.length];
    const message = `${verdicts} verdict${verdicts === 1 ? '' : 's'} on ${cases} case${cases === 1 ? '' : 's'}`;
    return { status: 'done', message, error: null, change: { report: JSON.stringify(outcome.report) } };
  }
  const library = outcome.records.library.id;
  if (outcome.report.rubrics.length === 0) {
    const error = 'no rubric was accepted, so no library was built (the funnel in the report says where the proposals went)';
    return { status: 'failed', message: `failed: ${error}`, error, change: { report: JSON.stringify({ ...outcome.report, library: null }) } };
  }
  const audit = auditOrigins(originRows(db, outcome.traced));
  const report = { ...outcome.report, violations: audit.violations, unresolvedOrigins: audit.unresolved };
  if (!audit.passed) {
    const error = heldOutMessage(library, audit.violations);
    return { status: 'failed', message: `failed: ${error}`, error, change: { report: JSON.stringify({ ...report, library: null, rubrics: [] }) } };
  }
  writeLibraryRecords(db, outcome.records, `pipeline run ${run}`);
  const funnel = report.funnel;
  const message =
    outcome.records.library.method === 'filtered'
      ? filteredRunMessage(library, report.rubrics.length, report.proposals.length, report.allocation)
      : `library ${library}: ${report.rubrics.length} rubrics${funnel ? ` (${funnel.proposed} proposed, ${funnel.passedChecks} passed checks, ${funnel.unique} unique)` : ''}`;
  return {
    status: 'done',
    message,
    error: null,
    change: { report: JSON.stringify(report), library_id: library },
  };
}

/** Position by position (the same records in another order are another export), the lines that differ; at most 20. */
function differences(stored: [string, string][], replayed: [string, string][]): ReplayReport['differences'] {
  const out: ReplayReport['differences'] = [];
  for (let i = 0; i < Math.max(stored.length, replayed.length) && out.length < 20; i++) {
    const a = stored[i];
    const b = replayed[i];
    if (a?.[1] !== b?.[1]) out.push({ key: a?.[0] ?? b![0], stored: a?.[1] ?? null, replayed: b?.[1] ?? null });
  }
  return out;
}

/** Re-executes a finished run from the ledger alone and compares what it rebuilds with what the run stored. */
export async function replayPipelineRun(ctx: PipelineContext, run: string): Promise<ReplayReport> {
  const { db } = ctx;
  const row = runRow(db, run);
  if (row.status !== 'done') throw new ApiError('invalid_request', `pipeline run ${run} is ${row.status}: only a finished run has something to replay`);
  const impl = kinds[row.kind];
  const client = impl.usesModel ? await ModelClient.open({ db, mode: 'replay' }) : null;
  let outcome: RunOutcome;
  const caller = new RunCaller({ client, recordedFailures: recordedFailures(db, run) });
  try {
    const env: RunEnv = { db, run, createdAt: row.created_at, caller, progress: () => undefined };
    outcome = await impl.execute(env, JSON.parse(row.params) as Params, JSON.parse(row.plan) as unknown);
  } catch (err) {
    if (err instanceof RunStopped) throw new ApiError('not_found', `replay of ${run} cannot be completed from the ledger: ${err.message}`);
    throw err;
  } finally {
    client?.dispose();
  }
  const keyed = (lines: string[]): [string, string][] => lines.map((line, i) => [(JSON.parse(line) as { id?: string }).id ?? String(i), line]);
  let stored: [string, string][];
  let replayed: [string, string][];
  if (outcome.kind === 'library') {
    stored = keyed(libraryLines(db, row.library_id!));
    replayed = keyed(recordLines(db, outcome.records));
  } else {
    const line = (v: unknown, i: number): [string, string] => [`verdict ${i + 1}`, canonicalJson(v)];
    stored = runVerdicts(db, run).map(line);
    replayed = outcome.verdicts.map(line);
  }
  const diff = differences(stored, replayed);
  return {
    run,
    kind: row.kind,
    identical: diff.length === 0,
    library: outcome.kind === 'library' ? outcome.records.library.id : null,
    records: replayed.length,
    differences: diff,
    requests: caller.answered,
    lines: outcome.kind === 'library' ? replayed.map(([, line]) => line) : [],
  };
}

/** `pipeline.get`: a read (runs of dead workers are marked interrupted by the core's reconciliation, not here). */
export function pipelineRun(ctx: Pick<PipelineContext, 'db'>, run: string): PipelineRunDetail {
  return toDetail(ctx.db, runRow(ctx.db, run));
}

/** `pipeline.list`. */
export function pipelineRuns(ctx: Pick<PipelineContext, 'db'>, filter: Parameters<typeof listRuns>[1]): PipelineRunSummary[] {
  return listRuns(ctx.db, filter);
}
