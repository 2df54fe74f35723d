import { describe, expect, it } from 'vitest';
import type { Result } from '../../common/contract';
import { firstRolloutsPage } from '../../common/corpus/first-rollouts-page';
import { FirstRowsPrefetch, prefetchMaxAgeMs } from './first-rows-prefetch';

/** A prefetch over a clock the test moves, counting what it asks of the worker. */
function prefetchAt() {
  const clock = { now: 0 };
  const asked: string[] = [];
  const prefetch = new FirstRowsPrefetch(
    (token) => {
      asked.push(token);
      return Promise.resolve<Result<unknown>>({ ok: true, value: { asked: asked.length } });
    },
    () => clock.now,
  );
  return { prefetch, clock, asked };
}

describe('FirstRowsPrefetch', () => {
  it("hands the page's own first-rows request the answer asked for when the page was served, once", async () => {
    const { prefetch, clock, asked } = prefetchAt();
    prefetch.start('t1');
    clock.now = 120;
    const taken = prefetch.take('t1', 'rollouts.list', { ...firstRolloutsPage });
    expect(taken?.leadMs).toBe(120);
    expect(await taken?.answer).toEqual({ ok: true, value: { asked: 1 } });
    expect(prefetch.take('t1', 'rollouts.list', { ...firstRolloutsPage })).toBeUndefined();
    expect(asked).toEqual(['t1']);
  });

  it('never answers another request, another token, a stale page or one served before a write', () => {
    const { prefetch, clock } = prefetchAt();
    prefetch.start('t1');
    expect(prefetch.take('t1', 'corpus.stats', { ...firstRolloutsPage })).toBeUndefined();
    expect(prefetch.take('t1', 'rollouts.list', { ...firstRolloutsPage, agent: 'a' })).toBeUndefined();
    expect(prefetch.take('t1', 'rollouts.list', { ...firstRolloutsPage, direction: 'desc' })).toBeUndefined();
    expect(prefetch.take('t2', 'rollouts.list', { ...firstRolloutsPage })).toBeUndefined();

    clock.now = prefetchMaxAgeMs + 1;
    expect(prefetch.take('t1', 'rollouts.list', { ...firstRolloutsPage })).toBeUndefined();

    prefetch.start('t1');
    prefetch.invalidate();
    expect(prefetch.take('t1', 'rollouts.list', { ...firstRolloutsPage })).toBeUndefined();
  });

  it('keeps a failed prefetch for the page to see, without an unhandled rejection', async () => {
    const prefetch = new FirstRowsPrefetch(() => Promise.reject(new Error('worker gone')));
    prefetch.start('t1');
    const taken = prefetch.take('t1', 'rollouts.list', { ...firstRolloutsPage });
    await expect(taken?.answer).rejects.toThrow('worker gone');
  });
});

describe('FirstRowsPrefetch.startUnlessRecent', () => {
  it('keeps the answer the redirect asked for when the page follows at once, and asks again for a later page', async () => {
    const { prefetch, clock, asked } = prefetchAt();
    prefetch.start('t1');
    clock.now = 5;
    prefetch.startUnlessRecent('t1', 1000);
    expect(asked).toEqual(['t1']);
    expect(await prefetch.answerWithin('t1', 1000)).toEqual({ asked: 1 });

    clock.now = 10;
    prefetch.startUnlessRecent('t1', 1000);
    expect(asked).toEqual(['t1', 't1']);
    clock.now = 2000;
    prefetch.startUnlessRecent('t1', 1000);
    expect(asked).toEqual(['t1', 't1', 't1']);
  });
});

describe('FirstRowsPrefetch.answerWithin', () => {
  it('gives the answer that comes in time to the page being served, which then has none pending', async () => {
    const { prefetch } = prefetchAt();
    prefetch.start('t1');
    expect(await prefetch.answerWithin('t1', 1000)).toEqual({ asked: 1 });
    expect(prefetch.take('t1', 'rollouts.list', { ...firstRolloutsPage })).toBeUndefined();
  });

  it("leaves a late answer, a failure or an answer from before a write to the page's own request", async () => {
    let answer!: (result: Result<unknown>) => void;
    const slow = new FirstRowsPrefetch(() => new Promise((resolve) => (answer = resolve)));
    slow.start('t1');
    expect(await slow.answerWithin('t1', 10)).toBeUndefined();
    answer({ ok: true, value: 'rows' });
    expect(await slow.take('t1', 'rollouts.list', { ...firstRolloutsPage })?.answer).toEqual({ ok: true, value: 'rows' });

    const failing = new FirstRowsPrefetch(() => Promise.resolve<Result<unknown>>({ ok: false, error: { code: 'busy', message: 'busy' } }));
    failing.start('t1');
    expect(await failing.answerWithin('t1', 1000)).toBeUndefined();

    const written = new FirstRowsPrefetch(() => new Promise((resolve) => (answer = resolve)));
    written.start('t1');
    const waiting = written.answerWithin('t1', 1000);
    written.invalidate();
    answer({ ok: true, value: 'rows' });
    expect(await waiting).toBeUndefined();
  });
});
