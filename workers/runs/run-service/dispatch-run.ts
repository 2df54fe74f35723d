/**
 * Dispatching a run's attempts: the backend a request names (a Slurm runner, or a pool of
 * local and SSH hosts spread over by the slot dispatcher), checked before any slot is
 * dispatched, and the drive that hands the queue to it.
 */
import type { ParsedRequestOf } from '../../../common/contract';
import type { HandlerContext } from '../../context/handler-context';
import type { Job } from '../../context/jobs';
import { getHost, getLocalHost } from '../run-hosts';
import { defaultDiskReserveGb, formatGb } from '../runners/free-space';
import { LocalRunner } from '../runners/local-runner';
import type { ProcessGroups } from '../runners/process-group';
import type { AttemptSpec, RunnerEvents, SlotHost } from '../runners/runner';
import { dispatch, dispatchOrder, hostSlots, slotCount, type Slot } from '../runners/slot-dispatcher';
import { SlurmRunner } from '../runners/slurm-runner';
import { SshRunner } from '../runners/ssh-runner';
import type { HostGpuLists } from './host-gpu-lists';

/** The hosts of a run: a Slurm runner, or a pool of local and SSH hosts with their slot settings. */
export type Backend = { kind: 'slurm'; runner: SlurmRunner } | { kind: 'pool'; hosts: { host: SlotHost; setting: number | null }[] };

/** A host of a pool that refused the run (its key, its login), left out of it. */
export interface HostRefusal {
  host: string;
  message: string;
}

/** A backend that accepted the run. */
export interface Dispatch {
  /** Hands the queue to the backend; resolves once every attempt it dispatched is reported over. */
  drive(events: RunnerEvents): Promise<void>;
  /** What the run's first progress message adds about the backend (hosts left out, slots). */
  note: string;
  refused: HostRefusal[];
  /** Why hosts took no more attempts before the queue was empty (a full disk), for the run's summary. */
  held: readonly string[];
}

/** The runners a request names; an unknown host is refused here, before anything is planned. Local programs' groups go in `groups`. */
export function openBackend(ctx: Pick<HandlerContext, 'db'>, req: ParsedRequestOf<'runs.start'>, runTag: string, groups: ProcessGroups): Backend {
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
        return { host: new LocalRunner({ envNames: local.envNames, groups }), setting: local.slots };
      }
      const host = getHost(ctx.db, name);
      return { host: new SshRunner(host, { runTag }), setting: host.slots };
    }),
  };
}

/** A name for the run's backend: `local`, `ssh:<host>`, `slurm`, or `pool:<host>,<host>`. */
export function backendLabel(req: ParsedRequestOf<'runs.start'>): string {
  return req.hosts && !(req.hosts.length === 1 && `${req.hosts[0] === 'local' ? 'local' : `ssh:${req.hosts[0]}`}` === req.backend)
    ? `pool:${req.hosts.join(',')}`
    : req.backend;
}

/** Releases the backend's connections and helper processes; a close that fails is of no use to report. */
export async function closeBackend(backend: Backend): Promise<void> {
  const closers =
    backend.kind === 'slurm'
      ? [() => backend.runner.close()]
      : backend.hosts.map(
          ({ host }) =>
            () =>
              host.close(),
        );
  await Promise.all(closers.map((close) => close().catch(() => undefined)));
}

export interface DispatchOptions {
  parallel: number | undefined;
  diskReserveGb: number | undefined;
  /** The run's job: its signal cancels, and hosts lost or held are reported on its progress. */
  job: Job;
  /** Ends dispatching; running attempts finish. */
  stop: AbortSignal;
  gpuLists: HostGpuLists;
}

/**
 * Checks the backend (Slurm answers; every host of a pool is reached and its GPUs counted)
 * and returns how to drive the run's attempts on it, in dispatch order. Throws when the
 * backend refuses, before any slot is dispatched.
 */
export async function prepareDispatch(backend: Backend, specs: readonly AttemptSpec[], arms: readonly string[], options: DispatchOptions): Promise<Dispatch> {
  const { job, stop } = options;
  const queue = dispatchOrder(specs, arms);
  if (backend.kind === 'slurm') {
    await backend.runner.prepare();
    return { drive: (events) => backend.runner.run(queue, events, job.signal, stop), note: '', refused: [], held: [] };
  }
  const pool = await preparePool(backend.hosts, options.parallel, job.signal, options.gpuLists);
  const held: string[] = [];
  const reserveGb = options.diskReserveGb ?? defaultDiskReserveGb;
  const drive = (events: RunnerEvents) =>
    dispatch(
      queue,
      pool.slots,
      events,
      { cancel: job.signal, stop },
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
  const leftOut = pool.refused.map((r) => `; ${r.host} left out: ${r.message}`).join('');
  const note = `${leftOut} on ${pool.slots.length} slot${pool.slots.length === 1 ? '' : 's'}`;
  return { drive, note, refused: pool.refused, held };
}

/**
 * Checks every host of a pool and counts its GPUs. A host that refuses (its key, its login)
 * is reported and left out; when every host refuses, the first refusal is the run's.
 */
async function preparePool(
  hosts: { host: SlotHost; setting: number | null }[],
  parallel: number | undefined,
  signal: AbortSignal,
  gpuLists: HostGpuLists,
): Promise<{ slots: Slot[]; refused: HostRefusal[] }> {
  const results = await Promise.all(
    hosts.map(async ({ host, setting }) => {
      try {
        await host.prepare(signal);
        const gpus = await gpuLists.of(host, signal);
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
