/**
 * The corpus screen's step search: the query as typed, and the hits for it under the
 * screen's benchmark, collection and grade filters, with why they are newest first when they
 * are not ranked. Typing is debounced; an answer that arrives after a newer request was sent is dropped.
 */
import { create } from 'zustand';
import type { NewestFirstSearch, SearchHit, SearchResult } from '../../../common/search/search-types';
import { api } from '../api/bridge';
import { latestRequest } from '../api/latest-request';
import type { Route } from '../router/route';
import { reportError } from '../app-state/app-store';
import { definedFilters, useCorpusStore } from './corpus-store';

/** Quiet time after the last keystroke before the query is sent. */
export const debounceMs = 200;
/** Hits asked for; the list says so when the answer is this long (there may be more). */
export const searchLimit = 200;

/** A hit on a step (the screen does not ask for rubric hits). */
export type StepHit = SearchHit & { rollout: string; step: number };

/** Why the hits are newest first rather than ranked by relevance. */
export type Unranked = Omit<NewestFirstSearch, 'ranking' | 'hits'>;

function unrankedOf(result: SearchResult): Unranked | null {
  if (result.ranking === 'bm25') return null;
  const { reason, matches, commonWords, wholeWord } = result;
  return { reason, matches, commonWords, wholeWord };
}

/** Where a hit opens: its rollout, at its step. */
export function hitRoute(hit: StepHit): Route {
  return { name: 'rollout', id: hit.rollout, step: hit.step };
}

interface SearchState {
  /** What is in the search box. */
  query: string;
  /** Hits for `answered`; null before the first answer of this search. */
  hits: StepHit[] | null;
  /** Null when the hits are ranked by relevance (or not answered yet). */
  unranked: Unranked | null;
  /** The query (trimmed) the hits answer. */
  answered: string;
  /** True while a request is scheduled or in flight, so Enter does not open a stale hit. */
  pending: boolean;
  /** Index of the selected hit, or -1. */
  selected: number;
  setQuery(query: string): void;
  clear(): void;
  /** Sends the query now if it or the filters changed since the last answer. */
  flush(): void;
  /** Sends the query again even if nothing changed (the corpus did). */
  refresh(): Promise<void>;
  select(index: number): void;
}

let timer: ReturnType<typeof setTimeout> | null = null;
/** What the hits on screen (or in flight) were asked for: query and filters. */
let requestedKey: string | null = null;
const searches = latestRequest();

function cancelTimer(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

/** The search slice. */
export const useSearchStore = create<SearchState>()((set, get) => {
  async function run(force: boolean): Promise<void> {
    cancelTimer();
    const query = get().query.trim();
    if (query === '') return;
    const filters = useCorpusStore.getState().filters;
    const key = JSON.stringify([query, filters]);
    if (!force && key === requestedKey) {
      set({ pending: false });
      return;
    }
    requestedKey = key;
    set({ pending: true });
    await searches.send(
      () => api('search.query', { query, ...definedFilters(filters), limit: searchLimit }),
      (result) => {
        const stepHits = result.hits.filter((h): h is StepHit => h.rollout !== null && h.step !== null);
        set({ hits: stepHits, unranked: unrankedOf(result), answered: query, pending: false, selected: stepHits.length > 0 ? 0 : -1 });
      },
      (err) => {
        requestedKey = null;
        set({ pending: false });
        reportError(err);
      },
    );
  }

  // A filter change re-asks at once: the user chose it, there is nothing to wait for.
  useCorpusStore.subscribe((corpus, previous) => {
    if (corpus.filters !== previous.filters && get().query.trim() !== '') void run(false);
  });

  return {
    query: '',
    hits: null,
    unranked: null,
    answered: '',
    pending: false,
    selected: -1,
    setQuery(query) {
      cancelTimer();
      if (query.trim() === '') {
        get().clear();
        return;
      }
      set({ query, pending: true });
      timer = setTimeout(() => void run(false), debounceMs);
    },
    clear() {
      cancelTimer();
      requestedKey = null;
      searches.drop();
      set({ query: '', hits: null, unranked: null, answered: '', pending: false, selected: -1 });
    },
    flush() {
      void run(false);
    },
    refresh() {
      return run(true);
    },
    select(index) {
      const count = get().hits?.length ?? 0;
      if (count > 0) set({ selected: Math.min(count - 1, Math.max(0, index)) });
    },
  };
});
