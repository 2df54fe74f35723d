/**
 * The Libraries screen's rubric table: one library's rubrics under category, family and
 * text filters, fetched as pages by offset as they scroll into view. Typing in the search
 * box is debounced; answers for an older filter set are dropped.
 */
import { create } from 'zustand';
import type { RubricFamily, RubricRow } from '../../../common/rubrics/rubric-types';
import { api } from '../api/bridge';
import { reportError } from './app-store';

/** Rows fetched per `rubrics.list` call. */
export const rubricPageSize = 200;
/** Quiet time after the last keystroke before the search is sent. */
const debounceMs = 200;

/** The table's filters; null (or an empty query) means "all". */
export interface RubricFilters {
  library: string | null;
  category: string | null;
  family: RubricFamily | null;
  query: string;
}

interface RubricTableState {
  filters: RubricFilters;
  /** Rubrics matching the filters; null until the first page of this filter set arrives. */
  total: number | null;
  pages: Record<number, RubricRow[]>;
  /** Bumped whenever the rows are invalidated. */
  generation: number;
  setLibrary(library: string): void;
  setCategory(category: string | null): void;
  setFamily(family: RubricFamily | null): void;
  setQuery(query: string): void;
  ensureRows(start: number, end: number): void;
  refresh(): void;
}

/** The row at `index`, if its page has arrived. */
export function rubricRowAt(pages: Record<number, RubricRow[]>, index: number): RubricRow | undefined {
  return pages[Math.floor(index / rubricPageSize)]?.[index % rubricPageSize];
}

const pending = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** The rubric table slice. */
export const useRubricTableStore = create<RubricTableState>()((set, get) => {
  async function fetchPage(page: number): Promise<void> {
    const { generation, filters } = get();
    const key = `${generation}:${page}`;
    if (filters.library === null || pending.has(key) || get().pages[page]) return;
    pending.add(key);
    try {
      const query = filters.query.trim();
      const result = await api('rubrics.list', {
        library: filters.library,
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.family ? { family: filters.family } : {}),
        ...(query ? { query } : {}),
        offset: page * rubricPageSize,
        limit: rubricPageSize,
      });
      if (get().generation !== generation) return;
      set((s) => ({ total: result.total, pages: { ...s.pages, [page]: result.rows } }));
    } catch (err) {
      if (get().generation === generation) reportError(err);
    } finally {
      pending.delete(key);
    }
  }

  function apply(filters: Partial<RubricFilters>): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    set((s) => ({ filters: { ...s.filters, ...filters }, total: null, pages: {}, generation: s.generation + 1 }));
    void fetchPage(0);
  }

  return {
    filters: { library: null, category: null, family: null, query: '' },
    total: null,
    pages: {},
    generation: 0,
    setLibrary(library) {
      // Another library starts unfiltered: its categories and words are not the last one's.
      if (get().filters.library !== library) apply({ library, category: null, family: null, query: '' });
    },
    setCategory(category) {
      apply({ category });
    },
    setFamily(family) {
      apply({ family });
    },
    setQuery(query) {
      set((s) => ({ filters: { ...s.filters, query } }));
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => apply({}), debounceMs);
    },
    ensureRows(start, end) {
      const total = get().total;
      const last = total === null ? start : Math.min(end, total - 1);
      for (let page = Math.floor(start / rubricPageSize); page <= Math.floor(last / rubricPageSize); page++) void fetchPage(page);
    },
    refresh() {
      apply({});
    },
  };
});
