/**
 * A run: an experiment's never-started slots executed on one backend as a cancellable job.
 * The same code turns every backend's reports into attempt records (status, score,
 * validity, times, slot and GPU, log), pushes `attempt:status` and batched `attempt:output`
 * events, and keeps every attempt: nothing is retried, and a cancelled or stopped run leaves
 * the slots it never reached never-started, so "continue" starts exactly those. Local and
 * SSH runs spread over a pool of hosts through the slot dispatcher; Slurm runs job arrays.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedRequestOf } from '../../../common/contract';
import type { AttemptRow, CaseProgram, RunStarted } from '../../../common/runs/run-types';
import { ApiError } from '../../../common/errors';
import { relativePathProblem } from '../../../common/runs/run-requests';
import type { HandlerContext } from '../../context/handler-context';
import type { Job } from '../../context/jobs';
import { workerSession } from '../../context/live-session';
import { caseRunOptions, getCase, programContent } from '../case-queries';
import { experimentPlan, planSlots, type ExperimentPlan } from '../run-experiments';
import { claimedByLiveRun, ensureSlot, getAttempt, ownerId, reconcileOrphans, saveAttemptLog, updateAttempt } from '../run-attempts';
import { getHost, getLocalHost } from '../run-hosts';
import { AttemptLog, packLog } from './attempt-log';
import { recordAttemptEnvironment } from './attempt-environment';
import { defaultDiskReserveGb, formatGb } from './free-space';
import { forgetLiveLog, trackLiveLog } from './live-attempt-logs';
import { attemptResult } from './attempt-outcome';
import { secretValues } from './child-env';
import { SecretScrubber } from './secret-scrubber';
import { LocalRunner } from './local-runner';
import { OutputBatcher } from './output-batcher';
import type { AttemptSpec, RawOutcome, RunnerEvents, SlotHost, StartedInfo } from './runner';
import { dispatch, dispatchOrder, hostSlots, slotCount, type Slot } from './slot-dispatcher';
import { SlurmRunner } from './slurm-runner';
import { SshRunner } from './ssh-runner';

/** Run jobs alive in this process (their attempts are not orphans): the worker session's jobs. */
export const liveRuns = workerSession.jobs;

/** Stop switches of the live runs of this process: Stop ends dispatching, running attempts finish. */
const stops = new Map<string, AbortController>();

/** Stops dispatching for a live run of this process; false when there is none by that id. */
export function stopRun(jobId: string): boolean {
  const stop = stops.get(jobId);
  if (!stop || !liveRuns.has(jobId)) return false;
  stop.abort();
  return true;
}

export type RunContext = Pick<HandlerContext, 'db' | 'dbPath' | 'emit' | 'writes' | 'jobs' | 'model'>;

/** Where attempt folders go: $RWB_RUNS_DIR, else `<corpus>.runs/` beside the corpus. */
export function runsRoot(dbPath: string): string {
  if (process.env.RWB_RUNS_DIR) return process.env.RWB_RUNS_DIR;
  return dbPath === ':memory:' ? join(tmpdir(), 'rwb-runs') : `${dbPath}.runs`;
}

/** The hosts of a run: a Slurm runner, or a pool of local and SSH hosts with their slot settings. */
type Backend = { kind: 'slurm'; runner: SlurmRunner } | { kind: 'pool'; hosts: { host: SlotHost; setting: number | null }[] };

function makeBackend(ctx: RunContext, req: ParsedRequestOf<'runs.start'>, runTag: string): Backend {
  if (req.backend === 'slurm') {
    // How often Slurm is polled; a knob for tests and busy controllers, not part of the API.
    const pollMs = Number(process.env.RWB_SLURM_POLL_MS) || undefined;
    return { kind: 'slurm', runner: new SlurmRunner({ ...req.slurm, concurrency: req.parallel, runTag, pollMs }) };
  }
  const names = req.hosts ?? [req.backend === 'local' ? 'local' : req.backend.slice('ssh:'.length)];
  return {
    kind: 'pool',
    hosts: names.map((name) => {
      if (name === 'local') {
        const local = getLocalHost(ctx.db);
        return { host: new LocalRunner({ envNames: local.envNames }), setting: local.slots };
      }
      const host = getHost(ctx.db, name);
      return { host: new SshRunner(host, { runTag }), setting: host.slots };
    }),
  };
}

/** A name for the run's backend: `local`, `ssh:<host>`, `slurm`, or `pool:<host>,<host>`. */
function backendLabel(req: ParsedRequestOf<'runs.start'>): string {
  return req.hosts && !(req.hosts.length === 1 && `${req.hosts[0] === 'local' ? 'local' : `ssh:${req.hosts[0]}`}` === req.backend)
    ? `pool:${req.hosts.join(',')}`
    : req.backend;
}

