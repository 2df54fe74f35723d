import { Allowed } from '../people/allowed';
import { useEffect } from 'react';
import { LoadingState } from '../components/loading-state';
import { ImportButton } from '../import';
import { useCorpusStore } from './corpus-store';
import { useSearchStore } from './search-store';
import { CorpusFilters } from './corpus-filters';
import { CorpusSummary } from './corpus-summary';
import { RolloutTable } from './rollout-table';
import { SearchResults } from './search-results';

/**
 * Screen 1: every rollout of the corpus, filtered by facets, in a virtualised table; while a
 * search query is active, the matching steps instead.
 */
export function CorpusScreen() {
  const loaded = useCorpusStore((s) => s.loaded);
  const load = useCorpusStore((s) => s.load);
  const searching = useSearchStore((s) => s.query.trim() !== '');
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="screen corpus-screen" data-testid="corpus-screen">
      <header className="screen-header">
        <h1>Corpus</h1>
        <CorpusSummary />
        <Allowed op="import.files">
          <ImportButton />
        </Allowed>
      </header>
      {loaded ? (
        <>
          <CorpusFilters />
          {searching ? <SearchResults /> : <RolloutTable />}
        </>
      ) : (
        <LoadingState label="Loading the corpus…" />
      )}
    </div>
  );
}
