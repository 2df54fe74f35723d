/** Most tokens a query keeps: a pasted traceback is plenty distinctive well before this. */
const maxTokens = 48;

/**
 * Turns what a user typed or pasted (a traceback line, an exception, some words) into an
 * FTS5 query that cannot be a syntax error: every word quoted, all required, the last one
 * also matched as a prefix so results follow the typing. Returns null when nothing searchable is left.
 */
export function toFtsQuery(input: string): string | null {
  const tokens = input.match(/[\p{L}\p{N}_]+/gu)?.slice(0, maxTokens) ?? [];
  if (tokens.length === 0) return null;
  const quoted = tokens.map((t) => `"${t}"`);
  const endsMidWord = /[\p{L}\p{N}_]$/u.test(input);
  if (endsMidWord) quoted[quoted.length - 1] += '*';
  return quoted.join(' ');
}

/** Markers FTS5's snippet() puts around matches; private-use characters never occur in real output. */
export const markOpen = '\uE000';
export const markClose = '\uE001';

/** Splits a marked snippet into plain text and the character ranges of its highlights. */
export function unmarkSnippet(marked: string): { text: string; highlights: [number, number][] } {
  let text = '';
  const highlights: [number, number][] = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === markOpen) start = text.length;
    else if (ch === markClose) {
      if (start >= 0) highlights.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  return { text, highlights };
}
