/** A read-only xterm in the app's own output colours (the `--out-*` and `--ansi-*` variables of base.css). */
import type { ITerminalOptions } from '@xterm/xterm';

const ansiNames = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'brightBlack',
  'brightRed',
  'brightGreen',
  'brightYellow',
  'brightBlue',
  'brightMagenta',
  'brightCyan',
  'brightWhite',
] as const;

export function terminalOptions(): ITerminalOptions {
  const css = getComputedStyle(document.documentElement);
  const color = (name: string) => css.getPropertyValue(name).trim() || undefined;
  const theme: Record<string, string | undefined> = {
    background: color('--out-bg'),
    foreground: color('--out-fg'),
    cursor: color('--out-fg'),
    selectionBackground: color('--out-selection'),
  };
  ansiNames.forEach((name, i) => (theme[name] = color(`--ansi-${i}`)));
  return {
    // The program's output only: nothing typed here reaches it.
    disableStdin: true,
    cursorInactiveStyle: 'none',
    cursorStyle: 'bar',
    fontFamily: color('--font-mono'),
    fontSize: 12,
    lineHeight: 1.2,
    // Long logs: the terminal keeps this many lines; the whole log stays in the corpus.
    scrollback: 50_000,
    theme,
  };
}
