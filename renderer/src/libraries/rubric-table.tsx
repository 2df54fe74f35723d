import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useRowHeight } from '../theme/row-height';
import { rubricRowAt, useRubricTableStore } from './rubric-table-store';
import { RubricTableRow } from './rubric-table-row';

const columns = ['Rubric', 'Title', 'Category', 'Family', 'Support', 'Miner', 'Libraries'];
const numeric = new Set(['Support', 'Libraries']);

/**
 * The filtered rubrics of a library as a virtualised grid: only visible rows are in the DOM,
 * and their pages are fetched as they scroll into view.
 */
export function RubricTable() {
  const total = useRubricTableStore((s) => s.total);
  const pages = useRubricTableStore((s) => s.pages);
  const generation = useRubricTableStore((s) => s.generation);
  const ensureRows = useRubricTableStore((s) => s.ensureRows);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = total ?? 0;

  const rowHeight = useRowHeight('table');
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 20 });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (count > 0) ensureRows(first, last);
  }, [first, last, count, generation, ensureRows]);

  // A new filter set starts at the top, not at the old scroll offset.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [generation]);

  return (
    <div className="rubric-table" role="grid" aria-rowcount={count + 1} data-testid="rubric-table">
      <div className="rubric-grid table-head" role="row">
        {columns.map((label) => (
          <span key={label} role="columnheader" className={numeric.has(label) ? 'cell numeric' : 'cell'}>
            {label}
          </span>
        ))}
      </div>
      {/* Focusable, so the list scrolls from the keyboard too. */}
      <div className="table-body" ref={scrollRef} tabIndex={0} role="rowgroup">
        {total === 0 ? (
          <div className="table-empty">No rubrics of this library match these filters.</div>
        ) : (
          <div className="table-canvas" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => (
              <RubricTableRow key={item.key} top={item.start} row={rubricRowAt(pages, item.index)} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
