/**
 * Every live xterm terminal, by the id of the component that shows it. A terminal is a
 * widget with its own buffers and DOM, not plain data, so it lives here rather than in React
 * state or a store; the component creates it on mount and calls `disposeTerminal` on
 * unmount (STYLE.md "Native parts").
 */
import type { Terminal } from '@xterm/xterm';

const terminals = new Map<string, Terminal>();

/** Registers `terminal` under `id`, disposing any earlier one there. */
export function registerTerminal(id: string, terminal: Terminal): void {
  disposeTerminal(id);
  terminals.set(id, terminal);
}

/** The terminal registered under `id`, while it is live. */
export function terminalFor(id: string): Terminal | undefined {
  return terminals.get(id);
}

/** Disposes the terminal `id`; a no-op for an unknown id. */
export function disposeTerminal(id: string): void {
  const terminal = terminals.get(id);
  if (!terminal) return;
  terminals.delete(id);
  terminal.dispose();
}
