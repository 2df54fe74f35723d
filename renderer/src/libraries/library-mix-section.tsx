import { useEffect } from 'react';
import { LoadingState } from '../components/loading-state';
import { FacetSelect } from '../components/facet-select';
import { useLibraryStore } from './library-store';
import { DistanceReadout } from './distance-readout';
import { MixChart } from './mix-chart';

/** A library's category mix against a pool's failure mix: the chart, the distance, and the pool picker. */
export function LibraryMixSection({ library }: { library: string }) {
  const mix = useLibraryStore((s) => (s.mixFor?.library === library ? s.mix : null));
  const pools = useLibraryStore((s) => s.pools);
  const poolCollection = useLibraryStore((s) => s.poolCollection);
  const setPoolCollection = useLibraryStore((s) => s.setPoolCollection);
  const loadMix = useLibraryStore((s) => s.loadMix);

  useEffect(() => {
    void loadMix(library);
  }, [library, loadMix]);

  const poolName = poolCollection === null ? 'every collection' : (pools?.find((p) => p.value === poolCollection)?.label ?? poolCollection);
  return (
    <section className="mix-section" aria-labelledby="mix-title">
      <header className="section-head">
        <h2 id="mix-title">Category mix</h2>
        <span className="muted">
          the library's share of rubrics against the pool's share of failure events, per category · hover a bar for names and counts
        </span>
        <FacetSelect
          label="Pool"
          testId="mix-pool"
          allLabel="All collections"
          value={poolCollection}
          options={(pools ?? []).map((p) => ({ value: p.value, text: `${p.label} (${p.count} rollouts)` }))}
          onChange={setPoolCollection}
        />
      </header>
      {mix ? (
        <div className="mix-body">
          <MixChart mix={mix} />
          <DistanceReadout mix={mix} poolName={poolName} />
        </div>
      ) : (
        <LoadingState label="Computing the mix…" />
      )}
    </section>
  );
}
