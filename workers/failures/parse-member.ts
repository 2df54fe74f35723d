/**
 * Parsing of one exception of a traceback chain: its frames, its exception
 * line and its message. Works on a {@link LineView}, so the same code reads
 * plain, prefixed (`[rank0]: `) and exception-group (`  | `) tracebacks.
 */
import type { Frame as StoredFrame } from '../../common/corpus/corpus-types';
import {
  isForeignLine,
  isGroupBoxLine,
  isGroupHeader,
  isGroupLine,
  isMarkerLine,
  isTracebackHeader,
  opensGroupBox,
  parseExceptionLine,
  parseFrameLine,
  parseRepeatLine,
  separatorRelation,
  stripGroupMargin,
  type ExceptionLine,
} from './traceback-lines';

/**
 * One stack frame of a traceback: the stored frame shape of common/corpus/corpus-types.ts.
 * `function` is null for a SyntaxError location, which CPython prints without
 * `in func`; `code` holds the source line(s) printed under the frame, dedented,
 * with caret and tilde marker lines dropped.
 */
export interface Frame extends StoredFrame {
  /** N from a following `[Previous line repeated N more times]`: this frame occurs N more times, not listed. */
  repeated?: number;
}

/** An exception with its frames, before it is linked into a chain. */
export interface MemberException {
  exceptionClass: string;
  /** The message, possibly multi-line; '' for an exception printed without one (`KeyboardInterrupt`). */
  message: string;
  frames: Frame[];
}

/**
 * Content of line `index` inside a block with the block's prefix (and group
 * margin) removed, or null when the line is outside the block.
 */
export type LineView = (index: number) => string | null;

/** How a chain member begins on its first line. */
export type MemberStart = 'header' | 'group' | 'frames' | 'exception' | 'group-exception';

/** A parsed member and the index of the first line after it; or the line where parsing gave up. */
type MemberOutcome = { exception: MemberException; next: number } | { failedAt: number };

/**
 * Exceptions whose message CPython always prints on one line: KeyError and
 * ModuleNotFoundError repr() their argument, OSError formats `[Errno N] text:
 * 'path'`. Stopping after one line keeps stdout that a crashed process flushes
 * after its traceback (streams merged by `2>&1`) out of the message.
 */
function isSingleLineMessage(exception: ExceptionLine): boolean {
  const name = exception.exceptionClass.slice(exception.exceptionClass.lastIndexOf('.') + 1);
  return name === 'KeyError' || name === 'ModuleNotFoundError' || /^\[Errno \d+\]/.test(exception.rest ?? '');
}

function startsStructure(line: string): boolean {
  return isTracebackHeader(line) || isGroupHeader(line) || separatorRelation(line) !== null || parseFrameLine(line) !== null;
}

/**
 * Reads the message that starts on the exception line at `index`. It continues
 * until a blank line, a line that starts traceback structure, or a line that
 * clearly comes from other output. A message whose first line is empty
 * (`ValueError: ` then text, as sklearn's "All the N fits failed" and
 * multiprocessing's bootstrapping error print) is written to span paragraphs,
 * so blank lines and embedded tracebacks stay in it; it ends before a chain
 * separator, a foreign line or the end of the block.
 */
function readMessage(view: LineView, index: number, exception: ExceptionLine): { message: string; next: number } {
  if (exception.rest === null) return { message: '', next: index + 1 };
  if (isSingleLineMessage(exception)) return { message: exception.rest, next: index + 1 };
  const spansParagraphs = exception.rest === '';
  const parts = [exception.rest];
  let at = index + 1;
  for (;;) {
    const line = view(at);
    if (line === null) break;
    if (line === '') {
      if (!spansParagraphs) break;
      let after = at + 1;
      while (view(after) === '') after++;
      const resumed = view(after);
      if (resumed === null || separatorRelation(resumed) !== null || isForeignLine(resumed)) break;
      for (; at < after; at++) parts.push('');
      continue;
    }
    if ((!spansParagraphs && startsStructure(line)) || isForeignLine(line)) break;
    parts.push(line);
    at++;
  }
  return { message: parts.join('\n').trim(), next: at };
}

function isCodeLine(line: string): boolean {
  return line.startsWith('    ') && parseFrameLine(line) === null && parseRepeatLine(line) === null;
}

