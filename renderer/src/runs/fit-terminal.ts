/**
 * Sizes a terminal to its panel without @xterm/addon-fit: the cell size is read off the
 * terminal's own screen element (xterm sizes it to exactly cols x rows cells), so the
 * routine needs no private API and no font measuring of its own.
 */
import type { Terminal } from '@xterm/xterm';

/** The width xterm's overlay scrollbar takes on the right. */
const scrollbarWidth = 14;
const minCols = 20;
const minRows = 3;

export function fitTerminal(terminal: Terminal, panel: HTMLElement): void {
  const screen = terminal.element?.querySelector<HTMLElement>('.xterm-screen');
  if (!screen || screen.offsetWidth === 0 || screen.offsetHeight === 0) return;
  const cellWidth = screen.offsetWidth / terminal.cols;
  const cellHeight = screen.offsetHeight / terminal.rows;
  const style = getComputedStyle(panel);
  const width = panel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - scrollbarWidth;
  const height = panel.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const cols = Math.max(minCols, Math.floor(width / cellWidth));
  const rows = Math.max(minRows, Math.floor(height / cellHeight));
  if (cols !== terminal.cols || rows !== terminal.rows) terminal.resize(cols, rows);
}
