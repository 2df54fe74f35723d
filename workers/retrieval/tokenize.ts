/**
 * The tokenizer of retrieval's BM25, shared by rubric documents and case texts. A word is a
 * run of letters, digits and underscores, lowercased. Code identifiers are also split into
 * their parts, so a traceback's `ModuleNotFoundError` or `early_stopping_rounds` matches a
 * rubric that says "module not found" or "early stopping", while the whole identifier still
 * matches exactly: `ModuleNotFoundError` gives `modulenotfounderror`, `module`, `not`,
 * `found`, `error`. Parts split at underscores, lower-to-upper case changes, the end of an
 * acronym (`HTTPServer` gives `http`, `server`) and letter-digit boundaries (`float64` gives
 * `float`, `64`). One-character tokens and a short list of English function words are dropped.
 */

const wordPattern = /[\p{L}\p{N}_]+/gu;
/** An acronym (up to the capital that starts the next word), a capitalised or lowercase word, a number, other letters. */
const partPattern = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|\p{L}+/gu;

/** English function words: frequent in rubric prose, say nothing about a failure. */
export const stopWords: ReadonlySet<string> = new Set(
  'a an and are as at be been but by for from has have if in into is it its of on or so than that the their then there these this those to was were which while with'.split(
    ' ',
  ),
);

function keep(token: string, into: string[]): void {
  if (token.length > 1 && !stopWords.has(token)) into.push(token);
}

/** The tokens of a text, in order, with repeats (BM25 counts them). */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.match(wordPattern) ?? []) {
    const parts = word.match(partPattern) ?? [];
    // Leading and trailing underscores (`__init__`, `_private`) are decoration, not part of the name.
    keep(word.replace(/^_+|_+$/g, '').toLowerCase(), tokens);
    if (parts.length > 1) for (const part of parts) keep(part.toLowerCase(), tokens);
  }
  return tokens;
}