/** Removes the indentation shared by all non-empty lines. */
function dedent(lines: string[]): string {
  let common = Infinity;
  for (const line of lines) {
    if (line.trim() === '') continue;
    common = Math.min(common, line.length - line.trimStart().length);
  }
  const cut = Number.isFinite(common) ? common : 0;
  return lines.map((line) => line.slice(cut)).join('\n');
}

/** Reads the source lines under a frame starting at `index`, skipping marker lines. */
function readCode(view: LineView, index: number): { code: string | null; next: number } {
  const code: string[] = [];
  let at = index;
  for (let line = view(at); line !== null && isCodeLine(line); line = view(++at)) {
    if (!isMarkerLine(line)) code.push(line);
  }
  return { code: code.length > 0 ? dedent(code) : null, next: at };
}

/** Reads frames from `index` until the exception line, then the message. */
function readFramesAndException(view: LineView, index: number): MemberOutcome {
  const frames: Frame[] = [];
  let at = index;
  for (;;) {
    const line = view(at);
    if (line === null) return { failedAt: at };
    const location = parseFrameLine(line);
    if (location) {
      const { code, next } = readCode(view, at + 1);
      // Explicit objects: V8's object spread is an order of magnitude slower on this hot path.
      const frame: Frame = { file: location.file, line: location.line, function: location.function };
      if (code !== null) frame.code = code;
      frames.push(frame);
      at = next;
      continue;
    }
    const repeat = parseRepeatLine(line);
    const last = frames[frames.length - 1];
    if (repeat !== null && last) {
      last.repeated = repeat;
      at++;
      continue;
    }
    return readExceptionAt(view, at, frames);
  }
}

function readExceptionAt(view: LineView, index: number, frames: Frame[]): MemberOutcome {
  const line = view(index);
  if (line === null) return { failedAt: index };
  const exception = parseExceptionLine(line);
  if (!exception || isForeignLine(line)) return { failedAt: index };
  const { message, next } = readMessage(view, index, exception);
  return { exception: { exceptionClass: exception.exceptionClass, message, frames }, next };
}

/**
 * A view of an exception group's own section: lines inside its `|` margin, up
 * to the first box line. Sub-exceptions are not parsed; only the group itself
 * becomes a chain member.
 */
function groupView(view: LineView): LineView {
  return (index) => {
    const line = view(index);
    return line === null || isGroupBoxLine(line) ? null : stripGroupMargin(line);
  };
}

/** Index of the first line after the sub-exception boxes that follow a group's own section. */
function skipGroupBoxes(view: LineView, index: number): number {
  let at = index;
  for (let line = view(at); line !== null && isGroupLine(line); line = view(++at));
  return at;
}

/** Parses the chain member whose first line is `index`, begun as `start` says. */
export function parseMember(view: LineView, index: number, start: MemberStart): MemberOutcome {
  switch (start) {
    case 'header':
      return readFramesAndException(view, index + 1);
    case 'frames':
      return readFramesAndException(view, index);
    case 'exception':
      return readExceptionAt(view, index, []);
    case 'group':
    case 'group-exception': {
      const inner = groupView(view);
      const own = start === 'group' ? readFramesAndException(inner, index + 1) : readExceptionAt(inner, index, []);
      return 'failedAt' in own ? own : { exception: own.exception, next: skipGroupBoxes(view, own.next) };
    }
  }
}

/**
 * True when line `index` is the margined exception line of a group printed
 * without its own traceback (the group `except*` re-raises), followed by the
 * box of its first sub-exception.
 */
export function isBareGroupAt(view: LineView, index: number): boolean {
  const line = view(index);
  const margined = line === null ? null : stripGroupMargin(line);
  if (margined === null) return false;
  const next = view(index + 1);
  return next !== null && opensGroupBox(next) && parseExceptionLine(margined) !== null;
}

/**
 * How the chain member after a separator begins at line `index`, or null if
 * no member begins there. After a separator a bare exception line is a member
 * too: a cause that was never raised is printed without a traceback.
 */
export function memberStartAt(view: LineView, index: number): MemberStart | null {
  const line = view(index);
  if (line === null || line === '') return null;
  if (isTracebackHeader(line)) return 'header';
  if (isGroupHeader(line)) return 'group';
  if (parseFrameLine(line)) return 'frames';
  if (isBareGroupAt(view, index)) return 'group-exception';
  return parseExceptionLine(line) && !isForeignLine(line) ? 'exception' : null;
}
