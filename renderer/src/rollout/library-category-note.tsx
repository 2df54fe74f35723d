import { useEffect, useState } from 'react';
import { api } from '../api/bridge';
import { latestRequest } from '../api/latest-request';
import { CategoryBadge } from '../rubrics';
import { reportError } from '../app-state/app-store';
import { useLibraryStore, useRetrievalStore } from '../libraries';
import { categoryGap, type LibraryCategoryCount } from './category-gap';

/**
 * Says when the chosen library has no rubric in the failure's category (its slots then go to
 * other categories, which reads as if the panel answered the step) and offers the library with
 * the most rubrics there, one click or Enter away.
 */
export function LibraryCategoryNote({ category }: { category: string }) {
  const libraries = useLibraryStore((s) => s.libraries);
  const library = useRetrievalStore((s) => s.settings.library);
  const setLibrary = useRetrievalStore((s) => s.setLibrary);
  const [counted, setCounted] = useState<{ category: string; counts: LibraryCategoryCount[] } | null>(null);
  // Counts asked for a category or libraries since changed are never shown.
  const [countings] = useState(latestRequest);

  useEffect(() => {
    if (!libraries) return;
    void countings.send(
      () =>
        Promise.all(libraries.map(async (l) => ({ id: l.id, name: l.name, count: (await api('rubrics.list', { library: l.id, category, limit: 1 })).total }))),
      (counts) => setCounted({ category, counts }),
      reportError,
    );
    return () => countings.drop();
  }, [libraries, category, countings]);

  if (library === null || counted?.category !== category) return null;
  const gap = categoryGap(category, library, counted.counts);
  if (gap === null) return null;
  return (
    <div className="category-gap" role="note" data-testid="category-gap" data-category={category}>
      The chosen library has no rubric in <CategoryBadge code={category} withName />, the category of this failure: the cards below are from other categories.{' '}
      {gap.offer ? (
        <button type="button" className="link-button" data-testid="category-gap-offer" data-library={gap.offer.id} onClick={() => setLibrary(gap.offer!.id)}>
          Use {gap.offer.name} ({gap.offer.count} {gap.offer.count === 1 ? 'rubric' : 'rubrics'} in {category})
        </button>
      ) : (
        <span className="muted">No library of this corpus has one.</span>
      )}
    </div>
  );
}
