/**
 * A line index over captured output that keeps raw character offsets while
 * exposing what a terminal would show on each line.
 */
import { stripAnsi } from './ansi';

/**
 * Lines of a text, addressed by index. Only line starts are stored (one number
 * per line) and visible contents are computed on demand, so indexing a 50 MB
 * output costs one pass and no copy of the text.
 */
export class TextLines {
  private readonly starts: number[] = [0];
  /*
   * Direct-mapped memo of visible contents: parsing looks at each line a few
   * times (block detection, lookahead, member parsing) and always near the
   * current position, so four slots remove the recomputation.
   */
  private readonly memoIndex = [-1, -1, -1, -1];
  private readonly memoLine = ['', '', '', ''];

  constructor(readonly text: string) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
      this.starts.push(at + 1);
    }
  }

  /** Number of lines; a trailing newline yields a final empty line. */
  get count(): number {
    return this.starts.length;
  }

  /** Offset of the first character of line `index`. */
  start(index: number): number {
    return this.starts[index] ?? this.text.length;
  }

  /** Offset just past the last character of line `index`, excluding `\n` and a CRLF's `\r`. */
  end(index: number): number {
    const next = this.starts[index + 1];
    if (next === undefined) return this.text.length;
    const beforeNewline = next - 1;
    return beforeNewline > this.start(index) && this.text[beforeNewline - 1] === '\r' ? beforeNewline - 1 : beforeNewline;
  }

  /** The raw characters of line `index`, escapes and carriage returns included. */
  raw(index: number): string {
    return this.text.slice(this.start(index), this.end(index));
  }

  /**
   * What a terminal shows for line `index`: escape sequences removed, only the
   * text after the last carriage return (progress bars redraw a line with `\r`,
   * so a traceback often follows one on the same raw line), trailing
   * whitespace trimmed. Returns '' past the last line.
   */
  visible(index: number): string {
    if (index < 0 || index >= this.count) return '';
    const slot = index & 3;
    if (this.memoIndex[slot] === index) return this.memoLine[slot] ?? '';
    const line = visibleText(this.raw(index));
    this.memoIndex[slot] = index;
    this.memoLine[slot] = line;
    return line;
  }

  /**
   * Offset in the raw text where the visible part of line `index` begins, i.e.
   * after the last carriage return of the line.
   */
  visibleStart(index: number): number {
    const raw = this.raw(index);
    return this.start(index) + raw.lastIndexOf('\r') + 1;
  }
}

/** Visible content of one raw line: see {@link TextLines.visible}. */
export function visibleText(rawLine: string): string {
  const line = stripAnsi(rawLine).trimEnd();
  const lastReturn = line.lastIndexOf('\r');
  return lastReturn === -1 ? line : line.slice(lastReturn + 1);
}
