import { memo } from 'react';
import type { RolloutRow } from '../../../common/corpus/corpus-types';
import { rolloutColumns } from './rollout-columns';

/** Props of one table row, positioned by the virtualiser. */
export interface RolloutTableRowProps {
  row: RolloutRow | undefined;
  index: number;
  top: number;
  selected: boolean;
  onOpen(index: number): void;
}

/** One rollout, or a placeholder while its page loads. */
export const RolloutTableRow = memo(function RolloutTableRow({ row, index, top, selected, onOpen }: RolloutTableRowProps) {
  const style = { transform: `translateY(${top}px)` };
  if (!row) {
    return (
      <div className="rollout-grid table-row placeholder" style={style} role="row" aria-rowindex={index + 2}>
        <span className="muted">Loading…</span>
      </div>
    );
  }
  return (
    <div
      className={selected ? 'rollout-grid table-row selected' : 'rollout-grid table-row'}
      style={style}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="rollout-row"
      data-rollout-id={row.id}
      onClick={() => onOpen(index)}
    >
      {rolloutColumns.map((col) => (
        <span key={col.key} role="gridcell" className={col.numeric ? 'cell numeric' : 'cell'} title={col.title?.(row)}>
          {col.cell(row)}
        </span>
      ))}
    </div>
  );
});
