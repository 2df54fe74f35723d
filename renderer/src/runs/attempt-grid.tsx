import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { AttemptRow } from '../../../common/runs/run-types';
import type { Command } from '../commands/command';
import { useCommands } from '../commands/use-commands';
import { AttemptCell } from './attempt-cell';
import { moveInGrid, positionOf, type GridPosition, type GridRow } from './grid-model';

const rowHeight = 40;
/** Rows shown before the grid scrolls; the terminal below needs the rest of the height. */
const visibleRows = 6;

/** Props of the attempt grid. */
export interface AttemptGridProps {
  rows: GridRow[];
  repeats: number;
  selectedId: number | null;
  onSelect(attempt: AttemptRow): void;
}

/**
 * The experiment's slots: a row per case and arm, a column per repeat, virtualised by row so
 * an experiment of thousands of cases stays cheap. Arrow keys move the cursor, Enter (or a
 * click) shows that attempt's terminal.
 */
export function AttemptGrid({ rows, repeats, selectedId, onSelect }: AttemptGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const anyRunning = rows.some((r) => r.cells.some((a) => a?.status === 'running'));
  const now = useSecondClock(anyRunning);
  const [cursor, setCursor] = useState<GridPosition>(() => positionOf(rows, selectedId) ?? { row: 0, col: 0 });
  const focusCursor = useRef(false);

  // A selection made elsewhere (a click, the URL, a new run) moves the cursor there too.
  useEffect(() => {
    const at = positionOf(rows, selectedId);
    if (at) setCursor((c) => (c.row === at.row && c.col === at.col ? c : at));
    // Keyed on the selection alone: a status update of the rows must not pull the cursor back.
  }, [selectedId]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });

  useEffect(() => {
    virtualizer.scrollToIndex(cursor.row, { align: 'auto' });
    if (!focusCursor.current) return;
    focusCursor.current = false;
    // The row may only now be rendered: focus after React has committed it.
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>('.attempt-cell.cursor')?.focus());
  }, [cursor, virtualizer]);

  const moveTo = (key: string) => {
    const next = moveInGrid(rows, cursor, key);
    if (!next) return;
    focusCursor.current = scrollRef.current?.contains(document.activeElement) ?? false;
    setCursor(next);
  };
  const move = (key: string, title: string): Command => ({
    id: `grid.${key}`,
    group: 'Attempts',
    title,
    keys: [key],
    when: () => moveInGrid(rows, cursor, key) !== null,
    run: () => moveTo(key),
  });
  const cursorAttempt = rows[cursor.row]?.cells[cursor.col];
  useCommands([
    move('ArrowUp', 'Attempt above'),
    move('ArrowDown', 'Attempt below'),
    move('ArrowLeft', 'Previous repeat'),
    move('ArrowRight', 'Next repeat'),
    {
      id: 'grid.open',
      group: 'Attempts',
      title: 'Open the attempt under the cursor',
      keys: ['Enter'],
      when: () => cursorAttempt != null,
      run: () => onSelect(cursorAttempt!),
    },
  ]);

  const columns: CSSProperties = { gridTemplateColumns: `var(--grid-case-width) var(--grid-arm-width) repeat(${repeats}, var(--grid-cell-width))` };
  return (
    <div
      className="attempt-grid"
      role="grid"
      aria-label="Attempts: a row per case and arm, a column per repeat"
      aria-rowcount={rows.length + 1}
      data-testid="attempt-grid"
      ref={scrollRef}
      style={{ maxHeight: (visibleRows + 1) * rowHeight + 2 }}
    >
      <div className="attempt-grid-row attempt-grid-head" role="row" style={columns}>
        <span role="columnheader">Case</span>
        <span role="columnheader">Arm</span>
        {Array.from({ length: repeats }, (_, r) => (
          <span key={r} role="columnheader" className="repeat-head">
            repeat {r}
          </span>
        ))}
      </div>
      <div className="attempt-grid-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              className={row.firstOfCase ? 'attempt-grid-row first-of-case' : 'attempt-grid-row'}
              role="row"
              aria-rowindex={item.index + 2}
              style={{ ...columns, height: rowHeight, transform: `translateY(${item.start}px)` }}
            >
              <span className="grid-case mono" role="rowheader" title={row.caseId}>
                {row.firstOfCase ? row.caseId : ''}
              </span>
              <span className="grid-arm" role="rowheader" title={row.arm}>
                {row.arm}
              </span>
              {row.cells.map((attempt, col) => (
                <AttemptCell
                  key={col}
                  attempt={attempt}
                  arm={row.arm}
                  repeat={col}
                  selected={attempt !== null && attempt.id === selectedId}
                  cursor={cursor.row === item.index && cursor.col === col}
                  now={attempt?.status === 'running' ? now : 0}
                  onSelect={onSelect}
                />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The time, updated each second while `ticking` (running attempts show their elapsed time); 0 otherwise. */
function useSecondClock(ticking: boolean): number {
  const [now, setNow] = useState(() => (ticking ? Date.now() : 0));
  useEffect(() => {
    if (!ticking) {
      setNow(0);
      return;
    }
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
