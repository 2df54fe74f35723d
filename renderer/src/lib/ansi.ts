/**
 * ANSI SGR colour codes to styled spans, for rendering captured terminal output as text
 * nodes (never as HTML). Agents run commands under PTYs or with FORCE_COLOR, so stderr often
 * arrives coloured; other escape sequences (cursor movement, OSC titles and links) are dropped.
 */

/** Text attributes in force for a span; colours are CSS colour values. */
export interface AnsiStyle {
  fg: string | null;
  bg: string | null;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  inverse: boolean;
}

/** A run of text with one style. */
export interface AnsiSpan {
  text: string;
  style: AnsiStyle;
}

/** One output line as styled spans. */
export type AnsiLine = AnsiSpan[];

/** The style of text with no escape codes before it. */
export const plainStyle: AnsiStyle = Object.freeze({
  fg: null,
  bg: null,
  bold: false,
  dim: false,
  italic: false,
  underline: false,
  inverse: false,
});

// CSI sequences (SGR is the one ending in `m`), OSC sequences, and the remaining two-byte escapes.
// eslint-disable-next-line no-control-regex -- escape sequences are control characters by definition
const escapePattern = /\x1b\[([0-?]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[()*+][0-9A-Za-z]|\x1b[@-Z\\-_]/g;

function paletteColour(index: number): string | null {
  if (index < 0 || index > 255) return null;
  if (index < 16) return `var(--ansi-${index})`;
  if (index < 232) {
    const n = index - 16;
    const level = (v: number) => (v === 0 ? 0 : 55 + v * 40);
    return `rgb(${level(Math.floor(n / 36))}, ${level(Math.floor(n / 6) % 6)}, ${level(n % 6)})`;
  }
  const grey = 8 + (index - 232) * 10;
  return `rgb(${grey}, ${grey}, ${grey})`;
}

/** Reads an extended colour (`5;n` or `2;r;g;b`) at `codes[at]`; returns the colour and codes used. */
function extendedColour(codes: number[], at: number): [string | null, number] {
  const mode = codes[at];
  if (mode === 5) return [paletteColour(codes[at + 1] ?? -1), 2];
  if (mode === 2) {
    const [r, g, b] = [codes[at + 1], codes[at + 2], codes[at + 3]];
    if (r === undefined || g === undefined || b === undefined) return [null, 4];
    return [`rgb(${r}, ${g}, ${b})`, 4];
  }
  return [null, 0];
}

/** Applies one SGR parameter list (`1;31`, `38;5;208`, empty = reset) to a style. */
export function applySgr(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(/[;:]/).map((p) => (p === '' ? 0 : Number(p)));
  const next = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? 0;
    if (code === 0) Object.assign(next, plainStyle);
    else if (code === 1) next.bold = true;
    else if (code === 2) next.dim = true;
    else if (code === 3) next.italic = true;
    else if (code === 4) next.underline = true;
    else if (code === 7) next.inverse = true;
    else if (code === 22) next.bold = next.dim = false;
    else if (code === 23) next.italic = false;
    else if (code === 24) next.underline = false;
    else if (code === 27) next.inverse = false;
    else if (code >= 30 && code <= 37) next.fg = paletteColour(code - 30);
    else if (code >= 90 && code <= 97) next.fg = paletteColour(code - 90 + 8);
    else if (code === 39) next.fg = null;
    else if (code >= 40 && code <= 47) next.bg = paletteColour(code - 40);
    else if (code >= 100 && code <= 107) next.bg = paletteColour(code - 100 + 8);
    else if (code === 49) next.bg = null;
    else if (code === 38 || code === 48) {
      const [colour, used] = extendedColour(codes, i + 1);
      if (code === 38) next.fg = colour;
      else next.bg = colour;
      i += used;
    }
  }
  return next;
}

/**
 * Splits output into lines of styled spans. Styles carry across lines as in a terminal. A
 * carriage return inside a line (progress bars) discards what came before it on that line
 * once new text follows, so only the bar's final state is shown.
 */
export function parseAnsiLines(text: string): AnsiLine[] {
  const lines: AnsiLine[] = [];
  let style = plainStyle;
  for (const rawLine of text.split('\n')) {
    const source = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    let line: AnsiLine = [];
    let clearPending = false;
    const pushText = (chunk: string) => {
      const parts = chunk.split('\r');
      parts.forEach((part, i) => {
        if (i > 0) clearPending = true;
        if (part === '') return;
        if (clearPending) line = [];
        clearPending = false;
        const last = line[line.length - 1];
        if (last && last.style === style) last.text += part;
        else line.push({ text: part, style });
      });
    };
    let at = 0;
    escapePattern.lastIndex = 0;
    for (let match = escapePattern.exec(source); match !== null; match = escapePattern.exec(source)) {
      if (match.index > at) pushText(source.slice(at, match.index));
      if (match[2] === 'm') style = applySgr(style, match[1] ?? '');
      at = match.index + match[0].length;
    }
    if (at < source.length) pushText(source.slice(at));
    lines.push(line);
  }
  return lines;
}
