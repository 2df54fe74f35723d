import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventListener } from '../../../common/events';
import { ApiError } from '../../../common/errors';
import { newClientId, retryDelayMs, untilSaved, withTimeout } from './label-save-retry';

/** A stand-in for the window's event subscription that the test can fire. */
function events() {
  const listeners = new Set<EventListener>();
  return {
    listen: (l: EventListener) => (listeners.add(l), () => listeners.delete(l)),
    connected: () => [...listeners].forEach((l) => l({ type: 'events:connected' })),
    count: () => listeners.size,
  };
}

describe('untilSaved', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries again after each failure with a doubling wait, and answers with the first success', async () => {
    const bus = events();
    const answers = [new ApiError('unavailable', 'down'), new ApiError('internal', 'busy'), 'stored'];
    let tries = 0;
    const failures: number[] = [];
    const done = untilSaved(
      async () => {
        const answer = answers[tries++]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      { failed: (_err, n) => failures.push(n), listen: bus.listen },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(tries).toBe(1);
    await vi.advanceTimersByTimeAsync(retryDelayMs(1) - 1);
    expect(tries).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toBe(2);
    await vi.advanceTimersByTimeAsync(retryDelayMs(2));
    await expect(done).resolves.toBe('stored');
    expect(failures).toEqual([1, 2]);
    expect(bus.count()).toBe(0);
  });

  it('tries again at once when the event connection comes back', async () => {
    const bus = events();
    let tries = 0;
    const done = untilSaved(
      async () => {
        if (++tries < 6) throw new ApiError('unavailable', 'down');
        return tries;
      },
      { failed: () => undefined, listen: bus.listen },
    );
    // Five failures put the wait at its longest; a reconnect cuts it short.
    await vi.advanceTimersByTimeAsync(retryDelayMs(1) + retryDelayMs(2) + retryDelayMs(3) + retryDelayMs(4));
    expect(tries).toBe(5);
    bus.connected();
    await expect(done).resolves.toBe(6);
  });

  it('gives up only when the backend refuses the label itself', async () => {
    const refusal = new ApiError('invalid_request', 'value: not an option');
    await expect(untilSaved(() => Promise.reject(refusal), { failed: () => undefined, listen: events().listen })).rejects.toBe(refusal);
  });

  it('counts a save that never answers as failed', async () => {
    const late = withTimeout(new Promise(() => undefined), 15_000, 'labels.add');
    vi.advanceTimersByTime(15_000);
    await expect(late).rejects.toMatchObject({ code: 'unavailable', message: 'labels.add: no answer within 15 s' });
  });
});

describe('retryDelayMs and newClientId', () => {
  it('waits 0.5 s, doubling to at most 8 s; client ids are fresh 32-digit hex', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    const ids = new Set(Array.from({ length: 100 }, newClientId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
