import { memo } from 'react';
import type { RubricRow } from '../../../common/rubrics/rubric-types';
import { CategoryBadge } from '../rubrics';
import { formatHash } from '../router/route';
import { navigate } from '../router/router';

/** Props of one rubric row. */
export interface RubricTableRowProps {
  row: RubricRow | undefined;
  top: number;
}

/** One rubric: id, title (a link to its detail), category, family, support, miner, libraries. */
export const RubricTableRow = memo(function RubricTableRow({ row, top }: RubricTableRowProps) {
  const style = { transform: `translateY(${top}px)` };
  if (!row) return <div className="rubric-grid table-row placeholder" style={style} role="row" aria-busy="true" />;
  return (
    <div
      className="rubric-grid table-row"
      style={style}
      role="row"
      data-testid="rubric-row"
      data-rubric-id={row.id}
      data-category={row.category ?? 'uncategorised'}
      onClick={() => navigate({ name: 'rubric', id: row.id })}
    >
      <span className="cell mono muted" role="gridcell" title={row.id}>
        {row.id}
      </span>
      <span className="cell" role="gridcell" title={row.title}>
        <a href={formatHash({ name: 'rubric', id: row.id })} onClick={(e) => e.stopPropagation()}>
          {row.title}
        </a>
      </span>
      <span className="cell" role="gridcell">
        <CategoryBadge code={row.category} withName />
      </span>
      <span className="cell" role="gridcell">
        {row.family}
      </span>
      <span className="cell numeric" role="gridcell">
        {row.support}
      </span>
      <span className="cell muted" role="gridcell" title={row.miner ?? undefined}>
        {row.miner ?? '—'}
      </span>
      <span className="cell numeric" role="gridcell" title={row.libraries.join(', ')}>
        {row.libraries.length}
      </span>
    </div>
  );
});
