/** The rows of the mix chart, built from the backend's mix without recomputing any share. */
import type { LibraryMix, Taxonomy } from '../../../common/rubrics/rubric-types';
import { taxonomyOrder } from '../rubrics';

/** One category of the chart: both sides' shares and the counts behind them. */
export interface MixRow {
  code: string;
  name: string;
  library: number;
  pool: number;
  /** The shares in percent, for the bars: the axis then gets round ticks (4%, 8%, ...). */
  libraryPercent: number;
  poolPercent: number;
  libraryCount: number;
  poolCount: number;
}

/**
 * Every taxonomy category (an empty one is information too: a gap in the library or the
 * pool), plus any other key either side has, in taxonomy order.
 */
export function mixRows(mix: LibraryMix, taxonomy: Taxonomy | null): MixRow[] {
  const names = new Map(taxonomy?.categories.map((c) => [c.code, c.name]) ?? []);
  const codes = taxonomyOrder([...names.keys(), ...Object.keys(mix.library), ...Object.keys(mix.pool)], taxonomy);
  return codes.map((code) => {
    const library = mix.library[code] ?? 0;
    const pool = mix.pool[code] ?? 0;
    return {
      code,
      name: names.get(code) ?? (code === 'uncategorised' ? 'No category' : code),
      library,
      pool,
      libraryPercent: library * 100,
      poolPercent: pool * 100,
      libraryCount: mix.counts.library[code] ?? 0,
      poolCount: mix.counts.pool[code] ?? 0,
    };
  });
}
