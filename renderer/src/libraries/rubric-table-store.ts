/**
 * The Libraries screen's rubric table: one library's rubrics under category, family and
 * text filters, fetched as pages by offset as they scroll into view. Typing in the search
 * box is debounced; answers for an older filter set are dropped.
 */
import { create } from 'zustand';
import type { RubricFamily, RubricRow } from '../../../common/rubrics/rubric-types';
import { api } from '../api/bridge';
import { reportError } from '../app-state/app-store';
import { pageFetcher, rowOnPage, type PagedRows } from '../lib/paged-rows';

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

interface RubricTableState extends PagedRows<RubricRow> {
  filters: RubricFilters;
  setLibrary(library: string): void;
  setCategory(category: string | null): void;
  setFamily(family: RubricFamily | null): void;
  setQuery(query: string): void;
  ensureRows(start: number, end: number): void;
  refresh(): void;
}

/** The row at `index`, if its page has arrived. */
export function rubricRowAt(pages: Record<number, RubricRow[]>, index: number): RubricRow | undefined {
  return rowOnPage(pages, rubricPageSize, index);
}

let timer: ReturnType<typeof setTimeout> | null = null;

/** The rubric table slice. */
export const useRubricTableStore = create<RubricTableState>()((set, get) => {
  const { fetchPage, ensureRows } = pageFetcher<RubricRow>({
    pageSize: rubricPageSize,
    get,
    set,
    fetch(offset, limit) {
      const { filters } = get();
      if (filters.library === null) return null;
      const query = filters.query.trim();
      return api('rubrics.list', {
        library: filters.library,
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.family ? { family: filters.family } : {}),
        ...(query ? { query } : {}),
        offset,
        limit,
      });
    },
    onError: reportError,
  });

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
    ensureRows,
    refresh() {
      apply({});
    },
  };
});
