/**
 * The corpus screen's slice: corpus counts, facets, filters, and the rollout table as pages
 * of rows fetched by offset on demand, so a corpus of 100k rollouts loads only what is seen.
 */
import { create } from 'zustand';
import type { CorpusFacets, CorpusStats, FailureKind, Grade, RolloutRow } from '../../../common/corpus/corpus-types';
import type { RolloutSortKey, SortDirection } from '../../../common/corpus/rollout-list';
import { api } from '../api/bridge';
import { reportError, useAppStore } from './app-store';

/** Rows fetched per `rollouts.list` call. */
export const pageSize = 200;

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

interface CorpusState {
  stats: CorpusStats | null;
  facets: CorpusFacets | null;
  filters: CorpusFilters;
  sort: CorpusSort;
  /** Rollouts matching the filters; null until the first page of this filter set arrives. */
  total: number | null;
  /** Loaded pages by page number. */
  pages: Record<number, RolloutRow[]>;
  /** Bumped whenever the rows are invalidated, so late answers for old filters are dropped. */
  generation: number;
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

const pending = new Set<string>();
let firstLoad: Promise<void> | null = null;

/** The row at `index` of the filtered list, if its page has been loaded. */
export function rowAt(pages: Record<number, RolloutRow[]>, index: number): RolloutRow | undefined {
  return pages[Math.floor(index / pageSize)]?.[index % pageSize];
}

/** The corpus slice. */
export const useCorpusStore = create<CorpusState>()((set, get) => {
  async function fetchPage(page: number): Promise<void> {
    const { generation, filters, sort } = get();
    const key = `${generation}:${page}`;
    if (pending.has(key) || get().pages[page]) return;
    pending.add(key);
    try {
      const request = { ...definedFilters(filters), sort: sort.key, direction: sort.direction, offset: page * pageSize, limit: pageSize };
      const result = await api('rollouts.list', request);
      if (get().generation !== generation) return;
      set((s) => ({ total: result.total, pages: { ...s.pages, [page]: result.rows } }));
    } catch (err) {
      if (get().generation === generation) reportError(err);
    } finally {
      pending.delete(key);
    }
  }

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
    sort: { key: 'rollout', direction: 'asc' },
    total: null,
    pages: {},
    generation: 0,
    selected: -1,
    loaded: false,
    load() {
      // Screens mount more than once (StrictMode, navigation); the first load happens once.
      firstLoad ??= Promise.all([fetchOverview(), fetchPage(0)]).then(() => {
        set({ loaded: true });
        useAppStore.getState().markReady();
      });
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
    ensureRows(start, end) {
      const total = get().total;
      const last = total === null ? start : Math.min(end, total - 1);
      for (let page = Math.floor(start / pageSize); page <= Math.floor(last / pageSize); page++) void fetchPage(page);
    },
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
