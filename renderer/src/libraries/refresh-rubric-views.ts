/** Refetches the taxonomy, libraries, rubric table and retrieval that have been shown, after the corpus changed. */
import { useLibraryStore } from '../stores/library-store';
import { useRetrievalStore } from '../stores/retrieval-store';
import { useRubricTableStore } from '../stores/rubric-table-store';
import { useTaxonomyStore } from '../stores/taxonomy-store';

/** Called on `db:changed`; slices never loaded stay unloaded. */
export function refreshRubricViews(): void {
  if (useTaxonomyStore.getState().taxonomy !== null) void useTaxonomyStore.getState().refresh();
  if (useLibraryStore.getState().libraries !== null) void useLibraryStore.getState().refresh();
  if (useRubricTableStore.getState().filters.library !== null) useRubricTableStore.getState().refresh();
  useRetrievalStore.getState().refresh();
}
