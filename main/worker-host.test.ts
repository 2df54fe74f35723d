import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchEvent } from '../common/events';
import { forked, type FakeUtilityProcess } from './test-support/fake-electron';
import { WorkerHost } from './worker-host';

vi.mock('electron', () => import('./test-support/fake-electron'));

const corpus = { db: '/data/corpus.db', seedSample: false };
const policy = { maxCrashes: 3, windowMs: 60_000, firstDelayMs: 250, maxDelayMs: 4_000 };
let host: WorkerHost;
let events: WorkbenchEvent[];
let log: string[];

/** The worker forked last. */
const latest = (): FakeUtilityProcess => forked.at(-1)!;
/** Requests the worker was sent, by operation. */
const requestsTo = (child: FakeUtilityProcess) => child.posted.flatMap((m) => (m.kind === 'request' ? [m.op] : []));

beforeEach(() => {
  vi.useFakeTimers();
  forked.length = 0;
  events = [];
  log = [];
  host = new WorkerHost({ workerPath: '/app/out/main/worker.js', nativeBinding: '/app/better_sqlite3.node', restart: policy, log: (l) => log.push(l) });
  host.onEvent((e) => events.push(e));
});
afterEach(() => {
  void host.stop();
  vi.useRealTimers();
});

/** Opens the corpus and lets the worker say ready. */
async function openReady(): Promise<FakeUtilityProcess> {
  const started = host.open(corpus);
  latest().reply({ kind: 'ready' });
  expect(await started).toEqual({ ok: true });
  return latest();
}

/** Sends a call and waits until the worker has it; returns the pending answer. */
async function inFlight(op: string): Promise<{ answer: Promise<unknown> }> {
  const child = latest();
  const before = requestsTo(child).length;
  const answer = host.call(op, {});
  await vi.waitFor(() => expect(requestsTo(child).length).toBe(before + 1));
  // Wrapped: an async function returning the promise itself would wait for the answer.
  return { answer };
}

describe('the worker host', () => {
  it('starts the bundled worker on the chosen corpus with the Electron build of better-sqlite3', async () => {
    const child = await openReady();
    expect(child.path).toBe('/app/out/main/worker.js');
    expect(child.args).toEqual(['--db', '/data/corpus.db', '--shell', 'electron', '--native-binding', '/app/better_sqlite3.node']);
  });

  it('forwards calls and answers each with its own response', async () => {
    const child = await openReady();
    const { answer } = await inFlight('corpus.stats');
    const request = child.posted.find((m) => m.kind === 'request')!;
    child.reply({ kind: 'response', id: (request as { id: number }).id, result: { ok: true, value: 'stats' } });
    expect(await answer).toEqual({ ok: true, value: 'stats' });
  });

  it('answers a call in flight when the worker crashes with unavailable, restarts it after the backoff, and says so', async () => {
    const first = await openReady();
    const { answer } = await inFlight('corpus.stats');
    first.crash(1);
    expect(await answer).toEqual({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('exit 1') } });
    expect(forked).toHaveLength(1);
    // A call made during the backoff waits for the new worker instead of failing.
    const waiting = host.call('corpus.stats', {});
    await vi.advanceTimersByTimeAsync(249);
    expect(forked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(forked).toHaveLength(2);
    expect(events).toEqual([]);
    latest().reply({ kind: 'ready' });
    await vi.waitFor(() => expect(requestsTo(latest())).toEqual(['corpus.stats']));
    expect(events).toEqual([{ type: 'worker:restarted', reason: 'exit 1' }]);
    const id = (latest().posted.find((m) => m.kind === 'request') as { id: number }).id;
    latest().reply({ kind: 'response', id, result: { ok: true, value: 'again' } });
    expect(await waiting).toEqual({ ok: true, value: 'again' });
  });

  it('sends the API key to a restarted worker before any call', async () => {
    host.setCredentials('sk-ant-test-0123456789', 'safe-storage');
    const first = await openReady();
    expect(first.posted[0]).toEqual({ kind: 'credentials', apiKey: 'sk-ant-test-0123456789', source: 'safe-storage' });
    host.setCredentials('sk-ant-test-9876543210', 'session');
    first.crash(1);
    const waiting = host.call('models.status', {});
    await vi.advanceTimersByTimeAsync(250);
    latest().reply({ kind: 'ready' });
    await vi.waitFor(() => expect(latest().posted).toHaveLength(2));
    expect(latest().posted[0]).toEqual({ kind: 'credentials', apiKey: 'sk-ant-test-9876543210', source: 'session' });
    expect(latest().posted[1]).toMatchObject({ kind: 'request', op: 'models.status' });
    latest().reply({ kind: 'response', id: (latest().posted[1] as { id: number }).id, result: { ok: true, value: 'has a key' } });
    expect(await waiting).toEqual({ ok: true, value: 'has a key' });
  });

  it('doubles the backoff with each crash and stops restarting after three within a minute', async () => {
    await openReady();
    for (const delay of [250, 500, 1000]) {
      latest().crash(1);
      await vi.advanceTimersByTimeAsync(delay - 1);
      const before = forked.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(forked.length).toBe(before + 1);
      latest().reply({ kind: 'ready' });
    }
    latest().crash(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(forked).toHaveLength(4);
    expect(await host.call('corpus.stats', {})).toEqual({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('crashed 4 times') } });
    expect(log.at(-1)).toMatch(/not restarting/);
  });

  it('does not restart a worker that could not open its corpus, and reports why', async () => {
    const started = host.open(corpus);
    latest().reply({ kind: 'fatal', error: { code: 'corpus_refused', message: 'not a corpus' } });
    expect(await started).toEqual({ ok: false, error: { code: 'corpus_refused', message: 'not a corpus' } });
    latest().crash(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(forked).toHaveLength(1);
  });

  it('does not restart a worker stopped on purpose, and fails its calls', async () => {
    await openReady();
    const { answer } = await inFlight('corpus.stats');
    const stopped = host.stop();
    expect(await answer).toEqual({ ok: false, error: { code: 'unavailable', message: 'the worker process was stopped' } });
    await stopped;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(forked).toHaveLength(1);
  });
});
