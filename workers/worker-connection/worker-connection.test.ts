/**
 * The connection's queue with an in-memory worker: at most `maxInFlight` reads are in the
 * worker, calls wait in order, and a call abandoned while it waits is never sent. The ops
 * named here are unknown to the contract (and so count as reads) unless they are real ones.
 */
import { describe, expect, it, vi } from 'vitest';
import type { WorkbenchEvent } from '../../common/events';
import type { ShellMessage, WorkerMessage } from '../../common/worker-protocol';
import { WorkerConnection, type WorkerExit, type WorkerTransport } from './worker-connection';

/** A worker that says ready at once and answers only when the test tells it to. */
class MemoryWorker implements WorkerTransport {
  readonly received: { id: number; op: string }[] = [];
  private messageListener: (message: WorkerMessage) => void = () => {};
  private exitListeners: ((exit: WorkerExit) => void)[] = [];

  send(message: ShellMessage): void {
    if (message.kind === 'request') this.received.push({ id: message.id, op: message.op });
  }
  onMessage(listener: (message: WorkerMessage) => void): void {
    this.messageListener = listener;
    queueMicrotask(() => listener({ kind: 'ready' }));
  }
  onExit(listener: (exit: WorkerExit) => void): void {
    this.exitListeners.push(listener);
  }
  stop(): void {
    this.exit({ code: 0 });
  }
  /** Answers the request the worker received `index`-th with its op name. */
  answer(index: number): void {
    const request = this.received[index]!;
    this.messageListener({ kind: 'response', id: request.id, result: { ok: true, value: request.op } });
  }
  exit(exit: WorkerExit): void {
    for (const listener of this.exitListeners) listener(exit);
  }
}

