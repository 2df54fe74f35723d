/**
 * Rubric details (text, support, libraries, labels) by id, fetched when a card or the detail
 * page first needs one, and fetched again when the corpus changes.
 */
import { create } from 'zustand';
import type { RubricDetail } from '../../../common/rubrics/rubric-types';
import { toErrorData, type ApiErrorData } from '../../../common/errors';
import { api } from '../api/bridge';

interface RubricState {
  details: Record<string, RubricDetail>;
  /** Why a rubric could not be loaded, by id; shown where the rubric would be. */
  failures: Record<string, ApiErrorData>;
  load(id: string): Promise<void>;
  /** Fetches every rubric already seen again (the corpus changed). */
  refresh(): Promise<void>;
}

const pending = new Set<string>();
let generation = 0;

/** The rubric detail slice. */
export const useRubricStore = create<RubricState>()((set, get) => {
  async function fetchRubric(id: string): Promise<void> {
    const mine = generation;
    pending.add(id);
    try {
      const detail = await api('rubrics.get', { id });
      if (mine !== generation) return;
      set((s) => {
        const failures = { ...s.failures };
        delete failures[id];
        return { details: { ...s.details, [id]: detail }, failures };
      });
    } catch (err) {
      if (mine !== generation) return;
      set((s) => {
        const details = { ...s.details };
        delete details[id];
        return { details, failures: { ...s.failures, [id]: toErrorData(err) } };
      });
    } finally {
      pending.delete(id);
    }
  }

  return {
    details: {},
    failures: {},
    async load(id) {
      if (get().details[id] || get().failures[id] || pending.has(id)) return;
      await fetchRubric(id);
    },
    async refresh() {
      // The old text stays on screen until the new arrives; answers to older requests are dropped.
      generation++;
      pending.clear();
      const ids = [...Object.keys(get().details), ...Object.keys(get().failures)];
      await Promise.all(ids.map(fetchRubric));
    },
  };
});
