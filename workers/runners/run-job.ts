/**
 * A run: an experiment's never-started slots executed on one backend as a cancellable job.
 * The same code turns every backend's reports into attempt records (status, score,
 * validity, times, log), pushes `attempt:status` and batched `attempt:output` events, and
 * keeps every attempt: nothing is retried, and a cancelled run leaves the slots it never
 * reached never-started, so "continue" starts exactly those.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedRequestOf } from '../../common/contract';
import type { AttemptRow, CaseProgram, RunStarted } from '../../common/domain';
import { ApiError } from '../../common/errors';
import { relativePathProblem } from '../../common/run-requests';
import type { HandlerContext } from '../core/handlers';
import type { Job } from '../core/jobs';
import { getCase, programContent } from '../queries/case-queries';
import { experimentPlan, planSlots, type ExperimentPlan } from '../queries/run-experiments';
import { claimedByLiveRun, ensureSlot, getAttempt, ownerId, reconcileOrphans, saveAttemptLog, updateAttempt } from '../queries/run-attempts';
import { getHost } from '../queries/run-hosts';
import { AttemptLog, packLog } from './attempt-log';
import { recordAttemptEnvironment } from './attempt-environment';
import { attemptResult } from './attempt-outcome';
import { LocalRunner } from './local-runner';
import { OutputBatcher } from './output-batcher';
import type { AttemptSpec, RawOutcome, Runner, RunnerEvents, StartedInfo } from './runner';
import { SlurmRunner } from './slurm-runner';
import { SshRunner } from './ssh-runner';

/** Run jobs alive in this process (their attempts are not orphans). */
export const liveRuns = new Set<string>();

export type RunContext = Pick<HandlerContext, 'db' | 'dbPath' | 'emit' | 'writes' | 'jobs'>;

/** Where attempt folders go: $RWB_RUNS_DIR, else `<corpus>.runs/` beside the corpus. */
export function runsRoot(dbPath: string): string {
  if (process.env.RWB_RUNS_DIR) return process.env.RWB_RUNS_DIR;
  return dbPath === ':memory:' ? join(tmpdir(), 'rwb-runs') : `${dbPath}.runs`;
}

function makeRunner(ctx: RunContext, req: ParsedRequestOf<'runs.start'>, runTag: string): Runner {
  if (req.backend === 'local') return new LocalRunner();
  if (req.backend === 'slurm') {
    // How often Slurm is polled; a knob for tests and busy controllers, not part of the API.
    const pollMs = Number(process.env.RWB_SLURM_POLL_MS) || undefined;
    return new SlurmRunner({ ...req.slurm, runTag, pollMs });
  }
  return new SshRunner(getHost(ctx.db, req.backend.slice('ssh:'.length)), { runTag });
}

/** Whether a slot was never started (and no live run has claimed it). */
function neverStarted(row: AttemptRow | null, claimedByLiveRun: (row: AttemptRow) => boolean): boolean {
  return row === null || (row.status === 'queued' && row.dispatchedAt === null && !claimedByLiveRun(row));
}

interface PlannedAttempt {
  caseId: string;
  arm: string;
  repeat: number;
  files: AttemptSpec['files'];
  dataDir: string | null;
  command: string;
  timeoutS: number;
  score: AttemptSpec['score'];
}

/** Resolves each slot's program, command and cap (arm variants applied) and checks them before anything runs. */
function planAttempts(ctx: RunContext, plan: ExperimentPlan, slots: { caseId: string; arm: string; repeat: number }[], timeoutS: number | undefined): PlannedAttempt[] {
  const cases = new Map(plan.cases.map((c) => [c, getCase(ctx.db, c)]));
  const contents = new Map<string, { path: string; content: string }>();
  const content = (program: CaseProgram) => {
    const key = JSON.stringify(program);
    let c = contents.get(key);
    if (!c) contents.set(key, (c = programContent(ctx.db, program)));
    return c;
  };
  return slots.map(({ caseId, arm, repeat }) => {
    const c = cases.get(caseId)!;
    const variant = plan.variants.find((v) => v.arm === arm && v.case === caseId) ?? plan.variants.find((v) => v.arm === arm && v.case === null);
    const program = content(variant?.program ?? c.program);
    const problem = relativePathProblem(program.path);
    if (problem) throw new ApiError('invalid_request', `case "${caseId}": program path "${program.path}" ${problem}`);
    if (c.score.from === 'json' && relativePathProblem(c.score.path)) throw new ApiError('invalid_request', `case "${caseId}": score file "${c.score.path}" ${relativePathProblem(c.score.path)}`);
    if (c.dataDir !== null) {
      let isDir = false;
      try {
        isDir = statSync(c.dataDir).isDirectory();
      } catch {
        isDir = false;
      }
      if (!isDir) throw new ApiError('invalid_request', `case "${caseId}": its data folder ${c.dataDir} is not a folder on this machine`);
    }
    return { caseId, arm, repeat, files: [program], dataDir: c.dataDir, command: variant?.command ?? c.command, timeoutS: timeoutS ?? c.timeoutS, score: c.score };
  });
}

