import { Semaphore } from './semaphore';

/** The limits of one run of model calls; every one is optional. */
export interface LimitOptions {
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Requests sent over the run (transport retries of one request count once). */
  maxRequests?: number;
  /** Dollars over the run, real costs plus the worst case of requests in flight. */
  maxUsd?: number;
  /** When the run must stop: waiting calls give up, calls in flight are aborted. */
  deadline?: Date;
}

/** What a run has used so far. */
export interface LimitUsage {
  requests: number;
  /** Dollars of settled requests (a request of unknown cost counts at its worst case). */
  spentUsd: number;
  /** Worst-case dollars of requests in flight. */
  reservedUsd: number;
}

/** Why the run's signal aborted. */
export type StopReason = 'deadline' | 'cancelled';

/**
 * Concurrency, request, dollar and deadline limits shared by every call of a run. Dollars
 * are reserved at the worst case before a request is sent and settled to the real cost
 * after, so concurrent requests can never together overshoot the limit.
 */
export class CallLimits {
  /** Aborts at the deadline or when the run is cancelled. */
  readonly signal: AbortSignal;
  private readonly semaphore: Semaphore;
  private readonly deadline = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private usage: LimitUsage = { requests: 0, spentUsd: 0, reservedUsd: 0 };

  constructor(
    private readonly options: LimitOptions,
    cancel?: AbortSignal,
  ) {
    this.semaphore = new Semaphore(options.concurrency ?? 4);
    if (options.deadline) {
      const ms = options.deadline.getTime() - Date.now();
      if (ms <= 0) this.deadline.abort();
      else {
        this.timer = setTimeout(() => this.deadline.abort(), ms);
        // A pending deadline must not keep a finished CLI process alive.
        this.timer.unref();
      }
    }
    this.signal = cancel ? AbortSignal.any([this.deadline.signal, cancel]) : this.deadline.signal;
  }

  /** Why the run stopped, or null while it runs. */
  stopReason(): StopReason | null {
    if (this.deadline.signal.aborted) return 'deadline';
    return this.signal.aborted ? 'cancelled' : null;
  }

  /** Why the run stopped, in words. */
  stopMessage(): string {
    return this.stopReason() === 'deadline' ? `the deadline ${this.options.deadline?.toISOString()} passed` : 'the run was cancelled';
  }

  /** Waits for a slot; rejects when the run stops first. Pair with {@link release}. */
  acquire(): Promise<void> {
    return this.semaphore.acquire(this.signal);
  }

  /** Frees the slot taken by {@link acquire}. */
  release(): void {
    this.semaphore.release();
  }

  /**
   * Counts a request and reserves its worst-case dollars, or names the limit that refuses
   * it (and then counts nothing).
   */
  admit(worstUsd: number): 'requests' | 'dollars' | null {
    const { maxRequests, maxUsd } = this.options;
    if (maxRequests !== undefined && this.usage.requests >= maxRequests) return 'requests';
    if (maxUsd !== undefined && this.usage.spentUsd + this.usage.reservedUsd + worstUsd > maxUsd) return 'dollars';
    this.usage = { ...this.usage, requests: this.usage.requests + 1, reservedUsd: this.usage.reservedUsd + worstUsd };
    return null;
  }

  /** Replaces a reservation by the real cost; an unknown cost stays at the worst case. */
  settle(worstUsd: number, costUsd: number | null): void {
    this.usage = {
      ...this.usage,
      spentUsd: this.usage.spentUsd + (costUsd ?? worstUsd),
      reservedUsd: Math.max(0, this.usage.reservedUsd - worstUsd),
    };
  }

  /** What the run has used so far. */
  snapshot(): LimitUsage {
    return { ...this.usage };
  }

  /** Stops the deadline timer. */
  dispose(): void {
    clearTimeout(this.timer);
  }
}