/** Lets every settled promise's continuations run, so queued calls reach the transport. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function openWith(maxInFlight: number): Promise<{ connection: WorkerConnection; workers: MemoryWorker[] }> {
  const workers: MemoryWorker[] = [];
  const connection = new WorkerConnection(
    () => {
      const worker = new MemoryWorker();
      workers.push(worker);
      return worker;
    },
    { maxInFlight, log: () => {}, restart: { maxCrashes: 3, windowMs: 60_000, firstDelayMs: 0, maxDelayMs: 0 } },
  );
  expect(await connection.open({ db: ':memory:', shell: 'serve', seedSample: false })).toEqual({ ok: true });
  return { connection, workers };
}

describe('WorkerConnection queue', () => {
  it('sends at most maxInFlight calls and the rest in the order they were made', async () => {
    const { connection, workers } = await openWith(2);
    const worker = workers[0]!;
    const calls = ['a', 'b', 'c', 'd', 'e'].map((op) => connection.call(op, {}));
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['a', 'b']);
    worker.answer(1);
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['a', 'b', 'c']);
    worker.answer(0);
    worker.answer(2);
    await settle();
    worker.answer(3);
    worker.answer(4);
    expect(await Promise.all(calls)).toEqual(['a', 'b', 'c', 'd', 'e'].map((op) => ({ ok: true, value: op })));
    await connection.stop();
  });

  it('answers a call abandoned while queued with cancelled and never sends it', async () => {
    const { connection, workers } = await openWith(1);
    const worker = workers[0]!;
    const first = connection.call('first', {});
    const controllers = [0, 1, 2].map(() => new AbortController());
    const abandoned = controllers.map((c, i) => connection.call(`abandoned-${i}`, {}, { signal: c.signal }));
    const last = connection.call('last', {});
    await settle();
    for (const controller of controllers) controller.abort();
    expect(await Promise.all(abandoned)).toEqual(
      [0, 1, 2].map((i) => ({ ok: false, error: { code: 'cancelled', message: `abandoned-${i}: the caller went away before the answer` } })),
    );
    worker.answer(0);
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['first', 'last']);
    worker.answer(1);
    expect(await first).toEqual({ ok: true, value: 'first' });
    expect(await last).toEqual({ ok: true, value: 'last' });
    await connection.stop();
  });

  it('lets writes hold no slot, so one waiting in the worker for the write lock holds up no read, yet keeps their turn', async () => {
    const { connection, workers } = await openWith(1);
    const worker = workers[0]!;
    const calls = [connection.call('rollouts.list', {}), connection.call('corpus.stats', {}), connection.call('labels.add', {})];
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['rollouts.list']);
    worker.answer(0);
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['rollouts.list', 'corpus.stats', 'labels.add']);
    calls.push(connection.call('import.files', {}), connection.call('steps.list', {}));
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['rollouts.list', 'corpus.stats', 'labels.add', 'import.files']);
    worker.answer(1);
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['rollouts.list', 'corpus.stats', 'labels.add', 'import.files', 'steps.list']);
    for (const index of [2, 3, 4]) worker.answer(index);
    expect((await Promise.all(calls)).map((r) => r.ok)).toEqual([true, true, true, true, true]);
    await connection.stop();
  });

  it('sends the health check ahead of every waiting call, holding no slot', async () => {
    const { connection, workers } = await openWith(1);
    const worker = workers[0]!;
    const calls = [connection.call('rollouts.list', {}), connection.call('corpus.stats', {}), connection.call('steps.list', {})];
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['rollouts.list']);
    calls.push(connection.call('app.info', {}));
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['rollouts.list', 'app.info']);
    worker.answer(1);
    expect(await calls[3]).toEqual({ ok: true, value: 'app.info' });
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['rollouts.list', 'app.info']);
    for (const index of [0, 2, 3]) {
      worker.answer(index);
      await settle();
    }
    expect(worker.received.map((r) => r.op)).toEqual(['rollouts.list', 'app.info', 'corpus.stats', 'steps.list']);
    expect((await Promise.all(calls)).map((r) => r.ok)).toEqual([true, true, true, true]);
    await connection.stop();
  });

  it('answers a call abandoned in the worker at once and keeps its slot until the worker answers', async () => {
    const { connection, workers } = await openWith(1);
    const worker = workers[0]!;
    const controller = new AbortController();
    const running = connection.call('running', {}, { signal: controller.signal });
    const next = connection.call('next', {});
    await settle();
    controller.abort();
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['running']);
    worker.answer(0);
    await settle();
    expect(worker.received.map((r) => r.op)).toEqual(['running', 'next']);
    worker.answer(1);
    expect(await next).toEqual({ ok: true, value: 'next' });
    await connection.stop();
  });

  it('sends a call aborted before it was made nowhere', async () => {
    const { connection, workers } = await openWith(1);
    const controller = new AbortController();
    controller.abort();
    expect(await connection.call('never', {}, { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await settle();
    expect(workers[0]!.received).toEqual([]);
    await connection.stop();
  });

  it('fails the calls in a crashed worker and sends the queued ones to its replacement', async () => {
    const { connection, workers } = await openWith(1);
    const inWorker = connection.call('in-worker', {});
    const queued = connection.call('queued', {});
    await settle();
    workers[0]!.exit({ code: null, signal: 'SIGKILL' });
    expect(await inWorker).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    await vi.waitFor(() => expect(workers).toHaveLength(2));
    await settle();
    expect(workers[1]!.received.map((r) => r.op)).toEqual(['queued']);
    workers[1]!.answer(0);
    expect(await queued).toEqual({ ok: true, value: 'queued' });
    await connection.stop();
  });

  it('after too many crashes refuses calls at once, says when the worker starts again, and starts it after the cool-down', async () => {
    let now = 1_000_000;
    const workers: MemoryWorker[] = [];
    const events: WorkbenchEvent[] = [];
    const connection = new WorkerConnection(
      () => {
        const worker = new MemoryWorker();
        workers.push(worker);
        return worker;
      },
      { log: () => {}, now: () => now, restart: { maxCrashes: 2, windowMs: 60_000, firstDelayMs: 0, maxDelayMs: 0, coolDownMs: 200 } },
    );
    connection.onEvent((e) => events.push(e));
    await connection.open({ db: ':memory:', shell: 'serve', seedSample: false });
    for (let crash = 1; crash <= 2; crash++) {
      workers.at(-1)!.exit({ code: null, signal: 'SIGKILL' });
      await vi.waitFor(() => expect(workers).toHaveLength(crash + 1));
      // Ready, so the next crash counts as a crash after a good start.
      await settle();
    }
    workers.at(-1)!.exit({ code: null, signal: 'SIGKILL' });
    expect(events.at(-1)).toEqual({ type: 'worker:down', reason: 'SIGKILL', crashes: 3, restartAt: now + 200 });
    const refused = await connection.call('corpus.stats', {});
    expect(refused).toEqual({
      ok: false,
      error: { code: 'unavailable', message: expect.stringMatching(/crashed 3 times within 60 s; it starts again in 1 s/) },
    });
    expect(workers).toHaveLength(3);
    now += 60_000;
    await vi.waitFor(() => expect(workers).toHaveLength(4), { timeout: 2_000 });
    await vi.waitFor(() => expect(events.at(-1)).toEqual({ type: 'worker:restarted', reason: 'SIGKILL' }));
    const answered = connection.call('corpus.stats', {});
    await vi.waitFor(() => expect(workers[3]!.received).toHaveLength(1));
    workers[3]!.answer(0);
    expect(await answered).toEqual({ ok: true, value: 'corpus.stats' });
    await connection.stop();
  });
});
