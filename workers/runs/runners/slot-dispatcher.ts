/**
 * The slot dispatcher of the local and ssh backends: one shared queue feeding every slot of
 * every host of a run's pool. A host has as many slots as the run asks (`parallel`), else as
 * its setting says, else one per GPU it reports, else one; on a GPU host each slot holds one
 * GPU (slots beyond the GPU count share them round robin). The queue is interleaved by repeat,
 * then case, then arm, so a run stopped early leaves whole repeats of every arm. Stop ends
 * dispatching (running attempts finish); cancel kills what runs. A host whose connection is
 * lost takes no more attempts; the others carry on with the queue. So does a host whose
 * attempts' volume has less free space than the run's disk reserve, asked before each attempt
 * it takes: a full disk fails every attempt after it, and can take the corpus's own writes down.
 */
import type { AttemptSpec, RawOutcome, RunnerEvents, SlotHost } from './runner';

export interface Slot {
  host: SlotHost;
  /** `HOST#N`, N from 1. */
  label: string;
  gpu: string | null;
}

/** The dispatch order: repeat, then case, then arm (all arms of repeat 0 before any of repeat 1). */
export function dispatchOrder<T extends Pick<AttemptSpec, 'repeat' | 'caseId' | 'arm'>>(specs: readonly T[], arms: readonly string[]): T[] {
  const armIndex = (arm: string) => {
    const i = arms.indexOf(arm);
    return i < 0 ? arms.length : i;
  };
  return [...specs].sort((a, b) => a.repeat - b.repeat || (a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : 0) || armIndex(a.arm) - armIndex(b.arm));
}

/** The slots of one host: `count` of them, GPUs dealt round robin. */
export function hostSlots(host: SlotHost, count: number, gpus: readonly string[]): Slot[] {
  return Array.from({ length: count }, (_, i) => ({ host, label: `${host.name}#${i + 1}`, gpu: gpus.length ? gpus[i % gpus.length]! : null }));
}

/** How many slots a host gets: the run's `parallel`, else the host's setting, else one per GPU, else one. */
export function slotCount(parallel: number | undefined, setting: number | null, gpus: readonly string[]): number {
  return parallel ?? setting ?? Math.max(1, gpus.length);
}

export interface DispatchSignals {
  /** Kills running attempts (Cancel). */
  cancel: AbortSignal;
  /** Ends dispatching; running attempts finish (Stop). */
  stop: AbortSignal;
}

/** Free space each host keeps on its attempts' volume. */
export interface DiskReserve {
  bytes: number;
  /** Called once for a host found below the reserve, which then takes no more attempts. */
  onLow(host: string, freeBytes: number, volume: string): void;
}

export interface DispatchHooks {
  onHostLost?: (host: string, outcome: RawOutcome) => void;
  reserve?: DiskReserve;
}

/** What the slots of one run share: the queue, and the hosts that take no more attempts. */
interface Pool {
  pending: AttemptSpec[];
  lost: Set<SlotHost>;
  low: Set<SlotHost>;
  /** One free-space question per host at a time: the slots of a host starting together share it. */
  probes: Map<SlotHost, Promise<number | null>>;
}

/**
 * Runs the queue over the slots and resolves when every slot is idle. Each attempt a slot
 * takes is reported `finished` with its outcome; attempts left in the queue (stop, cancel,
 * every host lost or below the disk reserve) are never dispatched.
 */
export async function dispatch(
  queue: readonly AttemptSpec[],
  slots: readonly Slot[],
  events: RunnerEvents,
  signals: DispatchSignals,
  hooks: DispatchHooks = {},
): Promise<void> {
  const pool: Pool = { pending: [...queue], lost: new Set(), low: new Set(), probes: new Map() };
  await Promise.all(slots.map((slot) => runSlot(slot, pool, events, signals, hooks)));
}

/** Free bytes on the volume `spec` would use on `host` (null when it cannot tell: a host is stopped on evidence only). */
function freeBytes(pool: Pool, host: SlotHost, spec: AttemptSpec, signal: AbortSignal): Promise<number | null> {
  let probe = pool.probes.get(host);
  if (!probe) {
    probe = host
      .freeBytes(spec, signal)
      .catch(() => null)
      .finally(() => pool.probes.delete(host));
    pool.probes.set(host, probe);
  }
  return probe;
}

/** Whether `slot`'s host is (still) above the reserve; reports it the first time it is not. */
async function aboveReserve(slot: Slot, pool: Pool, signals: DispatchSignals, reserve: DiskReserve): Promise<boolean> {
  if (pool.low.has(slot.host)) return false;
  const free = await freeBytes(pool, slot.host, pool.pending[0]!, signals.cancel);
  if (free === null || free >= reserve.bytes) return true;
  if (!pool.low.has(slot.host)) {
    pool.low.add(slot.host);
    reserve.onLow(slot.host.name, free, slot.host.volumeOf(pool.pending[0]!));
  }
  return false;
}

/** One slot: takes the next attempt while there is one, nobody stopped or cancelled, and its host is reachable and has room. */
async function runSlot(slot: Slot, pool: Pool, events: RunnerEvents, signals: DispatchSignals, hooks: DispatchHooks): Promise<void> {
  const mayTake = () => pool.pending.length > 0 && !signals.stop.aborted && !signals.cancel.aborted && !pool.lost.has(slot.host) && !pool.low.has(slot.host);
  while (mayTake()) {
    if (hooks.reserve && !(await aboveReserve(slot, pool, signals, hooks.reserve))) return;
    if (!mayTake()) return;
    const next = pool.pending.shift()!;
    const spec: AttemptSpec = { ...next, slot: slot.label, gpu: slot.gpu, envNames: [...next.envNames, ...slot.host.envNames] };
    const where = { backend: slot.host.backend, slot: slot.label, gpu: slot.gpu };
    const tagged: RunnerEvents = {
      ...events,
      dispatched: (id, info) => events.dispatched(id, { ...info, ...where }),
      started: (id, info) => events.started(id, { ...info, ...where }),
    };
    let outcome: RawOutcome;
    try {
      outcome = await slot.host.runAttempt(spec, tagged, signals.cancel);
    } catch (err) {
      outcome = {
        end: 'unknown',
        exitCode: null,
        wallS: null,
        graderOutput: null,
        error: `the ${slot.host.backend} runner failed: ${(err as Error).message}`,
        host: slot.host.name,
        hostLost: true,
      };
    }
    events.finished(spec.attemptId, outcome);
    if (outcome.hostLost && !signals.cancel.aborted && !pool.lost.has(slot.host)) {
      pool.lost.add(slot.host);
      hooks.onHostLost?.(slot.host.name, outcome);
    }
  }
}