/** How long a host's GPU list is trusted: probing costs a process (or an SSH session) on every run's start. */
const gpuListTtlMs = 10 * 60_000;
const gpuLists = new Map<string, { at: number; gpus: string[] }>();

/** A host's GPUs, probed at most once per `gpuListTtlMs` by this process. */
async function hostGpus(host: SlotHost, signal: AbortSignal): Promise<string[]> {
  const known = gpuLists.get(host.probeKey);
  if (known && Date.now() - known.at < gpuListTtlMs) return known.gpus;
  const gpus = await host.gpus(signal);
  gpuLists.set(host.probeKey, { at: Date.now(), gpus });
  return gpus;
}

/**
 * Checks every host of a pool and counts its GPUs. A host that refuses (its key, its login)
 * is reported and left out; when every host refuses, the first refusal is the run's.
 */
async function preparePool(
  hosts: { host: SlotHost; setting: number | null }[],
  parallel: number | undefined,
  signal: AbortSignal,
): Promise<{ slots: Slot[]; refused: { host: string; message: string }[] }> {
  const results = await Promise.all(
    hosts.map(async ({ host, setting }) => {
      try {
        await host.prepare(signal);
        const gpus = await hostGpus(host, signal);
        return { host, slots: hostSlots(host, slotCount(parallel, setting, gpus), gpus), error: null };
      } catch (err) {
        return { host, slots: [], error: err as Error };
      }
    }),
  );
  const refused = results.filter((r) => r.error !== null);
  if (refused.length === results.length) throw refused[0]!.error;
  return { slots: results.flatMap((r) => r.slots), refused: refused.map((r) => ({ host: r.host.name, message: r.error!.message })) };
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
  envNames: string[];
  gpus: number | null;
}

