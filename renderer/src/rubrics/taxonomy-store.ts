/**
 * The failure-category taxonomy, loaded once and shared by every screen that names a category:
 * codes alone mean little to a reader, so badges, tables and charts look names up here.
 */
import { create } from 'zustand';
import type { Taxonomy, TaxonomyCategory } from '../../../common/rubrics/rubric-types';
import { api } from '../api/bridge';
import { reportError } from '../app-state/app-store';

interface TaxonomyState {
  taxonomy: Taxonomy | null;
  /** Categories by code, for name lookups. */
  byCode: Record<string, TaxonomyCategory>;
  load(): Promise<void>;
  refresh(): Promise<void>;
}

let firstLoad: Promise<void> | null = null;

/** The taxonomy slice. */
export const useTaxonomyStore = create<TaxonomyState>()((set) => {
  async function fetchTaxonomy(): Promise<void> {
    try {
      const taxonomy = await api('taxonomy.get', {});
      set({ taxonomy, byCode: Object.fromEntries(taxonomy.categories.map((c) => [c.code, c])) });
    } catch (err) {
      reportError(err);
    }
  }

  return {
    taxonomy: null,
    byCode: {},
    load() {
      firstLoad ??= fetchTaxonomy();
      return firstLoad;
    },
    refresh() {
      firstLoad = fetchTaxonomy();
      return firstLoad;
    },
  };
});
