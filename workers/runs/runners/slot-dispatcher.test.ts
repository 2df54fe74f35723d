import { describe, expect, it } from 'vitest';
import type { AttemptSpec, RawOutcome, RunnerEvents, SlotHost } from './runner';
import { dispatch, hostSlots } from './slot-dispatcher';

const gb = 1e9;

function spec(attemptId: number): AttemptSpec {
  return {
    attemptId,
    experiment: 'e',
    caseId: 'c',
    arm: 'a',
    repeat: attemptId,
    files: [],
    dataDir: null,
    command: 'true',
    timeoutS: 10,
    score: { from: 'stdout', regex: 'x' },
    localDir: `/runs/e/a${attemptId}`,
    envNames: [],
    gpus: null,
  };
}

/**
 * A host whose free space is what `free` says when asked (null: it cannot tell); its attempts
 * run until `release` is called for them, so a test decides what is running when.
 */
function fakeHost(name: string, free: () => number | null) {
  const running = new Map<number, (outcome: RawOutcome) => void>();
  const started: number[] = [];
  let probes = 0;
  const host: SlotHost = {
    name,
    backend: name === 'local' ? 'local' : `ssh:${name}`,
    envNames: [],
    probeKey: name,
    prepare: async () => undefined,
    gpus: async () => [],
    freeBytes: async () => (probes++, free()),
    volumeOf: () => `${name}:/work`,
    runAttempt: (s: AttemptSpec) =>
      new Promise<RawOutcome>((resolve) => {
        started.push(s.attemptId);
        running.set(s.attemptId, resolve);
      }),
    close: async () => undefined,
  };
  const release = (id: number) => {
    running.get(id)!({ end: 'exited', exitCode: 0, wallS: 1, graderOutput: null, error: null, host: name });
    running.delete(id);
  };
  return { host, started, running, release, probes: () => probes };
}

function recorder() {
  const finished: number[] = [];
  const events: RunnerEvents = {
    dispatched: () => undefined,
    started: () => undefined,
    output: () => undefined,
    finished: (id) => finished.push(id),
    withdrawn: () => undefined,
  };
  return { events, finished };
}

const signals = () => ({ cancel: new AbortController().signal, stop: new AbortController().signal });

/** Lets the dispatcher's awaited probes and attempt ends run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the disk reserve', () => {
  it('stops dispatching on a host once its free space falls below it: the running attempt finishes, the rest stay never started', async () => {
    let free = 9 * gb;
    const h = fakeHost('local', () => free);
    const { events, finished } = recorder();
    const low: [string, number, string][] = [];
    const done = dispatch([1, 2, 3, 4, 5].map(spec), hostSlots(h.host, 2, []), events, signals(), {
      reserve: { bytes: 5 * gb, onLow: (...args) => low.push(args) },
    });
    await settle();
    expect(h.started).toEqual([1, 2]);
    free = 3 * gb;
    h.release(1);
    await settle();
    // The slot that finished asked again and took nothing; attempt 2 still runs.
    expect(h.started).toEqual([1, 2]);
    expect([...h.running.keys()]).toEqual([2]);
    expect(low).toEqual([['local', 3 * gb, 'local:/work']]);
    h.release(2);
    await done;
    expect(finished).toEqual([1, 2]);
    expect(h.started).toEqual([1, 2]);
    expect(low).toHaveLength(1);
  });

  it('leaves the queue to the hosts that still have room', async () => {
    const full = fakeHost('full', () => 1 * gb);
    const roomy = fakeHost('roomy', () => 50 * gb);
    const { events, finished } = recorder();
    const low: string[] = [];
    const done = dispatch([1, 2, 3].map(spec), [...hostSlots(full.host, 1, []), ...hostSlots(roomy.host, 1, [])], events, signals(), {
      reserve: { bytes: 5 * gb, onLow: (host) => low.push(host) },
    });
    for (const id of [1, 2, 3]) {
      await settle();
      roomy.release(id);
    }
    await done;
    expect(full.started).toEqual([]);
    expect(roomy.started).toEqual([1, 2, 3]);
    expect(finished).toEqual([1, 2, 3]);
    expect(low).toEqual(['full']);
  });

  it('does not stop a host that cannot tell its free space, and asks once for slots starting together', async () => {
    const h = fakeHost('local', () => null);
    const { events, finished } = recorder();
    const done = dispatch([1, 2].map(spec), hostSlots(h.host, 2, []), events, signals(), {
      reserve: { bytes: 5 * gb, onLow: () => expect.fail('no evidence') },
    });
    await settle();
    expect(h.started).toEqual([1, 2]);
    expect(h.probes()).toBe(1);
    h.release(1);
    h.release(2);
    await done;
    expect(finished).toEqual([1, 2]);
  });
});
