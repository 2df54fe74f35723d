import { useEffect } from 'react';
import { LoadingState } from '../components/loading-state';
import { useCorpusStore } from '../stores/corpus-store';
import { CorpusFilters } from './corpus-filters';
import { CorpusSummary } from './corpus-summary';
import { RolloutTable } from './rollout-table';

/** Screen 1: every rollout of the corpus, filtered by facets, in a virtualised table. */
export function CorpusScreen() {
  const loaded = useCorpusStore((s) => s.loaded);
  const load = useCorpusStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="screen corpus-screen" data-testid="corpus-screen">
      <header className="screen-header">
        <h1>Corpus</h1>
        <CorpusSummary />
      </header>
      {loaded ? (
        <>
          <CorpusFilters />
          <RolloutTable />
        </>
      ) : (
        <LoadingState label="Loading the corpus…" />
      )}
    </div>
  );
}
