/**
 * The corpus screen's slice: corpus counts, facets, filters, and the rollout table as pages
 * of rows fetched by offset on demand, so a corpus of 100k rollouts loads only what is seen.
 */
import { create } from 'zustand';
import type { CorpusFacets, CorpusStats, FailureKind, Grade, RolloutRow } from '../../../common/corpus/corpus-types';
import { firstRolloutsPage } from '../../../common/corpus/first-rollouts-page';
import type { RolloutSortKey, SortDirection } from '../../../common/corpus/rollout-list';
import { api } from '../api/bridge';
import { reportError, useAppStore } from '../app-state/app-store';
import { pageFetcher, rowOnPage, type PagedRows } from '../lib/paged-rows';
import { takePageFirstRows } from './page-first-rows';

/** Rows fetched per `rollouts.list` call. */
export const pageSize = firstRolloutsPage.limit;

/** The table's filters; null means "all". */
export interface CorpusFilters {
  benchmark: string | null;
  collection: string | null;
  grade: Grade | 'ungraded' | null;
  agent: string | null;
  task: string | null;
  /** The first failure's exception class. */
  exception: string | null;
  kind: FailureKind | null;
}

/** The column the server sorts the table by, and which way. */
export interface CorpusSort {
  key: RolloutSortKey;
  direction: SortDirection;
}

interface CorpusState extends PagedRows<RolloutRow> {
  stats: CorpusStats | null;
  facets: CorpusFacets | null;
  filters: CorpusFilters;
  sort: CorpusSort;
  /** Index of the selected row in the filtered list, or -1. */
  selected: number;
  /** Whether the screen's first data has arrived. */
  loaded: boolean;
  load(): Promise<void>;
  refresh(): Promise<void>;
  setFilter<K extends keyof CorpusFilters>(key: K, value: CorpusFilters[K]): void;
  /** Sorts by a column: a new column ascending, the current one the other way round. */
  sortBy(key: RolloutSortKey): void;
  ensureRows(start: number, end: number): void;
  select(index: number): void;
}

let firstLoad: Promise<void> | null = null;

/** The row at `index` of the filtered list, if its page has been loaded. */
export function rowAt(pages: Record<number, RolloutRow[]>, index: number): RolloutRow | undefined {
  return rowOnPage(pages, pageSize, index);
}

/** The corpus slice. */
export const useCorpusStore = create<CorpusState>()((set, get) => {
  const { fetchPage, ensureRows } = pageFetcher<RolloutRow>({
    pageSize,
    get,
    set,
    fetch(offset, limit) {
      const { filters, sort } = get();
      const request = { ...definedFilters(filters), sort: sort.key, direction: sort.direction, offset, limit };
      const carried = takePageFirstRows(request);
      return carried ? Promise.resolve(carried) : api('rollouts.list', request);
    },
    onError: reportError,
  });

  async function fetchOverview(): Promise<void> {
    try {
      const [stats, facets] = await Promise.all([api('corpus.stats', {}), api('corpus.facets', {})]);
      set({ stats, facets });
    } catch (err) {
      reportError(err);
    }
  }

  function invalidateRows(): void {
    set((s) => ({ pages: {}, generation: s.generation + 1 }));
  }

  return {
    stats: null,
    facets: null,
    filters: { benchmark: null, collection: null, grade: null, agent: null, task: null, exception: null, kind: null },
    sort: { key: firstRolloutsPage.sort, direction: firstRolloutsPage.direction },
    total: null,
    pages: {},
    generation: 0,
    selected: -1,
    loaded: false,
    load() {
      // Screens mount more than once (StrictMode, navigation); the first load happens once. The
      // rows are asked for first and shown as soon as they come: the counts and facets around
      // them (slower on a big corpus) fill in when they arrive.
      firstLoad ??= (async () => {
        const rows = fetchPage(0);
        const overview = fetchOverview();
        await rows;
        set({ loaded: true });
        await overview;
        useAppStore.getState().markReady();
      })();
      return firstLoad;
    },
    async refresh() {
      invalidateRows();
      await Promise.all([fetchOverview(), fetchPage(0)]);
    },
    setFilter(key, value) {
      set((s) => ({ filters: { ...s.filters, [key]: value }, total: null, selected: -1 }));
      invalidateRows();
      void fetchPage(0);
    },
    sortBy(key) {
      set((s) => ({
        sort: { key, direction: s.sort.key === key && s.sort.direction === 'asc' ? 'desc' : 'asc' },
        total: null,
        selected: -1,
      }));
      invalidateRows();
      void fetchPage(0);
    },
    ensureRows,
    select(index) {
      set({ selected: index });
    },
  };
});

/** The filters as request fields: "all" is the field left out. */
export function definedFilters(filters: CorpusFilters) {
  return {
    ...(filters.benchmark ? { benchmark: filters.benchmark } : {}),
    ...(filters.collection ? { collection: filters.collection } : {}),
    ...(filters.grade ? { grade: filters.grade } : {}),
    ...(filters.agent ? { agent: filters.agent } : {}),
    ...(filters.task ? { task: filters.task } : {}),
    ...(filters.exception ? { exception: filters.exception } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
  };
}