/** Resolves each slot's program, command and cap (arm variants applied) and checks them before anything runs. */
function planAttempts(
  ctx: RunContext,
  plan: ExperimentPlan,
  slots: { caseId: string; arm: string; repeat: number }[],
  timeoutS: number | undefined,
): PlannedAttempt[] {
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
    if (c.score.from === 'json' && relativePathProblem(c.score.path))
      throw new ApiError('invalid_request', `case "${caseId}": score file "${c.score.path}" ${relativePathProblem(c.score.path)}`);
    if (c.dataDir !== null) {
      let isDir = false;
      try {
        isDir = statSync(c.dataDir).isDirectory();
      } catch {
        isDir = false;
      }
      if (!isDir) throw new ApiError('invalid_request', `case "${caseId}": its data folder ${c.dataDir} is not a folder on this machine`);
    }
    const options = caseRunOptions(ctx.db, caseId);
    return {
      caseId,
      arm,
      repeat,
      files: [program],
      dataDir: c.dataDir,
      command: variant?.command ?? c.command,
      timeoutS: timeoutS ?? c.timeoutS,
      score: c.score,
      envNames: options.env,
      gpus: options.gpus,
    };
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
  const backend = makeBackend(ctx, req, runTag);
  const label = backendLabel(req);
  // Checking which slots were never started and claiming them is one step under the write
  // lock, so two runs started at once cannot both start a slot.
  const { plan, planned, ids } = await ctx.writes.run(async () => {
    reconcileOrphans(ctx.db, workerSession, req.experiment);
    const plan = experimentPlan(ctx.db, req.experiment);
    if (plan.cases.length === 0) throw new ApiError('invalid_request', `experiment "${plan.id}" has no cases`);
    const arms = req.arms ?? plan.arms;
    for (const arm of arms)
      if (!plan.arms.includes(arm)) throw new ApiError('invalid_request', `arms: experiment "${plan.id}" has no arm "${arm}" (arms: ${plan.arms.join(', ')})`);
    const slots = planSlots(ctx.db, plan, arms);
    const todo = slots.filter((s) => neverStarted(s.row, (row) => claimedByLiveRun(ctx.db, row.id, workerSession)));
    if (!req.continue && todo.length < slots.length) {
      throw new ApiError(
        'invalid_request',
        `experiment "${plan.id}": ${slots.length - todo.length} of ${slots.length} slots were already started; pass continue to start only the ${todo.length} never started, or make a new experiment (attempts are never overwritten)`,
      );
    }
    if (todo.length === 0)
      throw new ApiError('invalid_request', `experiment "${plan.id}": every slot of ${arms.join(', ')} has been started; there is nothing to continue`);
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
    envNames: p.envNames,
    gpus: p.gpus,
  }));
  const queue = dispatchOrder(specs, plan.arms);
  const stop = new AbortController();
  stops.set(jobId, stop);

  let accepted!: (refused: { host: string; message: string }[]) => void;
  let refused!: (err: unknown) => void;
  const ready = new Promise<{ host: string; message: string }[]>((resolve, reject) => {
    accepted = resolve;
    refused = reject;
  });
  /** Why hosts took no more attempts before the queue was empty (a full disk), for the run's summary. */
  const held: string[] = [];
  const finished = ctx.jobs.run('runs', jobId, async (job) => {
    let end: RunEnd | null = null;
    const closers: (() => Promise<void>)[] = [];
    try {
      let drive: (events: RunnerEvents) => Promise<void>;
      let note = '';
      try {
        if (backend.kind === 'slurm') {
          closers.push(() => backend.runner.close());
          await backend.runner.prepare();
          drive = (events) => backend.runner.run(queue, events, job.signal, stop.signal);
        } else {
          closers.push(
            ...backend.hosts.map(
              ({ host }) =>
                () =>
                  host.close(),
            ),
          );
          const pool = await preparePool(backend.hosts, req.parallel, job.signal);
          accepted(pool.refused);
          note = pool.refused.map((r) => `; ${r.host} left out: ${r.message}`).join('');
          const reserveGb = req.diskReserveGb ?? defaultDiskReserveGb;
          drive = (events) =>
            dispatch(
              queue,
              pool.slots,
              events,
              { cancel: job.signal, stop: stop.signal },
              {
                onHostLost: (host, outcome) =>
                  job.progress({
                    phase: 'running',
                    done: 0,
                    total: specs.length,
                    message: `${host} was lost (${outcome.error ?? 'no answer'}); its queued attempts go to the other hosts`,
                  }),
                reserve: {
                  bytes: reserveGb * 1e9,
                  onLow: (host, free, volume) => {
                    const why = `${host} takes no more attempts: ${formatGb(free)} free on ${volume}, below the run's ${reserveGb} GB disk reserve`;
                    held.push(why);
                    job.progress({ phase: 'running', done: 0, total: specs.length, message: `${why}; its running attempts finish` });
                  },
                },
              },
            );
          note += ` on ${pool.slots.length} slot${pool.slots.length === 1 ? '' : 's'}`;
        }
      } catch (err) {
        refused(err);
        job.progress({ phase: 'failed', done: 0, total: specs.length, message: (err as Error).message });
        throw err;
      }
      accepted([]);
      end = await execute(ctx, label, note, drive, specs, job, stop.signal, held);
    } finally {
      await Promise.all(closers.map((close) => close().catch(() => undefined)));
      liveRuns.delete(jobId);
      stops.delete(jobId);
      // Slots this run claimed but never dispatched go back to never-started, before anyone hears the run is over;
      // windows are told, since their grids still show those slots claimed by a live run.
      await ctx.writes.run(async () => {
        const released = ctx.db
          .prepare<unknown[], number>('UPDATE attempts SET run_job_id = NULL, owner = NULL WHERE run_job_id = ? AND dispatched_at IS NULL RETURNING id')
          .pluck()
          .all(jobId);
        for (const id of released) ctx.emit({ type: 'attempt:status', jobId, attempt: getAttempt(ctx.db, id) });
      });
    }
    job.progress(end);
    if (end.phase === 'failed') throw new Error(end.message);
  });
  finished.catch(() => undefined);
  let refusedHosts: { host: string; message: string }[];
  try {
    refusedHosts = await ready;
  } catch (err) {
    await finished.catch(() => undefined);
    throw err;
  }
  if (req.wait) await finished.catch(() => undefined);
  return { jobId, experiment: plan.id, backend: label, attempts: ids, rows: ids.map((id) => getAttempt(ctx.db, id)), refusedHosts };
}

/** How a run ended, as its last progress event says. */
type RunEnd = { phase: 'done' | 'failed' | 'cancelled'; done: number; total: number; message: string };

