import { setTimeout as sleep } from 'node:timers/promises';
import type Anthropic from '@anthropic-ai/sdk';
import { loadSdk, type Sdk } from './load-sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';

/** The client's own transport retries (the SDK's are off, so each one can be counted). */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** First backoff; it doubles per retry (default 500 ms). */
  baseDelayMs?: number;
  /** Cap of one backoff, including a server's `retry-after` (default 8 s). */
  maxDelayMs?: number;
}

/** How one request ended at the HTTP level, after any retries. */
export type Exchange =
  /** A 2xx response whose body was read in full, as text. */
  | { kind: 'response'; status: number; text: string }
  /** A 2xx response whose body could not be read: not retried, since it may have been paid for. */
  | { kind: 'body_error'; status: number; message: string }
  /** An error status: a 4xx other than 429 at once, a 429 or 5xx once retries ran out. */
  | { kind: 'http_error'; status: number; body: string | null; message: string }
  /** No response on any attempt. */
  | { kind: 'transport_error'; message: string }
  /** The run's signal aborted (deadline or cancel), before or during the request or a backoff. */
  | { kind: 'aborted' };

/**
 * Sends one request, retrying only what cannot have been answered: connection failures,
 * 429 and 5xx. Every retry is reported through `onRetry` before it is made.
 */
export async function exchange(
  sdk: Anthropic,
  body: MessageCreateParamsNonStreaming,
  options: { signal: AbortSignal; retry: RetryOptions; onRetry: () => Promise<void> },
): Promise<Exchange> {
  const { signal, retry, onRetry } = options;
  // Loaded already: a client that sends requests opened it.
  const errors = await loadSdk();
  const maxRetries = retry.maxRetries ?? 2;
  for (let attempt = 0; ; attempt++) {
    // Each attempt gets its own signal: the SDK leaves its abort listener on whatever signal it
    // is given until the response is collected, so the run's long-lived signal would pile them up.
    const own = new AbortController();
    const forward = () => own.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    let response: Response;
    try {
      // The raw response, so the ledger keeps the body exactly as it came.
      response = await sdk.messages.create(body, { signal: own.signal, maxRetries: 0 }).asResponse();
    } catch (err) {
      signal.removeEventListener('abort', forward);
      if (signal.aborted || err instanceof errors.APIUserAbortError) return { kind: 'aborted' };
      const failure = describeFailure(err, errors);
      if (!failure.retryable || attempt >= maxRetries) return failure.exchange;
      await onRetry();
      try {
        await sleep(backoffMs(attempt, failure.retryAfterMs, retry), undefined, { signal });
      } catch {
        return { kind: 'aborted' };
      }
      continue;
    }
    try {
      return { kind: 'response', status: response.status, text: await response.text() };
    } catch (err) {
      if (signal.aborted) return { kind: 'aborted' };
      return { kind: 'body_error', status: response.status, message: `the response body could not be read: ${(err as Error).message}` };
    } finally {
      signal.removeEventListener('abort', forward);
    }
  }
}

interface Failure {
  exchange: Exchange;
  retryable: boolean;
  retryAfterMs: number | undefined;
}

function describeFailure(err: unknown, errors: Sdk): Failure {
  if (err instanceof errors.APIConnectionError) {
    return { exchange: { kind: 'transport_error', message: err.message }, retryable: true, retryAfterMs: undefined };
  }
  if (err instanceof errors.APIError && err.status !== undefined) {
    const status = err.status;
    return {
      exchange: { kind: 'http_error', status, body: err.error === undefined ? null : JSON.stringify(err.error), message: err.message },
      retryable: status === 429 || status >= 500,
      retryAfterMs: retryAfter(err.headers),
    };
  }
  // Anything else (a bug, a refused option) is not the network's fault; retrying cannot help.
  return { exchange: { kind: 'transport_error', message: (err as Error).message ?? String(err) }, retryable: false, retryAfterMs: undefined };
}

function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = Number(headers?.get('retry-after') ?? NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function backoffMs(attempt: number, retryAfterMs: number | undefined, retry: RetryOptions): number {
  const cap = retry.maxDelayMs ?? 8000;
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, cap);
  const base = (retry.baseDelayMs ?? 500) * 2 ** attempt;
  // Jitter, so that requests refused together do not come back together.
  return Math.min(base * (1 + Math.random() / 4), cap);
}
