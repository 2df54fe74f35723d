import type { Page } from '@playwright/test';

/**
 * Everything on screen that does not fit where it is, as one line each:
 * - the page itself scrolling sideways;
 * - an element whose content is cut off by its own `overflow: hidden` or `clip` (a column off
 *   a table's edge, a terminal past its panel), unless it is one line ellipsised with the whole
 *   text in a title (a long id) or holds nothing but a scroll area's own canvas;
 * - an element sticking out of a parent that neither scrolls nor clips (a control past its card).
 * A pane that scrolls (`overflow: auto` or `scroll`) shows its scroll bar, so what it holds may be wider.
 */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    const name = (el: Element): string => {
      const testId = el.getAttribute('data-testid');
      const classes = [...el.classList].slice(0, 3).join('.');
      const own = `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${classes ? `.${classes}` : ''}`;
      // A bare tag says little: name the nearest ancestor that has a class too.
      const named = testId || classes ? null : el.parentElement?.closest('[class], [data-testid]');
      return named ? `${own} in ${name(named)}` : own;
    };
    const shown = (el: Element): boolean => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const clips = (value: string) => value === 'hidden' || value === 'clip';
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';
    // Monaco and xterm draw and scroll their own canvases; what they hold is theirs to lay out.
    const ownScroller = (el: Element) => el.closest('.monaco-editor, .monaco-diff-editor, .xterm') !== null;
    for (const el of document.querySelectorAll('body *')) {
      if (!(el instanceof HTMLElement) || !shown(el) || ownScroller(el)) continue;
      // Text for screen readers only is clipped to a pixel on purpose.
      if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;
      const style = getComputedStyle(el);
      const cutX = clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
      const cutY = clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
      // A table's header scrolled sideways with its rows (data-scrolls-with) shares their scroll bar.
      // Text folded on purpose (data-folded) sits beside the control that unfolds it.
      if ((cutX || cutY) && !(el.dataset.scrollsWith && !cutY) && el.dataset.folded === undefined) {
        const ellipsised = style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && !cutY;
        // The title may sit on the cut element, around it, or on what it wraps (a cell's only content).
        const titled = el.closest('[title]') !== null || el.getAttribute('aria-label') !== null || el.querySelector('[title]') !== null;
        if (!(ellipsised && titled))
          found.push(
            `${name(el)} cuts off its content (${cutX ? `${el.scrollWidth} > ${el.clientWidth} wide` : ''}${cutX && cutY ? ', ' : ''}${cutY ? `${el.scrollHeight} > ${el.clientHeight} high` : ''})${ellipsised ? ' with no title holding the whole text' : ''}`,
          );
      }
      const parent = el.parentElement;
      if (!parent || parent === document.body || style.position === 'fixed' || style.position === 'absolute') continue;
      const parentStyle = getComputedStyle(parent);
      if (scrolls(parentStyle.overflowX) || clips(parentStyle.overflowX)) continue;
      const box = el.getBoundingClientRect();
      const edge = parent.getBoundingClientRect();
      const inner = edge.right - parseFloat(parentStyle.borderRightWidth);
      if (box.right > inner + 1) found.push(`${name(el)} sticks out of ${name(parent)} by ${Math.round(box.right - inner)} px`);
    }
    // A list repeats one finding per row: each is said once, with how often it occurs.
    const counts = new Map<string, number>();
    for (const line of found) counts.set(line, (counts.get(line) ?? 0) + 1);
    return [...counts].map(([line, n]) => (n === 1 ? line : `${line} (x${n})`));
  });
}
