/**
 * pytest's own failure report (its default `--tb=long` and `--tb=short` styles), which is
 * not a CPython traceback: frames are `path:line: ` location lines after each source
 * excerpt, the last one ending with the exception class, and the exception is printed on
 * `E   ` lines. Read only where no CPython traceback was found, so a `Traceback` header
 * behind `E   ` or `INTERNALERROR> ` (which parseTracebacks reads as a prefixed block)
 * wins.
 */
import type { ParsedTraceback } from './parse-traceback';
import type { Frame } from './parse-member';

/** `tests/test_a.py:12: ` or, on the failing frame, `src/x.py:2: ZeroDivisionError`. */
const location = /^(\S+?\.py):(\d+):(?: ([A-Za-z_][\w.]*))?\s*$/;
const errorLine = /^E {1,}(\S.*)$/;
const exceptionText = /^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Failure|Failed))(?:: ([\s\S]*))?$/;

/** The last failure pytest reported in `text`, as a traceback block; null when there is none. */
export function parsePytestReport(text: string): ParsedTraceback | null {
  const lines = text.split('\n');
  let frames: Frame[] = [];
  let errors: { text: string; at: number }[] = [];
  let start = -1;
  let found: ParsedTraceback | null = null;
  let offset = 0;
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    const error = errorLine.exec(line);
    if (error) {
      if (start === -1) start = offset;
      errors.push({ text: error[1]!, at: offset });
    }
    const where = location.exec(line);
    if (where) {
      if (start === -1) start = offset;
      frames.push({ file: where[1]!, line: Number(where[2]), function: null });
      const exceptionClass = where[3];
      if (exceptionClass !== undefined) {
        const end = offset + raw.length;
        const described = errors.map((e) => exceptionText.exec(e.text)).findLast((m) => m?.[1] === exceptionClass);
        const message = described?.[2] ?? errors.map((e) => e.text).join('\n');
        const final = { exceptionClass, message: message.trim(), frames, relation: null };
        found = { text: text.slice(start, end), start, end, chain: [final], final };
        frames = [];
        errors = [];
        start = -1;
      }
    }
    offset += raw.length + 1;
  }
  return found;
}
