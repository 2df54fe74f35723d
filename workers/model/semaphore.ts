/**
 * At most `limit` holders at once; waiters are served first come, first served. A waiter
 * whose signal aborts leaves the queue and rejects with the signal's reason.
 */
export class Semaphore {
  private held = 0;
  private readonly waiters: { grant: () => void; onAbort: () => void }[] = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`a concurrency limit must be a positive integer, not ${limit}`);
  }

  /** Resolves once the caller holds a slot; the caller must `release()` it exactly once. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.held < this.limit) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener('abort', waiter.onAbort);
          resolve();
        },
        onAbort: () => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Hands the slot to the next waiter, if any. */
  release(): void {
    const next = this.waiters.shift();
    // The slot passes straight to the waiter, so `held` stays the same.
    if (next) next.grant();
    else this.held--;
  }
}
