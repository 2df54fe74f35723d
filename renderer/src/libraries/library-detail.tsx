import { useEffect } from 'react';
import type { LibrarySummary } from '../../../common/rubrics/rubric-types';
import { useRubricTableStore } from './rubric-table-store';
import { LibraryBuildSection } from './library-build-section';
import { LibraryMixSection } from './library-mix-section';
import { PrecisionRecall } from './precision-recall';
import { RubricFilters } from './rubric-filters';
import { RubricTable } from './rubric-table';

/** The selected library: its mix against the pool, its precision and recall, how it was built, then its rubrics. */
export function LibraryDetail({ library }: { library: LibrarySummary }) {
  const setLibrary = useRubricTableStore((s) => s.setLibrary);
  useEffect(() => {
    setLibrary(library.id);
  }, [library.id, setLibrary]);

  return (
    <div className="library-detail" data-testid="library-detail" data-library-id={library.id}>
      <LibraryMixSection library={library.id} />
      <PrecisionRecall library={library.id} />
      <LibraryBuildSection library={library.id} />
      <section className="library-rubrics" aria-labelledby="library-rubrics-title">
        <header className="section-head">
          <h2 id="library-rubrics-title">Rubrics of {library.name}</h2>
        </header>
        <RubricFilters library={library.id} />
        <RubricTable />
      </section>
    </div>
  );
}
