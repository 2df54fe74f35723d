/** Refetches the taxonomy, libraries, rubric table and retrieval that have been shown, after the corpus changed. */
import { useLibraryStore } from './library-store';
import { useRetrievalStore } from './retrieval-store';
import { useRubricTableStore } from './rubric-table-store';
import { useTaxonomyStore } from '../rubrics';

/** Called on `db:changed`; slices never loaded stay unloaded. */
export function refreshRubricViews(): void {
  if (useTaxonomyStore.getState().taxonomy !== null) void useTaxonomyStore.getState().refresh();
  if (useLibraryStore.getState().libraries !== null) void useLibraryStore.getState().refresh();
  if (useRubricTableStore.getState().filters.library !== null) useRubricTableStore.getState().refresh();
  useRetrievalStore.getState().refresh();
}
