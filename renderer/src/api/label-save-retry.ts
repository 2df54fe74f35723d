/**
 * How the label queue keeps a label it could not save: it tries again with backoff, at once
 * when the window's event connection comes back (the server or worker is there again), until
 * the backend stores it or refuses it. A retry is safe because each label carries its client
 * id, and the backend keeps one record per client id.
 */
import type { WorkbenchEvent } from '../../../common/events';
import { ApiError, toErrorData, type ErrorCode } from '../../../common/errors';

/** Answers a retry cannot change: the backend refused the label itself. */
const refusals: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['invalid_request', 'unknown_operation', 'not_found', 'corpus_refused']);

/** A save unanswered this long is treated as failed and tried again (one label is one small transaction). */
export const saveTimeoutMs = 15_000;
const firstDelayMs = 500;
const maxDelayMs = 8_000;

export function isRefusal(err: unknown): boolean {
  return refusals.has(toErrorData(err).code);
}

/** The wait before try `failures + 1`: 0.5 s, doubling, at most 8 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, failures - 1));
}

/** `work`, or an `unavailable` error once it has taken `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ApiError('unavailable', `${what}: no answer within ${ms / 1000} s`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

export interface RetryHooks {
  /** A try failed and another will follow. */
  failed(err: unknown, failures: number): void;
  /** Subscribes to the window's events, to hear the connection come back; returns the unsubscribe. */
  listen(listener: (event: WorkbenchEvent) => void): () => void;
}

function backoff(ms: number, listen: RetryHooks['listen']): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = listen((event) => {
      if (event.type === 'events:connected') done();
    });
  });
}

/** Tries `attempt` until it succeeds (its value) or is refused (that error), waiting between tries. */
export async function untilSaved<T>(attempt: () => Promise<T>, hooks: RetryHooks): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await attempt();
    } catch (err) {
      if (isRefusal(err)) throw err;
      hooks.failed(err, failures);
      await backoff(retryDelayMs(failures), hooks.listen);
    }
  }
}

/** A fresh client id for a label: 32 hex digits. */
export function newClientId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
