import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../common/contract';
import type { CorpusFacets, CorpusStats, RolloutPage, RolloutRow } from '../../../common/corpus/corpus-types';
import { firstRolloutsPage } from '../../../common/corpus/first-rollouts-page';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { pageSize, rowAt, useCorpusStore } from './corpus-store';

const initial = useCorpusStore.getState();

/** Answers `rollouts.list` only when the test says, one request at a time. */
function heldPages() {
  const held: { request: RequestOf<'rollouts.list'>; answer(total: number): void }[] = [];
  const answer = (request: RequestOf<'rollouts.list'>) =>
    new Promise<RolloutPage>((resolve) =>
      held.push({
        request,
        answer: (total) => {
          const offset = request.offset ?? 0;
          const count = Math.max(0, Math.min(request.limit ?? pageSize, total - offset));
          const tag = request.grade ?? request.sort ?? 'all';
          resolve({ total, offset, rows: Array.from({ length: count }, (_, i) => ({ id: `${tag}-${offset + i}` }) as RolloutRow) });
        },
      }),
    );
  return { held, answer };
}

const stats = { rollouts: 3 } as CorpusStats;
const facets = { benchmarks: [] } as unknown as CorpusFacets;

beforeEach(() => {
  // No page served with its first rows here (the desktop app's case): the store asks the API.
  vi.stubGlobal('document', { getElementById: () => null, documentElement: { dataset: {} } });
});

afterEach(() => {
  useCorpusStore.setState(initial, true);
  useAppStore.setState({ error: null });
  vi.unstubAllGlobals();
});

describe('corpus store', () => {
  it('asks for the first rows first, in the words serve prefetches, and shows them before the counts come', async () => {
    const pages = heldPages();
    let overview: () => void = () => undefined;
    const counted = new Promise<void>((resolve) => (overview = resolve));
    const fake = installFakeWorkbench({
      'rollouts.list': pages.answer,
      'corpus.stats': async () => (await counted, stats),
      'corpus.facets': async () => (await counted, facets),
    });
    const loading = useCorpusStore.getState().load();
    await settled();
    expect(fake.calls.map((c) => c.name)).toEqual(['rollouts.list', 'corpus.stats', 'corpus.facets']);
    expect(pages.held[0]!.request).toEqual(firstRolloutsPage);
    pages.held[0]!.answer(3);
    await settled();
    expect(useCorpusStore.getState()).toMatchObject({ loaded: true, total: 3, stats: null });
    expect(rowAt(useCorpusStore.getState().pages, 2)?.id).toBe('rollout-2');
    overview();
    await loading;
    expect(useCorpusStore.getState().stats).toEqual(stats);
    await useCorpusStore.getState().load();
    expect(fake.requestsOf('rollouts.list')).toHaveLength(1);
  });

  it("drops the rows of filters left behind, and a sort turns round on the column's second click", async () => {
    const pages = heldPages();
    installFakeWorkbench({ 'rollouts.list': pages.answer });
    useCorpusStore.getState().setFilter('grade', 'wrong');
    useCorpusStore.getState().setFilter('grade', 'correct');
    await settled();
    expect(pages.held.map((h) => h.request.grade)).toEqual(['wrong', 'correct']);
    pages.held[1]!.answer(5);
    pages.held[0]!.answer(9);
    await settled();
    expect(useCorpusStore.getState().total).toBe(5);
    expect(rowAt(useCorpusStore.getState().pages, 0)?.id).toBe('correct-0');

    useCorpusStore.getState().sortBy('score');
    useCorpusStore.getState().sortBy('score');
    await settled();
    expect(pages.held.slice(2).map((h) => [h.request.sort, h.request.direction, h.request.grade])).toEqual([
      ['score', 'asc', 'correct'],
      ['score', 'desc', 'correct'],
    ]);
    expect(useCorpusStore.getState()).toMatchObject({ sort: { key: 'score', direction: 'desc' }, selected: -1, total: null });
  });
});
