/**
 * The rows in view of a long list whose rows all have one height, worked out from the scroll
 * position alone. No row is measured, so the first render already holds the rows a window shows
 * and the work does not grow with the list: a measuring virtualiser walked every row of the
 * corpus on each change of size, which at 10,000 rollouts was most of the script run before the
 * Corpus screen's first rows.
 */
import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

/** Indexes of the first and last row to render, -1 for both when there are none. */
export interface RowRange {
  first: number;
  last: number;
}

/** The rows from `scrollTop` to `scrollTop + height`, with `overscan` more on each side. */
export function rowsInView(scrollTop: number, height: number, count: number, rowHeight: number, overscan: number): RowRange {
  if (count <= 0) return { first: -1, last: -1 };
  const first = Math.max(0, Math.min(count - 1, Math.floor(scrollTop / rowHeight) - overscan));
  const last = Math.min(count - 1, Math.max(first, Math.ceil((scrollTop + height) / rowHeight) - 1 + overscan));
  return { first, last };
}

/** The scroll offset that brings row `index` into view, moving as little as possible; null when it is in view. */
export function scrollToShow(index: number, scrollTop: number, height: number, rowHeight: number): number | null {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + height) return top + rowHeight - height;
  return null;
}

/**
 * Rows rendered past the view before the list first scrolls: enough for a key that moves the
 * selection down a row or two. The full overscan (rows ready for a fast scroll) comes with the
 * first scroll; rendering it up front made the Corpus screen's first rows wait for twice the rows.
 */
const overscanBeforeScrolling = 2;

/** The overscan to render with: the full one once the list has scrolled. */
export function overscanFor(scrolled: boolean, overscan: number): number {
  return scrolled ? overscan : Math.min(overscan, overscanBeforeScrolling);
}

export interface FixedHeightRows extends RowRange {
  totalHeight: number;
  /** Scrolls the list as little as needed to show row `index` whole. */
  scrollToIndex(index: number): void;
}

/** The rows of `scrollRef`'s list in view, following its scrolling and its size. */
export function useFixedHeightRows(scrollRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): FixedHeightRows {
  // Until the list is laid out the window's height stands in for its own: a few rows too many at first, never too few.
  const [view, setView] = useState(() => ({ top: 0, height: window.innerHeight, scrolled: false }));
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = () =>
      setView((v) => {
        const top = element.scrollTop;
        const height = element.clientHeight;
        const scrolled = v.scrolled || top !== 0;
        return v.top === top && v.height === height && v.scrolled === scrolled ? v : { top, height, scrolled };
      });
    element.addEventListener('scroll', update, { passive: true });
    // Its first report comes once the list is laid out, and gives the list's own height.
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [scrollRef]);
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const top = scrollToShow(index, element.scrollTop, element.clientHeight, rowHeight);
      if (top !== null) element.scrollTop = top;
    },
    [scrollRef, rowHeight],
  );
  const rows = rowsInView(view.top, view.height, count, rowHeight, overscanFor(view.scrolled, overscan));
  return { ...rows, totalHeight: count * rowHeight, scrollToIndex };
}
