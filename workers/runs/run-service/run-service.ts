/**
 * The runs of one worker process: an experiment's never-started slots executed on one backend
 * as a cancellable job (`plan-run.ts` picks and claims the slots, `dispatch-run.ts` readies the
 * backend, `execute-run.ts` records what it reports). Stop ends a run's dispatching while its
 * running attempts finish; a cancelled or stopped run leaves the slots it never reached
 * never-started, so "continue" starts exactly those. The handler context holds the one service.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ParsedRequestOf } from '../../../common/contract';
import type { RunStarted } from '../../../common/runs/run-types';
import type { HandlerContext } from '../../context/handler-context';
import type { LiveSession } from '../../context/live-session';
import type { RunControl } from '../../context/run-control';
import type { Db } from '../../db/open-corpus';
import type { AttemptOutputSoFar } from '../../../common/runs/attempt-output';
import { attemptOutput } from '../runners/attempt-output';
import { getAttempt } from '../run-attempts';
import { ProcessGroups } from '../runners/process-group';
import { backendLabel, closeBackend, openBackend, prepareDispatch, type Dispatch, type HostRefusal } from './dispatch-run';
import { executeRun, type RunEnd } from './execute-run';
import { HostGpuLists } from './host-gpu-lists';
import { LiveAttemptLogs } from './live-attempt-logs';
import { planRun, releaseClaims } from './plan-run';

export type RunContext = Pick<HandlerContext, 'db' | 'dbPath' | 'emit' | 'writes' | 'jobs' | 'model'>;

export class RunService implements RunControl {
  /** The stop switch of each live run of this service, by job id. */
  private readonly stops = new Map<string, AbortController>();
  private readonly gpuLists = new HostGpuLists();
  /** The logs of the attempts running now, for a terminal that opens late. */
  private readonly liveLogs = new LiveAttemptLogs();
  /** The process groups of the local programs running now, killed if the worker exits. */
  private readonly groups = new ProcessGroups();

  /** `session` owns the attempts of these runs: while a run is live, its claims and attempts are alive to every process. */
  constructor(private readonly session: LiveSession) {}

  /** Attempt `id`'s output from character `from` on: from its live log while it runs, else the stored one. */
  attemptOutput(db: Db, id: number, from: number): AttemptOutputSoFar {
    return attemptOutput(db, this.liveLogs, id, from);
  }

  /** Whether a run by that id is live in this service. */
  isLive(jobId: string): boolean {
    return this.stops.has(jobId);
  }

  /** Stops dispatching for a live run: its running attempts finish. False when there is no live run by that id. */
  stop(jobId: string): boolean {
    const stop = this.stops.get(jobId);
    if (!stop) return false;
    stop.abort();
    return true;
  }

  /**
   * Starts a run and resolves once the backend has accepted it (ssh reached the host and
   * trusted its key; Slurm answered), with the job id; with `wait`, once every attempt is over.
   * A refusal throws before any slot is dispatched.
   */
  async start(req: ParsedRequestOf<'runs.start'>, ctx: RunContext): Promise<RunStarted> {
    const jobId = req.jobId ?? `runs-${randomUUID()}`;
    const runTag = randomBytes(5).toString('hex');
    const backend = openBackend(ctx, req, runTag, this.groups);
    const label = backendLabel(req);
    const planned = await planRun(ctx, req, { jobId, runTag, session: this.session });
    const ids = planned.specs.map((s) => s.attemptId);
    const total = ids.length;
    const stop = new AbortController();
    this.session.jobs.add(jobId);
    this.stops.set(jobId, stop);

    let accepted!: (refused: HostRefusal[]) => void;
    let refused!: (err: unknown) => void;
    const ready = new Promise<HostRefusal[]>((resolve, reject) => {
      accepted = resolve;
      refused = reject;
    });
    const finished = ctx.jobs.run('runs', jobId, async (job) => {
      let end: RunEnd | null = null;
      try {
        let dispatch: Dispatch;
        try {
          dispatch = await prepareDispatch(backend, planned.specs, planned.arms, {
            parallel: req.parallel,
            diskReserveGb: req.diskReserveGb,
            job,
            stop: stop.signal,
            gpuLists: this.gpuLists,
          });
        } catch (err) {
          refused(err);
          job.progress({ phase: 'failed', done: 0, total, message: (err as Error).message });
          throw err;
        }
        accepted(dispatch.refused);
        end = await executeRun(ctx, {
          backend: label,
          note: dispatch.note,
          drive: dispatch.drive,
          specs: planned.specs,
          job,
          stopped: stop.signal,
          held: dispatch.held,
          liveLogs: this.liveLogs,
          owner: this.session.id,
        });
      } finally {
        await closeBackend(backend);
        this.session.jobs.delete(jobId);
        this.stops.delete(jobId);
        // The claims go back before anyone hears the run is over.
        await releaseClaims(ctx, jobId);
      }
      job.progress(end);
      if (end.phase === 'failed') throw new Error(end.message);
    });
    finished.catch(() => undefined);
    let refusedHosts: HostRefusal[];
    try {
      refusedHosts = await ready;
    } catch (err) {
      await finished.catch(() => undefined);
      throw err;
    }
    if (req.wait) await finished.catch(() => undefined);
    return { jobId, experiment: planned.experiment, backend: label, attempts: ids, rows: ids.map((id) => getAttempt(ctx.db, id)), refusedHosts };
  }
}