/**
 * Starts a run and resolves once the backend has accepted it (ssh reached the host and
 * trusted its key; Slurm answered), with the job id; with `wait`, once every attempt is over.
 * A refusal throws before any slot is dispatched.
 */
export async function startRun(req: ParsedRequestOf<'runs.start'>, ctx: RunContext): Promise<RunStarted> {
  const jobId = req.jobId ?? `runs-${randomUUID()}`;
  const runTag = randomBytes(5).toString('hex');
  const runner = makeRunner(ctx, req, runTag);
  // Checking which slots were never started and claiming them is one step under the write
  // lock, so two runs started at once cannot both start a slot.
  const { plan, planned, ids } = await ctx.writes.run(async () => {
    reconcileOrphans(ctx.db, liveRuns, req.experiment);
    const plan = experimentPlan(ctx.db, req.experiment);
    if (plan.cases.length === 0) throw new ApiError('invalid_request', `experiment "${plan.id}" has no cases`);
    const arms = req.arms ?? plan.arms;
    for (const arm of arms) if (!plan.arms.includes(arm)) throw new ApiError('invalid_request', `arms: experiment "${plan.id}" has no arm "${arm}" (arms: ${plan.arms.join(', ')})`);
    const slots = planSlots(ctx.db, plan, arms);
    const todo = slots.filter((s) => neverStarted(s.row, (row) => claimedByLiveRun(ctx.db, row.id, liveRuns)));
    if (!req.continue && todo.length < slots.length) {
      throw new ApiError(
        'invalid_request',
        `experiment "${plan.id}": ${slots.length - todo.length} of ${slots.length} slots were already started; pass continue to start only the ${todo.length} never started, or make a new experiment (attempts are never overwritten)`,
      );
    }
    if (todo.length === 0) throw new ApiError('invalid_request', `experiment "${plan.id}": every slot of ${arms.join(', ')} has been started; there is nothing to continue`);
    const planned = planAttempts(ctx, plan, todo, req.timeoutS);
    const ids = ctx.db.transaction(() =>
      planned.map((p) => {
        const id = ensureSlot(ctx.db, plan.id, p.caseId, p.arm, p.repeat);
        ctx.db.prepare('UPDATE attempts SET run_job_id = ?, owner = ? WHERE id = ?').run(jobId, ownerId, id);
        return id;
      }),
    )();
    return { plan, planned, ids };
  });
  const root = req.backend === 'slurm' && req.slurm?.workDir ? req.slurm.workDir : runsRoot(ctx.dbPath);
  const expFolder = plan.id.replace(/[^A-Za-z0-9._-]/g, '_');
  liveRuns.add(jobId);
  const specs: AttemptSpec[] = planned.map((p, i) => ({
    attemptId: ids[i]!,
    experiment: plan.id,
    caseId: p.caseId,
    arm: p.arm,
    repeat: p.repeat,
    files: p.files,
    dataDir: p.dataDir,
    command: p.command,
    timeoutS: p.timeoutS,
    score: p.score,
    localDir: join(root, expFolder, `a${ids[i]}-${runTag}`),
  }));

  let accepted!: () => void;
  let refused!: (err: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    accepted = resolve;
    refused = reject;
  });
  const finished = ctx.jobs.run('runs', jobId, async (job) => {
    let end: RunEnd | null = null;
    try {
      try {
        await runner.prepare(job.signal);
      } catch (err) {
        refused(err);
        job.progress({ phase: 'failed', done: 0, total: specs.length, message: (err as Error).message });
        throw err;
      }
      accepted();
      end = await execute(ctx, req.backend, runner, specs, job);
    } finally {
      await runner.close().catch(() => undefined);
      liveRuns.delete(jobId);
      // Slots this run claimed but never dispatched go back to never-started, before anyone hears the run is over.
      await ctx.writes.run(async () => {
        ctx.db.prepare('UPDATE attempts SET run_job_id = NULL, owner = NULL WHERE run_job_id = ? AND dispatched_at IS NULL').run(jobId);
      });
    }
    job.progress(end);
    if (end.phase === 'failed') throw new Error(end.message);
  });
  finished.catch(() => undefined);
  try {
    await ready;
  } catch (err) {
    await finished.catch(() => undefined);
    throw err;
  }
  if (req.wait) await finished.catch(() => undefined);
  return { jobId, experiment: plan.id, backend: req.backend, attempts: ids, rows: ids.map((id) => getAttempt(ctx.db, id)) };
}

/** How a run ended, as its last progress event says. */
type RunEnd = { phase: 'done' | 'failed' | 'cancelled'; done: number; total: number; message: string };

