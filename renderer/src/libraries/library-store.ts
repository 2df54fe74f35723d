/**
 * Libraries and pools: the frozen libraries of the corpus, the collections a pool can be
 * drawn from, and the category mix of one library against one pool (Libraries screen).
 */
import { create } from 'zustand';
import type { FacetCount } from '../../../common/corpus/corpus-types';
import type { LibraryMix, LibrarySummary } from '../../../common/rubrics/rubric-types';
import { api } from '../api/bridge';
import { latestRequest } from '../api/latest-request';
import { reportError } from '../app-state/app-store';

/** A library's mix against a pool; `collection` null is the pool of every collection. */
export interface MixRequest {
  library: string;
  collection: string | null;
}

interface LibraryState {
  libraries: LibrarySummary[] | null;
  /** Collections a pool can be restricted to. */
  pools: FacetCount[] | null;
  /** The pool the Libraries screen compares against; null is every collection. */
  poolCollection: string | null;
  /** The mix on screen and what it answers; null while it loads. */
  mix: LibraryMix | null;
  mixFor: MixRequest | null;
  load(): Promise<void>;
  refresh(): Promise<void>;
  setPoolCollection(collection: string | null): void;
  /** Fetches the mix of `library` against the current pool, unless it is already shown. */
  loadMix(library: string): Promise<void>;
}

let firstLoad: Promise<void> | null = null;
/** A slower mix for a library or pool the user has since left is dropped. */
const mixRequests = latestRequest();

function sameRequest(a: MixRequest | null, b: MixRequest): boolean {
  return a !== null && a.library === b.library && a.collection === b.collection;
}

/** The library slice. */
export const useLibraryStore = create<LibraryState>()((set, get) => {
  async function fetchLists(): Promise<void> {
    try {
      const [libraries, facets] = await Promise.all([api('libraries.list', {}), api('corpus.facets', {})]);
      set({ libraries, pools: facets.collections });
    } catch (err) {
      reportError(err);
    }
  }

  async function fetchMix(request: MixRequest): Promise<void> {
    set({ mix: null, mixFor: request });
    await mixRequests.send(
      () => api('libraries.mix', { library: request.library, ...(request.collection ? { collection: request.collection } : {}) }),
      (mix) => set({ mix }),
      reportError,
    );
  }

  return {
    libraries: null,
    pools: null,
    poolCollection: null,
    mix: null,
    mixFor: null,
    load() {
      firstLoad ??= fetchLists();
      return firstLoad;
    },
    async refresh() {
      firstLoad = fetchLists();
      await firstLoad;
      const shown = get().mixFor;
      if (shown) await fetchMix(shown);
    },
    setPoolCollection(collection) {
      set({ poolCollection: collection });
      const shown = get().mixFor;
      if (shown) void fetchMix({ library: shown.library, collection });
    },
    async loadMix(library) {
      const request = { library, collection: get().poolCollection };
      if (sameRequest(get().mixFor, request)) return;
      await fetchMix(request);
    },
  };
});