/** Drives the runner and records what it reports; returns how the run ended (the caller announces it). */
async function execute(
  ctx: RunContext,
  backend: string,
  note: string,
  drive: (events: RunnerEvents) => Promise<void>,
  specs: AttemptSpec[],
  job: Job,
  stopped: AbortSignal,
  held: readonly string[],
): Promise<RunEnd> {
  const modelKey = ctx.model.settings().apiKey;
  const byId = new Map(specs.map((s) => [s.attemptId, s]));
  /** Each attempt's own scrubber: what counts as secret depends on the names its host and case pass on. */
  const scrubbers = new Map<number, SecretScrubber>();
  const scrubberOf = (id: number) => {
    let s = scrubbers.get(id);
    if (!s) scrubbers.set(id, (s = new SecretScrubber(secretValues(process.env, modelKey, byId.get(id)?.envNames))));
    return s;
  };
  const logs = new Map<number, AttemptLog>();
  const batchers = new Map<number, OutputBatcher>();
  const settled = new Set<number>();
  const dispatched = new Set<number>();
  /** Each dispatched attempt's backend (`local`, `ssh:<host>`, `slurm`): a pool mixes them. */
  const backends = new Map<number, string>();
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
          if (row) ctx.emit({ type: 'attempt:status', jobId: job.id, attempt: row });
        }),
      )
      // One failed write must not stop the ones after it (the run goes on, and its other attempts are kept).
      .catch((err: unknown) => console.error(`rwb: recording an attempt of ${job.id} failed: ${(err as Error).message}`));
  };
  const summary = () => {
    const parts = Object.entries(tally)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`);
    const never = total - dispatched.size - (settled.size - [...settled].filter((id) => dispatched.has(id)).length);
    const stopNote = stopped.aborted && never > 0 ? `; stopped: ${never} never started` : '';
    const heldNote = !stopped.aborted && held.length > 0 && never > 0 ? `; ${never} never started (${held.join('; ')})` : '';
    return `${settled.size} of ${total} attempts over${parts.length ? ` (${parts.join(', ')})` : ''}${stopNote}${heldNote}`;
  };
  const progress = (message?: string) => job.progress({ phase: 'running', done: settled.size, total, message: message ?? summary() });
  const batcher = (id: number) => {
    let b = batchers.get(id);
    if (!b) batchers.set(id, (b = new OutputBatcher((data, offset) => ctx.emit({ type: 'attempt:output', jobId: job.id, attemptId: id, data, offset }))));
    return b;
  };
  /** Adds scrubbed output to the attempt's log and its live stream. */
  const record = (id: number, data: string) => {
    if (data === '') return;
    let log = logs.get(id);
    if (!log) {
      logs.set(id, (log = new AttemptLog()));
      trackLiveLog(id, log);
    }
    log.append(data);
    batcher(id).push(data);
  };
  const finish = (id: number, raw: RawOutcome) => {
    if (settled.has(id)) return;
    settled.add(id);
    record(id, scrubberOf(id).end());
    batchers.get(id)?.flush();
    const spec = byId.get(id)!;
    const log = logs.get(id) ?? new AttemptLog();
    const result = attemptResult(raw, spec.score, spec.localDir, log.text());
    tally[result.status] += 1;
    if (raw.end !== 'unknown' && raw.end !== 'interrupted')
      probes.push(
        recordAttemptEnvironment(ctx.db, ctx.writes, spec, backends.get(id) === 'local', raw.host).catch((err: unknown) =>
          console.error(`rwb: recording attempt ${id}'s environment failed: ${(err as Error).message}`),
        ),
      );
    const stored = packLog(log);
    write(() => {
      saveAttemptLog(ctx.db, id, stored);
      forgetLiveLog(id);
      return updateAttempt(
        ctx.db,
        id,
        { status: result.status, exitCode: result.exitCode, wallS: result.wallS, score: result.score, valid: result.valid, host: raw.host },
        { ended_at: new Date().toISOString(), error: result.error, ...(raw.envNames ? { env_names: JSON.stringify(raw.envNames) } : {}) },
      );
    });
    progress();
  };
  const events: RunnerEvents = {
    dispatched(id, info: StartedInfo) {
      dispatched.add(id);
      backends.set(id, info.backend ?? backend);
      const spec = byId.get(id)!;
      write(() =>
        updateAttempt(
          ctx.db,
          id,
          { host: info.host },
          {
            backend: info.backend ?? backend,
            backend_job_id: info.backendJobId,
            run_job_id: job.id,
            owner: ownerId,
            timeout_s: spec.timeoutS,
            dispatched_at: new Date().toISOString(),
            work_dir: spec.localDir,
            error: null,
            slot: info.slot ?? null,
            gpu: info.gpu ?? null,
          },
        ),
      );
    },
    started(id, info) {
      write(() =>
        updateAttempt(ctx.db, id, { status: 'running', host: info.host }, { started_at: new Date().toISOString(), backend_job_id: info.backendJobId }),
      );
    },
    output(id, raw) {
      // Scrubbed before anyone sees it, so the live terminal, `attempts.output` and the stored log agree.
      record(id, scrubberOf(id).push(raw));
    },
    finished: finish,
    withdrawn(id, reason) {
      settled.add(id);
      dispatched.delete(id);
      // What it held back began a secret, or was never shown: it is dropped with the attempt's turn.
      scrubbers.delete(id);
      batchers.get(id)?.flush();
      forgetLiveLog(id);
      write(() =>
        updateAttempt(
          ctx.db,
          id,
          { status: 'queued', host: null },
          {
            backend: null,
            backend_job_id: null,
            run_job_id: null,
            owner: null,
            timeout_s: null,
            dispatched_at: null,
            started_at: null,
            work_dir: null,
            error: reason,
            slot: null,
            gpu: null,
          },
        ),
      );
    },
  };
  progress(`${total} attempts on ${backend}${note}`);
  let failure: unknown = null;
  try {
    await drive(events);
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
