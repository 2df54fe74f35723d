import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { LibraryMix } from '../../../common/rubrics/rubric-types';
import { useTaxonomyStore } from '../rubrics';
import { mixColors } from './mix-colors';
import { mixRows } from './mix-data';
import { MixTooltip } from './mix-tooltip';

const percent = (value: number) => `${value}%`;
/** Legend text in the text colour: Recharts colours it like its series, and the orange fails contrast as text. */
const legendText = (value: string) => <span className="mix-legend-text">{value}</span>;

/**
 * The library's share of rubrics per category beside the pool's share of failure events, as
 * grouped bars in taxonomy order. Arrow keys move the tooltip across categories when the
 * chart has focus.
 */
export function MixChart({ mix }: { mix: LibraryMix }) {
  const taxonomy = useTaxonomyStore((s) => s.taxonomy);
  const rows = useMemo(() => mixRows(mix, taxonomy), [mix, taxonomy]);
  return (
    <figure className="mix-chart" data-testid="mix-chart" aria-label="Category mix of the library against the pool">
      <BarChart responsive data={rows} barGap={1} barCategoryGap="18%" margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: '100%', height: 250 }}>
        <CartesianGrid vertical={false} stroke="var(--chart-grid)" />
        <XAxis dataKey="code" interval={0} tick={{ fontSize: 11, fill: 'var(--chart-tick)' }} tickLine={false} />
        <YAxis tickFormatter={percent} allowDecimals={false} width={40} tick={{ fontSize: 11, fill: 'var(--muted)' }} axisLine={false} tickLine={false} />
        <Tooltip
          cursor={{ fill: 'var(--chart-cursor)' }}
          isAnimationActive={false}
          content={({ active, payload }) => <MixTooltip active={active} payload={payload} libraryTotal={mix.libraryTotal} poolTotal={mix.poolTotal} />}
        />
        <Legend verticalAlign="top" align="right" height={24} iconType="square" wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
        <Bar dataKey="libraryPercent" name="Library (share of rubrics)" fill={mixColors.library} isAnimationActive={false} />
        <Bar dataKey="poolPercent" name="Pool (share of failure events)" fill={mixColors.pool} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
