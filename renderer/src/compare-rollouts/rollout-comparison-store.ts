/**
 * The Compare rollouts screen's slice: each compared rollout's step rows, fetched a page at a
 * time as the aligned rows scroll into view (the alignment itself holds only step positions),
 * and the rollout marked on the Corpus screen to compare with the next one.
 */
import { create } from 'zustand';
import type { StepRow } from '../../../common/corpus/corpus-types';
import { api } from '../api/bridge';
import { reportError } from '../app-state/app-store';
import { pageFetcher, rowOnPage, type PagedRows, type PageFetcher } from '../lib/paged-rows';

/** Step rows a page; a 10,000-step rollout shows its first rows after one page of each side. */
export const stepPageSize = 200;

interface RolloutComparisonState {
  /** Step rows by rollout id, paged by position. */
  steps: Record<string, PagedRows<StepRow>>;
  /** The rollout marked on the Corpus screen (`c`); the next one marked opens the comparison. */
  marked: string | null;
  /** Fetches the pages of `rollout` holding positions `start` to `end` of its `total` steps. */
  ensureSteps(rollout: string, total: number, start: number, end: number): void;
  /** Forgets fetched rows after the corpus changed. */
  invalidate(): void;
  mark(id: string | null): void;
}

const fetchers = new Map<string, PageFetcher>();

export const useRolloutComparisonStore = create<RolloutComparisonState>()((set, get) => {
  function fetcherOf(rollout: string, total: number): PageFetcher {
    let fetcher = fetchers.get(rollout);
    if (!fetcher) {
      fetcher = pageFetcher<StepRow>({
        pageSize: stepPageSize,
        get: () => get().steps[rollout] ?? { total, pages: {}, generation: 0 },
        set: (update) =>
          set((s) => {
            const current = s.steps[rollout] ?? { total, pages: {}, generation: 0 };
            return { steps: { ...s.steps, [rollout]: { ...current, ...update(current) } } };
          }),
        fetch: (offset, limit) => api('steps.list', { rollout, offset, limit }).then((rows) => ({ total, rows })),
        onError: reportError,
      });
      fetchers.set(rollout, fetcher);
    }
    return fetcher;
  }

  return {
    steps: {},
    marked: null,
    ensureSteps(rollout, total, start, end) {
      if (!get().steps[rollout]) set((s) => ({ steps: { ...s.steps, [rollout]: { total, pages: {}, generation: 0 } } }));
      fetcherOf(rollout, total).ensureRows(start, end);
    },
    invalidate() {
      set((s) => ({
        steps: Object.fromEntries(Object.entries(s.steps).map(([id, rows]) => [id, { total: rows.total, pages: {}, generation: rows.generation + 1 }])),
      }));
    },
    mark(id) {
      set({ marked: id });
    },
  };
});

/** The step at `position` of a rollout's paged rows, if its page has arrived. */
export function stepAt(rows: PagedRows<StepRow> | undefined, position: number | null): StepRow | undefined {
  return position === null || !rows ? undefined : rowOnPage(rows.pages, stepPageSize, position);
}
