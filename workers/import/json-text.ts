/**
 * Parsing one JSON document the way agent harnesses write it. Python's `json` writes
 * `NaN`, `Infinity` and `-Infinity` for non-finite floats, which JSON.parse refuses: they
 * are read as the strings "NaN", "Infinity" and "-Infinity", so a metric that was not a
 * number stays visible and is stored as no score. Nesting deeper than `maxDepth` is refused
 * by line before parsing (it would otherwise overflow the stack of every recursive reader
 * after JSON.parse). A syntax error names the line and byte of the fault and never quotes
 * the text: the file may be something other than a run (issue 18, item 7).
 */
import { importError } from './import-error';

/** Deepest nesting accepted; real runs stay far below it. */
export const maxDepth = 512;

/** The value of `text`, with non-finite numbers read as strings; `firstLine` is the file line the text starts on. */
export function parseJsonText(text: string, label: string, firstLine = 1): unknown {
  const prepared = scan(text, label, firstLine);
  try {
    return JSON.parse(prepared);
  } catch (err) {
    const offset = faultOffset(prepared, (err as Error).message);
    const { line, column } = position(prepared, offset);
    throw importError({ file: label, line: line + firstLine - 1 }, `not valid JSON (${describeFault((err as Error).message)} at byte ${column} of the line)`);
  }
}

/** The words a non-finite float is written as, and the strings they are read as. */
const nonFinite = ['NaN', 'Infinity', '-Infinity'] as const;

/** True when `value` is one of the strings a non-finite number was read as. */
export function isNonFiniteWord(value: unknown): value is (typeof nonFinite)[number] {
  return typeof value === 'string' && (nonFinite as readonly string[]).includes(value);
}

/**
 * Checks the nesting depth and quotes non-finite numbers, in one pass over the text.
 * Returns the text itself when it holds no non-finite number.
 */
function scan(text: string, label: string, firstLine: number): string {
  const pieces: string[] = [];
  let copied = 0;
  let depth = 0;
  let line = firstLine;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i += 1; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i += 1;
        else if (s === 0x22) break;
        else if (s === 0x0a) line += 1;
      }
    } else if (c === 0x0a) {
      line += 1;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > maxDepth) throw importError({ file: label, line }, `nested more than ${maxDepth} levels deep`);
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    } else if (c === 0x4e || c === 0x49 || c === 0x2d) {
      const word = nonFinite.find((w) => text.startsWith(w, i));
      if (word !== undefined) {
        pieces.push(text.slice(copied, i), `"${word}"`);
        i += word.length - 1;
        copied = i + 1;
      }
    }
  }
  if (pieces.length === 0) return text;
  pieces.push(text.slice(copied));
  return pieces.join('');
}

/** Offset of the fault JSON.parse reports: its position when given, else the end of the text (input ended early) or the first byte. */
function faultOffset(text: string, message: string): number {
  const at = /position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  if (/end of JSON input/.test(message)) return text.length;
  // V8 names an unexpected token without its position ("Unexpected token 'x', "..." is not valid JSON"):
  // the shortest prefix that fails before its own end ends just after the fault.
  let low = 1;
  let high = text.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (faultsBefore(text, mid)) high = mid;
    else low = mid + 1;
  }
  return low - 1;
}

/** True when the first `length` characters hold a fault that more text could not repair. */
function faultsBefore(text: string, length: number): boolean {
  try {
    JSON.parse(text.slice(0, length));
    return false;
  } catch (err) {
    const message = (err as Error).message;
    if (/end of JSON input|Unterminated string/.test(message)) return false;
    const at = /position (\d+)/.exec(message);
    return at === null || Number(at[1]) < length;
  }
}

/** What went wrong, without the excerpt of the text V8 puts in some messages. */
export function describeFault(message: string): string {
  if (/end of JSON input/.test(message)) return 'the text ends before the document does';
  if (/^Unexpected token/.test(message)) return 'unexpected character';
  if (/^Unexpected non-whitespace/.test(message)) return 'text after the end of the document';
  if (/^Bad control character/.test(message)) return 'a control character inside a string';
  if (/^Bad escaped character|^Bad Unicode escape/.test(message)) return 'a bad escape inside a string';
  if (/^Unterminated string/.test(message)) return 'a string that is not closed';
  const expected = /^(Expected [^"]*?) (?:after|in JSON)/.exec(message);
  return expected ? expected[1]!.replace(/'/g, '"') : 'syntax error';
}

/** 1-based line and byte-in-line (UTF-16 units, which match bytes for ASCII) of `offset`. */
export function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line += 1;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
