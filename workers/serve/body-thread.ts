import type { Worker } from 'node:worker_threads';
import { startThread } from '../util/start-thread';
import type { BodyResult } from './request-body';

/** A body for the body-check thread to parse and check as a request of `op`. */
export interface BodyCheck {
  id: number;
  op: string;
  bytes: Uint8Array;
}

/** The thread's answer: the parsed request, or why it was refused. */
export type BodyChecked = BodyResult & { id: number };

/**
 * Serve's thread for large API bodies (`body-check-thread.ts`): started on the first one, kept
 * for the next, and started again after a crash, which fails only the bodies it held.
 */
export class BodyThread {
  private thread: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, (result: BodyResult) => void>();

  /** Parses `bytes` as a request of `op` and checks it against the operation's schema, on the thread. */
  check = (op: string, bytes: Buffer): Promise<BodyResult> => {
    const id = this.nextId++;
    const answered = new Promise<BodyResult>((resolve) => this.pending.set(id, resolve));
    this.started().postMessage({ id, op, bytes } satisfies BodyCheck);
    return answered;
  };

  /** Stops the thread; bodies it still held are answered as unavailable. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    this.failPending('the server is stopping');
    await thread?.terminate();
  }

  private started(): Worker {
    if (this.thread) return this.thread;
    const thread = startThread(import.meta.url, './body-check.js', './body-check-thread.ts');
    // An idle thread must not keep the server's process alive.
    thread.unref();
    thread.on('message', ({ id, ...result }: BodyChecked) => {
      this.pending.get(id)?.(result);
      this.pending.delete(id);
    });
    const crashed = (why: string) => {
      if (this.thread !== thread) return;
      this.thread = null;
      this.failPending(why);
    };
    thread.on('error', (err) => crashed(`the body-check thread failed (${err.message})`));
    thread.on('exit', (code) => crashed(`the body-check thread stopped (exit ${code})`));
    this.thread = thread;
    return thread;
  }

  private failPending(why: string): void {
    for (const resolve of this.pending.values()) resolve({ ok: false, error: { code: 'unavailable', message: why } });
    this.pending.clear();
  }
}
