/**
 * The Corpus screen's first rows, asked of the worker when a page is served instead of after
 * the page's scripts have loaded and run: on a cold page that is most of the wait for the first
 * rows. The page's own `rollouts.list` for exactly that request, under the same token, takes the
 * answer (once) if it is recent and nothing was written since it was asked for; any other
 * request goes to the worker as before, so a prefetched answer is never older than one the page
 * would have got by asking itself at the time the prefetch started.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Result } from '../../common/contract';
import { firstRolloutsPage } from '../../common/corpus/first-rollouts-page';

/** A prefetched answer older than this is dropped: the page did not ask for it in time (another screen, a stalled load). */
export const prefetchMaxAgeMs = 10_000;

interface Prefetched {
  answer: Promise<Result<unknown>>;
  at: number;
}

/** A taken prefetch: the answer and how long before the page's request it was asked for. */
export interface TakenPrefetch {
  answer: Promise<Result<unknown>>;
  leadMs: number;
}

export class FirstRowsPrefetch {
  /** By the token of the page that was served: one pending answer per signed-in link. */
  private readonly pending = new Map<string, Prefetched>();

  constructor(
    private readonly ask: (token: string, request: typeof firstRolloutsPage) => Promise<Result<unknown>>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Asks for the first rows for a page just served under `token`, replacing an earlier unclaimed answer. */
  start(token: string): void {
    const at = this.now();
    for (const [key, entry] of this.pending) if (at - entry.at > prefetchMaxAgeMs) this.pending.delete(key);
    const answer = this.ask(token, firstRolloutsPage);
    // Claimed or not, a failure is the page's to see through its own request, never an unhandled rejection here.
    answer.catch(() => undefined);
    this.pending.set(token, { answer, at });
  }

  /**
   * Starts the prefetch for `token` unless one started within `withinMs`: the printed link's
   * redirect starts it, so the worker is already answering while the browser follows the
   * redirect to the page, and the page keeps that answer instead of asking again.
   */
  startUnlessRecent(token: string, withinMs: number): void {
    const entry = this.pending.get(token);
    if (entry && this.now() - entry.at <= withinMs) return;
    this.start(token);
  }

  /** The prefetched answer to this request, if it is the first rows' request of a recent page under `token`. */
  take(token: string, op: string, body: unknown): TakenPrefetch | undefined {
    if (op !== 'rollouts.list') return undefined;
    const entry = this.pending.get(token);
    if (!entry || !isDeepStrictEqual(body, firstRolloutsPage)) return undefined;
    this.pending.delete(token);
    const leadMs = this.now() - entry.at;
    return leadMs > prefetchMaxAgeMs ? undefined : { answer: entry.answer, leadMs };
  }

  /**
   * The answer of the page being served under `token`, if it is a success the worker gives
   * within `waitMs` and nothing was written meanwhile: the page then carries its first rows, so
   * the answer is no longer pending. Otherwise it stays prefetched for the page's own request.
   */
  async answerWithin(token: string, waitMs: number): Promise<unknown> {
    const entry = this.pending.get(token);
    if (!entry) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    const result = await Promise.race([entry.answer.catch(() => undefined), late]);
    clearTimeout(timer);
    if (!result?.ok || this.pending.get(token) !== entry) return undefined;
    this.pending.delete(token);
    return result.value;
  }

  /** Drops every pending answer: the corpus changed after they were asked for. */
  invalidate(): void {
    this.pending.clear();
  }
}
