/**
 * Executing a run: drives its backend and turns every report into the attempt's record
 * (status, score, validity, times, slot and GPU, log), pushing `attempt:status` and batched
 * `attempt:output` events. Every attempt is kept, nothing is retried, and one a runner never
 * settled is recorded with no known end.
 */
import type { AttemptRow } from '../../../common/runs/run-types';
import type { HandlerContext } from '../../context/handler-context';
import type { Job } from '../../context/jobs';
import { saveAttemptLog, updateAttempt } from '../run-attempts';
import { AttemptLog, packLog } from '../runners/attempt-log';
import { recordAttemptEnvironment } from '../runners/attempt-environment';
import { attemptResult } from '../runners/attempt-outcome';
import { secretValues } from '../runners/child-env';
import { OutputBatcher } from '../runners/output-batcher';
import type { AttemptSpec, RawOutcome, RunnerEvents, StartedInfo } from '../runners/runner';
import { SecretScrubber } from '../runners/secret-scrubber';
import type { LiveAttemptLogs } from './live-attempt-logs';

/** How a run ended, as its last progress event says. */
export type RunEnd = { phase: 'done' | 'failed' | 'cancelled'; done: number; total: number; message: string };

export interface Execution {
  /** The run's backend label, each attempt's unless the dispatcher names its host's. */
  backend: string;
  /** What the run's first progress message adds about the backend. */
  note: string;
  drive(events: RunnerEvents): Promise<void>;
  specs: readonly AttemptSpec[];
  job: Job;
  /** Stop: dispatching ended, so the summary counts the attempts never started. */
  stopped: AbortSignal;
  /** Why hosts took no more attempts (a full disk). */
  held: readonly string[];
  /** Where a running attempt's log is found by `attempts.output`. */
  liveLogs: LiveAttemptLogs;
  /** Whose attempts these are (`attempts.owner`). */
  owner: string;
}

/** Drives the runner and records what it reports; returns how the run ended (the caller announces it). */
export async function executeRun(ctx: Pick<HandlerContext, 'db' | 'emit' | 'writes' | 'model'>, run: Execution): Promise<RunEnd> {
  const { backend, note, drive, specs, job, stopped, held, liveLogs, owner } = run;
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
      liveLogs.track(id, log);
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
      liveLogs.forget(id);
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
            owner,
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
      liveLogs.forget(id);
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
