import { describe, expect, it } from 'vitest';
import { latestRequest, type IsLatest } from './latest-request';

/** Work whose answers the test hands out one call at a time, in any order. */
function controlled() {
  const calls: { resolve(value: string): void; reject(err: unknown): void; isLatest: IsLatest }[] = [];
  const work = (isLatest: IsLatest) => new Promise<string>((resolve, reject) => calls.push({ resolve, reject, isLatest }));
  return { work, calls };
}

function recorder() {
  const seen: string[] = [];
  return { seen, answer: (v: string) => seen.push(`answer ${v}`), error: (e: unknown) => seen.push(`error ${(e as Error).message}`) };
}

describe('latestRequest', () => {
  it('drops the answer of a request overtaken by a newer one, whichever answers first', async () => {
    const line = latestRequest();
    const { work, calls } = controlled();
    const r = recorder();
    const first = line.send(work, r.answer, r.error);
    const second = line.send(work, r.answer, r.error);
    calls[1]!.resolve('new');
    expect(await second).toBe(true);
    calls[0]!.resolve('old');
    expect(await first).toBe(false);
    expect(r.seen).toEqual(['answer new']);
  });

  it('drops the failure of an overtaken request and reports the newest one', async () => {
    const line = latestRequest();
    const { work, calls } = controlled();
    const r = recorder();
    const first = line.send(work, r.answer, r.error);
    const second = line.send(work, r.answer, r.error);
    calls[0]!.reject(new Error('old'));
    calls[1]!.reject(new Error('new'));
    await Promise.all([first, second]);
    expect(r.seen).toEqual(['error new']);
  });

  it('answers a follow-up of the newest request without dropping it, and drops both with the next request', async () => {
    const line = latestRequest();
    const { work, calls } = controlled();
    const r = recorder();
    const request = line.send(work, r.answer, r.error);
    const detail = line.follow(work, r.answer, r.error);
    calls[1]!.resolve('detail');
    calls[0]!.resolve('request');
    await Promise.all([request, detail]);
    expect(r.seen).toEqual(['answer detail', 'answer request']);

    const lateDetail = line.follow(work, r.answer, r.error);
    void line.send(work, r.answer, r.error);
    calls[2]!.resolve('late detail');
    await lateDetail;
    expect(r.seen).toEqual(['answer detail', 'answer request']);
  });

  it('tells long work when it is no longer the newest, and drop overtakes every request in flight', async () => {
    const line = latestRequest();
    const { work, calls } = controlled();
    const r = recorder();
    const pending = line.send(work, r.answer, r.error);
    expect(calls[0]!.isLatest()).toBe(true);
    line.drop();
    expect(calls[0]!.isLatest()).toBe(false);
    calls[0]!.resolve('after drop');
    await pending;
    expect(r.seen).toEqual([]);
  });
});
