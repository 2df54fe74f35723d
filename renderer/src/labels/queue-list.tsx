import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { QueueItem } from '../../../common/labels/labels';
import { useLabelQueueStore } from './label-queue-store';
import { targetKey } from './queue-logic';
import { useRowHeight } from '../theme/row-height';

/** What the annotator's label on an item says, short: a code, a verdict, or a mark of state. */
function stateOf(item: QueueItem, pending: unknown, failed: boolean): { text: string; className: string } {
  if (failed) return { text: 'not saved', className: 'queue-state failed' };
  if (pending !== undefined) return { text: `${String(pending)}…`, className: 'queue-state pending' };
  if (item.mine) {
    const text = typeof item.mine.value === 'string' ? item.mine.value : '✓';
    return item.mine.needsReview ? { text: `${text} ⟳`, className: 'queue-state review' } : { text, className: 'queue-state done' };
  }
  if (item.skipped) return { text: 'skipped', className: 'queue-state skipped' };
  return { text: '', className: 'queue-state' };
}

/**
 * The queue's items, virtualised (a queue may hold thousands), each with the annotator's
 * label, flag and skip; the item on screen stays scrolled into view as the keys move it.
 */
export function QueueList({ items, index }: { items: QueueItem[]; index: number }) {
  const pending = useLabelQueueStore((s) => s.pending);
  const failed = useLabelQueueStore((s) => s.failed);
  const goTo = useLabelQueueStore((s) => s.goTo);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = useRowHeight('queue');
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 12 });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);

  useEffect(() => {
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [index, virtualizer]);

  return (
    // Focusable, so a keyboard alone can scroll it (axe: scrollable-region-focusable); the keys work from anywhere.
    <div
      className="queue-list"
      ref={scrollRef}
      data-testid="queue-list"
      role="listbox"
      tabIndex={0}
      aria-label="Items"
      aria-activedescendant={`queue-item-${index}`}
    >
      <div className="table-canvas" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          const key = targetKey(item.target);
          const state = stateOf(item, pending[key], key in failed);
          return (
            <div
              key={row.key}
              id={`queue-item-${row.index}`}
              role="option"
              aria-selected={row.index === index}
              className={row.index === index ? 'queue-row current' : 'queue-row'}
              style={{ transform: `translateY(${row.start}px)`, height: rowHeight }}
              data-testid="queue-row"
              data-target-id={item.target.id}
              onClick={() => goTo(row.index)}
            >
              <span className="queue-index">{row.index + 1}</span>
              <span className="queue-title" title={item.rubric?.title}>
                {item.rubric?.title ?? item.target.id}
              </span>
              {item.flagged && (
                <span className="queue-flag" title="Flagged" aria-label="flagged">
                  ⚑
                </span>
              )}
              <span className={state.className}>{state.text}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
