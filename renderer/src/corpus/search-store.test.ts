import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../common/contract';
import { ApiError } from '../../../common/errors';
import type { SearchResult } from '../../../common/search/search-types';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useSearchStore } from './search-store';

/** A ranked answer with one step hit, in rollout `rollout`. */
function answerIn(rollout: string): SearchResult {
  return { ranking: 'bm25', hits: [{ rollout, step: 1, rubric: null, field: 'command', snippet: rollout, highlights: [] }] };
}

/** Answers `search.query` only when the test says, one request at a time, in any order. */
function heldSearches() {
  const held: { request: RequestOf<'search.query'>; answer(result: SearchResult): void; fail(err: unknown): void }[] = [];
  const answer = (request: RequestOf<'search.query'>) => new Promise<SearchResult>((resolve, reject) => held.push({ request, answer: resolve, fail: reject }));
  return { held, answer };
}

afterEach(() => {
  useSearchStore.getState().clear();
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('search store', () => {
  it('shows the hits of the query typed last, dropping a slower answer to an earlier one', async () => {
    const searches = heldSearches();
    installFakeWorkbench({ 'search.query': searches.answer });
    useSearchStore.getState().setQuery('first');
    useSearchStore.getState().flush();
    useSearchStore.getState().setQuery('second');
    useSearchStore.getState().flush();
    await settled();
    expect(searches.held.map((h) => h.request.query)).toEqual(['first', 'second']);

    searches.held[1]!.answer(answerIn('r-second'));
    await settled();
    searches.held[0]!.answer(answerIn('r-first'));
    await settled();
    expect(useSearchStore.getState()).toMatchObject({ answered: 'second', pending: false, selected: 0, hits: [{ rollout: 'r-second' }] });

    // Nothing changed: flushing again asks nothing.
    useSearchStore.getState().flush();
    await settled();
    expect(searches.held).toHaveLength(2);
  });

  it('drops the answer in flight when the box is cleared, and reports a failure of the newest search', async () => {
    const searches = heldSearches();
    installFakeWorkbench({ 'search.query': searches.answer }, '#/corpus');
    useSearchStore.getState().setQuery('cleared');
    useSearchStore.getState().flush();
    useSearchStore.getState().clear();
    searches.held[0]!.answer(answerIn('r-cleared'));
    await settled();
    expect(useSearchStore.getState()).toMatchObject({ query: '', hits: null, answered: '' });

    useSearchStore.getState().setQuery('broken');
    useSearchStore.getState().flush();
    searches.held[1]!.fail(new ApiError('invalid_request', 'search.query: bad query'));
    await settled();
    expect(useSearchStore.getState().pending).toBe(false);
    expect(useAppStore.getState().error).toMatchObject({ code: 'invalid_request' });
  });
});