/** Drives the runner and records what it reports; returns how the run ended (the caller announces it). */
async function execute(ctx: RunContext, backend: string, runner: Runner, specs: AttemptSpec[], job: Job): Promise<RunEnd> {
  const byId = new Map(specs.map((s) => [s.attemptId, s]));
  const logs = new Map<number, AttemptLog>();
  const batchers = new Map<number, OutputBatcher>();
  const settled = new Set<number>();
  const dispatched = new Set<number>();
  /** Environment probes of ended attempts; the run ends once they are recorded. */
  const probes: Promise<void>[] = [];
  const tally = { succeeded: 0, failed: 0, timeout: 0, interrupted: 0, unknown: 0 };
  const total = specs.length;
  let writes: Promise<unknown> = Promise.resolve();
  /** Attempt writes go through the write lock, in the order the runner reported them. */
  const write = (work: () => AttemptRow | null) => {
    writes = writes
      .then(() =>
        ctx.writes.run(async () => {
          const row = work();
          if (row) {
            ctx.emit({ type: 'attempt:status', jobId: job.id, attempt: row });
            ctx.emit({ type: 'db:changed', tables: ['attempts'] });
          }
        }),
      )
      // One failed write must not stop the ones after it (the run goes on, and its other attempts are kept).
      .catch((err: unknown) => console.error(`rwb: recording an attempt of ${job.id} failed: ${(err as Error).message}`));
  };
  const summary = () => {
    const parts = Object.entries(tally).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`);
    return `${settled.size} of ${total} attempts over${parts.length ? ` (${parts.join(', ')})` : ''}`;
  };
  const progress = (message?: string) => job.progress({ phase: 'running', done: settled.size, total, message: message ?? summary() });
  const batcher = (id: number) => {
    let b = batchers.get(id);
    if (!b) batchers.set(id, (b = new OutputBatcher((data) => ctx.emit({ type: 'attempt:output', jobId: job.id, attemptId: id, data }))));
    return b;
  };
  const finish = (id: number, raw: RawOutcome) => {
    if (settled.has(id)) return;
    settled.add(id);
    batchers.get(id)?.flush();
    const spec = byId.get(id)!;
    const log = logs.get(id) ?? new AttemptLog();
    const result = attemptResult(raw, spec.score, spec.localDir, log.text());
    tally[result.status] += 1;
    if (raw.end !== 'unknown' && raw.end !== 'interrupted') probes.push(recordAttemptEnvironment(ctx.db, ctx.writes, backend, spec).catch((err: unknown) => console.error(`rwb: recording attempt ${id}'s environment failed: ${(err as Error).message}`)));
    const stored = packLog(log);
    write(() => {
      saveAttemptLog(ctx.db, id, stored);
      return updateAttempt(
        ctx.db,
        id,
        { status: result.status, exitCode: result.exitCode, wallS: result.wallS, score: result.score, valid: result.valid, host: raw.host },
        { ended_at: new Date().toISOString(), error: result.error },
      );
    });
    progress();
  };
  const events: RunnerEvents = {
    dispatched(id, info: StartedInfo) {
      dispatched.add(id);
      const spec = byId.get(id)!;
      write(() =>
        updateAttempt(
          ctx.db,
          id,
          { host: info.host },
          { backend, backend_job_id: info.backendJobId, run_job_id: job.id, owner: ownerId, timeout_s: spec.timeoutS, dispatched_at: new Date().toISOString(), work_dir: spec.localDir, error: null },
        ),
      );
    },
    started(id, info) {
      write(() => updateAttempt(ctx.db, id, { status: 'running', host: info.host }, { started_at: new Date().toISOString(), backend_job_id: info.backendJobId }));
    },
    output(id, data) {
      let log = logs.get(id);
      if (!log) logs.set(id, (log = new AttemptLog()));
      log.append(data);
      batcher(id).push(data);
    },
    finished: finish,
    withdrawn(id, reason) {
      settled.add(id);
      dispatched.delete(id);
      batchers.get(id)?.flush();
      write(() =>
        updateAttempt(
          ctx.db,
          id,
          { status: 'queued', host: null },
          { backend: null, backend_job_id: null, run_job_id: null, owner: null, timeout_s: null, dispatched_at: null, started_at: null, work_dir: null, error: reason },
        ),
      );
    },
  };
  progress(`${total} attempts on ${backend}`);
  let failure: unknown = null;
  try {
    await runner.run(specs, events, job.signal);
  } catch (err) {
    failure = err;
  } finally {
    // A dispatched attempt the runner never settled has no known end.
    for (const id of dispatched) {
      if (!settled.has(id)) {
        finish(id, {
          end: job.signal.aborted ? 'interrupted' : 'unknown',
          exitCode: null,
          wallS: null,
          graderOutput: null,
          error: failure ? `the ${backend} runner failed: ${(failure as Error).message}` : 'the runner reported no end',
          host: backend,
        });
      }
    }
    await Promise.all(probes);
    await writes;
  }
  if (failure) return { phase: 'failed', done: settled.size, total, message: `${backend}: ${(failure as Error).message}` };
  return { phase: job.signal.aborted ? 'cancelled' : 'done', done: settled.size, total, message: summary() };
}
