import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../common/errors';
import { followOperation, type OperationSnapshot } from './operation-follower';
import { touches } from './table-changes';

/** A fetch whose answers the test hands out one call at a time, in any order. */
function controlledFetch<T>() {
  const calls: { resolve(value: T): void; reject(err: unknown): void }[] = [];
  const fetch = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { fetch, calls };
}

/** A stand-in for the window's `db:changed` subscription that the test can fire. */
function writes() {
  let listener: (() => void) | null = null;
  return {
    subscribe: (l: () => void) => ((listener = l), () => (listener = null)),
    write: () => listener?.(),
    subscribed: () => listener !== null,
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function follow(subscribe: ((refetch: () => void) => () => void) | null = null) {
  const source = controlledFetch<string>();
  const seen: { snapshot: OperationSnapshot<string>; fetched: boolean }[] = [];
  const follower = followOperation(source.fetch, subscribe, (snapshot, fetched) => seen.push({ snapshot, fetched }));
  return { ...source, seen, follower, last: () => seen.at(-1)?.snapshot };
}

describe('followOperation', () => {
  it('fetches at once and shows the answer as fetched', async () => {
    const f = follow();
    expect(f.calls).toHaveLength(1);
    f.calls[0]!.resolve('a');
    await settled();
    expect(f.seen).toEqual([{ snapshot: { data: 'a', error: null, loading: false }, fetched: true }]);
  });

  it('refetches on each write it is subscribed to, keeping the last answer shown while it loads', async () => {
    const w = writes();
    const f = follow(w.subscribe);
    f.calls[0]!.resolve('a');
    await settled();
    w.write();
    expect(f.calls).toHaveLength(2);
    expect(f.last()).toEqual({ data: 'a', error: null, loading: true });
    f.calls[1]!.resolve('b');
    await settled();
    expect(f.last()).toEqual({ data: 'b', error: null, loading: false });
  });

  it('drops an answer that a newer fetch overtook', async () => {
    const f = follow();
    f.follower.refetch();
    f.calls[1]!.resolve('new');
    await settled();
    f.calls[0]!.resolve('old');
    await settled();
    expect(f.last()).toEqual({ data: 'new', error: null, loading: false });
    expect(f.seen.filter((s) => s.fetched).map((s) => s.snapshot.data)).toEqual(['new']);
  });

  it('keeps the last answer beside the error of a failed refetch', async () => {
    const f = follow();
    f.calls[0]!.resolve('a');
    await settled();
    f.follower.refetch();
    f.calls[1]!.reject(new ApiError('busy', 'another process is writing'));
    await settled();
    expect(f.last()).toEqual({ data: 'a', error: { code: 'busy', message: 'another process is writing' }, loading: false });
  });

  it('shows a replaced answer over a fetch still in flight', async () => {
    const f = follow();
    f.follower.replace('written');
    f.calls[0]!.resolve('fetched before the write');
    await settled();
    expect(f.seen.map((s) => s.snapshot.data)).toEqual(['written']);
    expect(f.seen[0]!.fetched).toBe(false);
  });

  it('after stop, drops answers, ends the subscription and fetches no more', async () => {
    const w = writes();
    const f = follow(w.subscribe);
    f.follower.stop();
    expect(w.subscribed()).toBe(false);
    f.follower.refetch();
    f.calls[0]!.resolve('late');
    await settled();
    expect(f.calls).toHaveLength(1);
    expect(f.seen).toEqual([]);
  });
});

describe('touches', () => {
  it('matches a write to a named table, any write for `any`, and a write naming no table for every view', () => {
    expect(touches({ type: 'db:changed', tables: ['labels'] }, ['labels', 'verdicts'])).toBe(true);
    expect(touches({ type: 'db:changed', tables: ['attempts'] }, ['labels', 'verdicts'])).toBe(false);
    expect(touches({ type: 'db:changed', tables: ['attempts'] }, 'any')).toBe(true);
    expect(touches({ type: 'db:changed', tables: [] }, ['labels'])).toBe(true);
  });
});
