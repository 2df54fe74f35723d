import { describe, expect, it } from 'vitest';
import { eventLoopTurns } from './event-loop-turns';

/** Busy for `ms` on this thread, as a loop of synchronous writes is. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('eventLoopTurns', () => {
  it('costs nothing within a slice', () => {
    const turn = eventLoopTurns(60_000);
    expect(turn()).toBeUndefined();
  });

  it('once a slice has passed, lets callbacks already waiting run before the loop goes on', async () => {
    const turn = eventLoopTurns(5);
    let ran = false;
    setImmediate(() => (ran = true));
    // A microtask-only await (what an async iterator over buffered records gives) lets no callback run.
    await Promise.resolve();
    expect(ran).toBe(false);
    spin(10);
    const waiting = turn();
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    expect(ran).toBe(true);
    // The slice starts again after the turn.
    expect(turn()).toBeUndefined();
  });

  it('lets a timer due during a loop of steps fire within a slice of the loop', async () => {
    const turn = eventLoopTurns(20);
    let firedAtStep = -1;
    let step = 0;
    setTimeout(() => (firedAtStep = step), 0);
    for (; step < 20; step++) {
      spin(5);
      await turn();
    }
    // 5 ms steps and 20 ms slices: the timer runs at the first turn, after at most 5 steps.
    expect(firedAtStep).toBeGreaterThanOrEqual(0);
    expect(firedAtStep).toBeLessThanOrEqual(5);
  });
});
