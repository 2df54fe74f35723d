import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryMix } from '../../../common/rubrics/rubric-types';
import { installFakeWorkbench, settled } from '../api/fake-workbench';
import { useAppStore } from '../app-state/app-store';
import { useLibraryStore } from './library-store';

function mixOf(total: number): LibraryMix {
  return { library: {}, pool: {}, distance: null, counts: { library: {}, pool: {} }, libraryTotal: total, poolTotal: 0 };
}

/** Answers `libraries.mix` only when the test says, one request at a time, in any order. */
function heldMixes() {
  const held: { request: { library: string; collection?: string }; answer(mix: LibraryMix): void }[] = [];
  const answer = (request: { library: string; collection?: string }) => new Promise<LibraryMix>((resolve) => held.push({ request, answer: resolve }));
  return { held, answer };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.setState({ error: null });
  useLibraryStore.setState({ libraries: null, pools: null, poolCollection: null, mix: null, mixFor: null });
});

describe('library store', () => {
  it('fetches the libraries and pools once for every view that loads them, and again on refresh', async () => {
    const backend = installFakeWorkbench({
      'libraries.list': () => [{ id: 'lib-a' }] as never,
      'corpus.facets': () => ({ collections: [{ value: 'c1', count: 3 }] }) as never,
    });
    await Promise.all([useLibraryStore.getState().load(), useLibraryStore.getState().load()]);
    expect(backend.requestsOf('libraries.list')).toHaveLength(1);
    expect(useLibraryStore.getState()).toMatchObject({ libraries: [{ id: 'lib-a' }], pools: [{ value: 'c1', count: 3 }] });
    await useLibraryStore.getState().refresh();
    expect(backend.requestsOf('libraries.list')).toHaveLength(2);
  });

  it('shows the mix of the library and pool asked for last, dropping a slower answer for one left', async () => {
    const mixes = heldMixes();
    installFakeWorkbench({ 'libraries.mix': mixes.answer });
    void useLibraryStore.getState().loadMix('lib-a');
    void useLibraryStore.getState().loadMix('lib-b');
    useLibraryStore.getState().setPoolCollection('c1');
    await settled();
    expect(mixes.held.map((h) => h.request)).toEqual([{ library: 'lib-a' }, { library: 'lib-b' }, { library: 'lib-b', collection: 'c1' }]);

    mixes.held[2]!.answer(mixOf(3));
    mixes.held[0]!.answer(mixOf(1));
    mixes.held[1]!.answer(mixOf(2));
    await settled();
    expect(useLibraryStore.getState()).toMatchObject({ mixFor: { library: 'lib-b', collection: 'c1' }, mix: { libraryTotal: 3 } });

    // The mix on screen is not fetched again for the same library and pool.
    await useLibraryStore.getState().loadMix('lib-b');
    expect(mixes.held).toHaveLength(3);
  });
});
