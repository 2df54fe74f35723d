import type { LibraryMix } from '../../../common/rubrics/rubric-types';
import { formatCount } from '../lib/format';

/** The distance between the two mixes, large, with what it means and what it was computed from. */
export function DistanceReadout({ mix, poolName }: { mix: LibraryMix; poolName: string }) {
  return (
    <div className="distance-readout">
      <div className="box-label">Distance to the pool's mix</div>
      <div className="distance-value" data-testid="mix-distance" data-distance={mix.distance ?? ''}>
        {mix.distance === null ? '—' : mix.distance.toFixed(1)}
      </div>
      <p className="distance-definition">
        Total variation × 100: half the sum over categories of |library share − pool share|. 0 is the same mix, 100 no overlap.
      </p>
      <p className="muted">
        {formatCount(mix.libraryTotal)} rubrics against {formatCount(mix.poolTotal)} failure events of {poolName}.
        {mix.distance === null && ' One side has no rows, so there is no distance.'}
      </p>
    </div>
  );
}
