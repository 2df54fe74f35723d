import { describe, expect, it } from 'vitest';
import { pageFetcher, rowOnPage, type PagedRows, type RowsPage } from './paged-rows';

/** A slice holding a paged table, whose fetches the test answers one by one. */
function table(options: { ready?: () => boolean } = {}) {
  let state: PagedRows<string> = { total: null, pages: {}, generation: 0 };
  const asked: { offset: number; limit: number; answer(page: RowsPage<string>): void; fail(err: Error): void }[] = [];
  const errors: unknown[] = [];
  const fetcher = pageFetcher<string>({
    pageSize: 2,
    get: () => state,
    set: (update) => {
      state = { ...state, ...update(state) };
    },
    fetch(offset, limit) {
      if (options.ready && !options.ready()) return null;
      return new Promise((resolve, reject) => asked.push({ offset, limit, answer: resolve, fail: reject }));
    },
    onError: (err) => errors.push(err),
  });
  return {
    fetcher,
    asked,
    errors,
    state: () => state,
    invalidate: () => {
      state = { ...state, pages: {}, generation: state.generation + 1 };
    },
  };
}

describe('pageFetcher', () => {
  it('asks for a page once while it is on its way, and keeps its rows and the total', async () => {
    const t = table();
    const first = t.fetcher.fetchPage(1);
    void t.fetcher.fetchPage(1);
    expect(t.asked.map((a) => [a.offset, a.limit])).toEqual([[2, 2]]);
    t.asked[0]!.answer({ total: 5, rows: ['c', 'd'] });
    await first;
    expect(t.state()).toMatchObject({ total: 5, pages: { 1: ['c', 'd'] } });
    await t.fetcher.fetchPage(1);
    expect(t.asked).toHaveLength(1);
    expect(rowOnPage(t.state().pages, 2, 3)).toBe('d');
    expect(rowOnPage(t.state().pages, 2, 4)).toBeUndefined();
  });

  it('drops the answer and the failure of a generation the rows have left', async () => {
    const t = table();
    const answered = t.fetcher.fetchPage(0);
    const failed = t.fetcher.fetchPage(1);
    t.invalidate();
    t.asked[0]!.answer({ total: 4, rows: ['a', 'b'] });
    t.asked[1]!.fail(new Error('gone'));
    await Promise.all([answered, failed]);
    expect(t.state()).toMatchObject({ total: null, pages: {}, generation: 1 });
    expect(t.errors).toEqual([]);

    const current = t.fetcher.fetchPage(0);
    expect(t.asked).toHaveLength(3);
    t.asked[2]!.fail(new Error('down'));
    await current;
    expect(t.errors).toEqual([new Error('down')]);
  });

  it('fetches the pages that hold a range of rows, no further than the total', async () => {
    const t = table();
    const first = t.fetcher.fetchPage(0);
    // Before the total is known, only the page of the first row.
    t.fetcher.ensureRows(0, 9);
    expect(t.asked.map((a) => a.offset)).toEqual([0]);
    t.asked[0]!.answer({ total: 5, rows: ['a', 'b'] });
    await first;
    t.fetcher.ensureRows(0, 9);
    expect(t.asked.map((a) => a.offset)).toEqual([0, 2, 4]);
  });

  it('asks for nothing while the slice has nothing to ask', async () => {
    let ready = false;
    const t = table({ ready: () => ready });
    await t.fetcher.fetchPage(0);
    expect(t.asked).toHaveLength(0);
    ready = true;
    void t.fetcher.fetchPage(0);
    expect(t.asked).toHaveLength(1);
  });
});
