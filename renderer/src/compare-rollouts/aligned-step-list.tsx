import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RolloutComparison } from '../../../common/corpus/rollout-comparison';
import { formatCount } from '../lib/format';
import { stepAt, useRolloutComparisonStore } from './rollout-comparison-store';
import { AlignedStepRow, alignedRowHeight, type Side } from './aligned-step-row';

/** Props of the aligned timelines. */
export interface AlignedStepListProps {
  comparison: RolloutComparison;
  selected: number;
  focus: Side;
  onSelect(index: number, side: Side): void;
  /** Why the last move key went nowhere. */
  endNote: string | null;
}

/** The positions of one side's steps among rows `first` to `last`, as [lowest, highest], or null when all are gaps. */
function positionsIn(rows: RolloutComparison['rows'], first: number, last: number, side: Side): [number, number] | null {
  let low: number | null = null;
  let high: number | null = null;
  for (let i = first; i <= last; i++) {
    const p = rows[i]?.[side];
    if (p === null || p === undefined) continue;
    low ??= p;
    high = p;
  }
  return low === null || high === null ? null : [low, high];
}

/** Both rollouts' step timelines on shared rows, virtualised; each side's step rows are fetched a page at a time as they scroll into view. */
export function AlignedStepList({ comparison, selected, focus, onSelect, endNote }: AlignedStepListProps) {
  const { rows, a, b, firstDivergence } = comparison;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => alignedRowHeight, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? Math.min(rows.length - 1, 30);
  const { stepsA, stepsB } = useRolloutComparisonStore(useShallow((s) => ({ stepsA: s.steps[a.id], stepsB: s.steps[b.id] })));
  const ensureSteps = useRolloutComparisonStore((s) => s.ensureSteps);

  useEffect(() => {
    const rangeA = positionsIn(rows, first, last, 'a');
    const rangeB = positionsIn(rows, first, last, 'b');
    if (rangeA) ensureSteps(a.id, a.steps, ...rangeA);
    if (rangeB) ensureSteps(b.id, b.steps, ...rangeB);
  }, [rows, first, last, a.id, a.steps, b.id, b.steps, ensureSteps, stepsA?.generation, stepsB?.generation]);

  useEffect(() => {
    if (selected >= 0 && selected < rows.length) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [selected, rows.length, virtualizer]);

  return (
    <section className="aligned-column" aria-label="Aligned steps">
      <header className="pane-header aligned-head">
        <span className="pane-label">Aligned steps</span>
        <span>
          {formatCount(rows.length)} rows · {formatCount(comparison.matchedRows)} aligned ·{' '}
          <span className={comparison.differingRows > 0 ? 'failure-count' : undefined}>{formatCount(comparison.differingRows)} differ</span>
        </span>
        <span className="pane-meta key-hint">
          <kbd>j</kbd>/<kbd>k</kbd> rows · <kbd>n</kbd>/<kbd>p</kbd> differences · <kbd>[</kbd>/<kbd>]</kbd> side
        </span>
      </header>
      <div className="aligned-note" role="status" data-testid="aligned-note">
        {endNote ??
          (comparison.approximateSplits > 0 &&
            `Approximate: in ${comparison.approximateSplits} ${comparison.approximateSplits === 1 ? 'stretch' : 'stretches'} the two differ by more than 1,024 edits, so a few matching steps there may sit on separate rows.`)}
      </div>
      <div
        className="aligned-list"
        ref={scrollRef}
        role="grid"
        aria-label="Aligned steps of A and B"
        aria-rowcount={rows.length}
        data-testid="aligned-list"
        tabIndex={0}
      >
        <div className="list-canvas" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <AlignedStepRow
                key={item.index}
                index={item.index}
                row={row}
                stepA={stepAt(stepsA, row.a)}
                stepB={stepAt(stepsB, row.b)}
                top={item.start}
                selected={item.index === selected}
                focus={focus}
                firstDivergence={item.index === firstDivergence}
                onSelect={onSelect}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
}
