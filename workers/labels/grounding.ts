/**
 * Grounding (docs/definitions.md): a citation names a program, a line range and a quote, and is
 * grounded only if those lines of that program contain the quote. Whitespace runs compare as
 * one space, so re-indented or re-wrapped quotes still match; nothing else is forgiven.
 */

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether lines `from`..`to` (1-based, inclusive) of `content` contain `quote`. */
export function quoteInLines(content: string, from: number, to: number, quote: string): boolean {
  const wanted = normalise(quote);
  if (wanted === '' || from < 1 || to < from) return false;
  const lines = content.split('\n').slice(from - 1, to);
  return lines.length > 0 && normalise(lines.join('\n')).includes(wanted);
}

/** The first line (1-based) where `quote` starts in `content`, or null. */
export function findQuote(content: string, quote: string): number | null {
  const wanted = normalise(quote);
  if (wanted === '') return null;
  // The content normalised as `normalise` does, remembering the line each character came from.
  let text = '';
  const lineOf: number[] = [];
  content.split('\n').forEach((line, i) => {
    for (const ch of `${line}\n`) {
      const space = /\s/.test(ch);
      if (space && (text === '' || text.endsWith(' '))) continue;
      text += space ? ' ' : ch;
      lineOf.push(i + 1);
    }
  });
  const at = text.indexOf(wanted);
  return at === -1 ? null : lineOf[at]!;
}

/** Lines `from`..`to` (1-based, inclusive) of a program, clipped to the file. */
export function excerptLines(content: string, from: number, to: number): { start: number; lines: string[] } {
  const all = content.split('\n');
  const start = Math.max(1, from);
  return { start, lines: all.slice(start - 1, Math.max(start, to)) };
}
