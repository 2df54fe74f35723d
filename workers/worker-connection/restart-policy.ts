/**
 * When a crashed worker is started again: after a delay that doubles with each crash in the
 * window; once it has crashed too often, it would likely crash again at once, so only after
 * a cool-down (or, without one, not until the corpus is reopened).
 */
export interface RestartPolicy {
  /** More crashes than this within `windowMs` stop the restarts. */
  maxCrashes: number;
  windowMs: number;
  /** The delay before the first restart; each further crash in the window doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** After more than `maxCrashes`, the worker starts again this long after the last crash; without it, it stays down. */
  coolDownMs?: number;
}

export const defaultRestartPolicy: RestartPolicy = { maxCrashes: 3, windowMs: 60_000, firstDelayMs: 250, maxDelayMs: 4_000, coolDownMs: 30_000 };

/** The crash history of one corpus's workers; a new corpus starts a new history. */
export class CrashHistory {
  private crashes: number[] = [];

  constructor(
    private readonly policy: RestartPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a crash; returns the delay before the restart, or undefined when it should not restart. */
  record(): { count: number; delayMs: number | undefined } {
    const now = this.now();
    this.crashes = [...this.crashes.filter((t) => now - t < this.policy.windowMs), now];
    const count = this.crashes.length;
    if (count > this.policy.maxCrashes) return { count, delayMs: undefined };
    return { count, delayMs: Math.min(this.policy.firstDelayMs * 2 ** (count - 1), this.policy.maxDelayMs) };
  }
}
