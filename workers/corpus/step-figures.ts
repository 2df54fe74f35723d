/** One rollout's steps as counted while an import wrote them. */
interface Counted {
  steps: number;
  durationMs: number;
  /** False once a duration could make the sum differ from SQLite's (a fraction, or beyond 2^53). */
  exact: boolean;
}

/**
 * The step count and total duration of each rollout an import writes steps for, counted as
 * each step is inserted, so the import's figures need not read its million steps back.
 *
 * SQLite sums REAL values with Kahan-Babuska-Neumaier compensation; on whole numbers below
 * 2^53 that is exact, and so is a plain sum here. A rollout with any other duration is
 * marked inexact and recounted by SQL instead, so the figures are always what SQL counts.
 */
export class StepFigures {
  private readonly counted = new Map<string, Counted>();

  /** A step of `rollout` was inserted (not a duplicate). */
  stepInserted(rollout: string, durationMs: number | null): void {
    let c = this.counted.get(rollout);
    if (c === undefined) {
      c = { steps: 0, durationMs: 0, exact: true };
      this.counted.set(rollout, c);
    }
    c.steps += 1;
    if (durationMs === null) return;
    c.durationMs += durationMs;
    if (!Number.isSafeInteger(durationMs) || !Number.isSafeInteger(c.durationMs)) c.exact = false;
  }

  /** The rollouts that got at least one step. */
  rollouts(): IterableIterator<string> {
    return this.counted.keys();
  }

  /** What was counted for `rollout` (none: zero), when it can stand for SQL's count and sum; else undefined. */
  exact(rollout: string): { steps: number; durationMs: number } | undefined {
    const c = this.counted.get(rollout);
    if (c === undefined) return { steps: 0, durationMs: 0 };
    return c.exact ? { steps: c.steps, durationMs: c.durationMs } : undefined;
  }
}
