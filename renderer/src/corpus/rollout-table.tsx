import { useCallback, useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { navigate } from '../router/router';
import { rowAt, useCorpusStore } from './corpus-store';
import { listCommands } from '../commands/list-commands';
import { useCommands } from '../commands/use-commands';
import { CompareMark } from '../compare-rollouts';
import { rolloutColumns } from './rollout-columns';
import { RolloutTableRow } from './rollout-table-row';
import { useFixedHeightRows } from './fixed-height-rows';
import { useRowHeight } from '../theme/row-height';

/**
 * The filtered rollouts as a virtualised grid: only visible rows are in the DOM, and their
 * pages are fetched as they scroll into view. Arrow keys or j/k move the selection, Enter
 * (or a click) opens the rollout.
 */
export function RolloutTable() {
  const { total, pages, generation, selected, sort } = useCorpusStore(
    useShallow((s) => ({ total: s.total, pages: s.pages, generation: s.generation, selected: s.selected, sort: s.sort })),
  );
  const sortBy = useCorpusStore((s) => s.sortBy);
  const ensureRows = useCorpusStore((s) => s.ensureRows);
  const select = useCorpusStore((s) => s.select);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const count = total ?? 0;
  const rowHeight = useRowHeight('table');

  const { first, last, totalHeight, scrollToIndex } = useFixedHeightRows(scrollRef, count, rowHeight, 20);
  const indexes = first < 0 ? [] : Array.from({ length: last - first + 1 }, (_, i) => first + i);

  useEffect(() => {
    if (count > 0) ensureRows(first, last);
  }, [first, last, count, generation, ensureRows]);

  useEffect(() => {
    if (selected >= 0 && selected < count) scrollToIndex(selected);
  }, [selected, count, scrollToIndex]);

  const open = useCallback(
    (index: number) => {
      const row = rowAt(useCorpusStore.getState().pages, index);
      if (!row) return;
      select(index);
      navigate({ name: 'rollout', id: row.id, step: null });
    },
    [select],
  );

  useCommands(
    listCommands({
      group: 'Rollouts',
      count,
      selected,
      select,
      open,
      page: () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / rowHeight) - 1),
    }),
  );

  return (
    <div className="rollout-table" role="grid" aria-rowcount={count + 1} data-testid="rollout-table">
      {/* Scrolled by the rows below (a narrow window scrolls them sideways), so it has no scroll bar of its own. */}
      <div className="rollout-grid table-head" role="row" aria-rowindex={1} ref={headRef} data-scrolls-with="rows">
        {rolloutColumns.map((col) => {
          const active = sort.key === col.sort;
          return (
            <span
              key={col.key}
              role="columnheader"
              className={col.numeric ? 'cell numeric' : 'cell'}
              title={col.label}
              aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button type="button" className="sort-header" data-testid={`sort-${col.sort}`} onClick={() => sortBy(col.sort)}>
                {col.label}
                <span aria-hidden="true">{active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
              </button>
            </span>
          );
        })}
      </div>
      {/* Focusable, so the list scrolls from the keyboard too. */}
      <div
        className="table-body"
        ref={scrollRef}
        tabIndex={0}
        role="rowgroup"
        onScroll={(e) => {
          if (headRef.current) headRef.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
      >
        {total === 0 ? (
          <div className="table-empty">No rollouts match these filters.</div>
        ) : (
          <div className="table-canvas" style={{ height: totalHeight }}>
            {indexes.map((index) => (
              <RolloutTableRow key={index} index={index} top={index * rowHeight} row={rowAt(pages, index)} selected={index === selected} onOpen={open} />
            ))}
          </div>
        )}
      </div>
      <footer className="table-foot key-hint">
        <kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>j</kbd>/<kbd>k</kbd> select · <kbd>Enter</kbd> or click to open a rollout
        <CompareMark selectedId={rowAt(pages, selected)?.id ?? null} />
      </footer>
    </div>
  );
}
