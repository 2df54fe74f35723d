import type { TooltipPayload } from 'recharts';
import { formatShare } from '../rubrics';
import { mixColors } from './mix-colors';
import type { MixRow } from './mix-data';

/** What the chart passes about the hovered category, plus the totals that make the counts readable. */
export interface MixTooltipProps {
  active: boolean;
  payload: TooltipPayload;
  libraryTotal: number;
  poolTotal: number;
}

/** The hovered category: its name, and each side's share with the count it comes from. */
export function MixTooltip({ active, payload, libraryTotal, poolTotal }: MixTooltipProps) {
  const row = payload[0]?.payload as MixRow | undefined;
  if (!active || !row) return null;
  return (
    <div className="mix-tooltip" data-testid="mix-tooltip">
      <div className="mix-tooltip-title">
        <span className="category-code">{row.code}</span> {row.name}
      </div>
      <div>
        <span className="swatch" style={{ background: mixColors.library }} /> Library {formatShare(row.library)}{' '}
        <span className="muted">
          ({row.libraryCount} of {libraryTotal} rubrics)
        </span>
      </div>
      <div>
        <span className="swatch" style={{ background: mixColors.pool }} /> Pool {formatShare(row.pool)}{' '}
        <span className="muted">
          ({row.poolCount} of {poolTotal} failure events)
        </span>
      </div>
    </div>
  );
}
