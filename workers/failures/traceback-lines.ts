/**
 * The line grammar of CPython's traceback printer (Lib/traceback.py, 3.8-3.13):
 * recognisers for single visible lines. Every pattern is anchored and free of
 * nested ambiguous quantifiers, so a multi-megabyte line costs linear time.
 */

/** The header CPython prints above every traceback. */
export const TRACEBACK_HEADER = 'Traceback (most recent call last):';

/** The header of an exception group's box (3.11+), printed after `+ `. */
export const GROUP_HEADER = 'Exception Group Traceback (most recent call last):';

/** How an exception printed after a separator relates to the one before it. */
export type ChainRelation = 'cause' | 'context';

const SEPARATORS: ReadonlyMap<string, ChainRelation> = new Map([
  ['The above exception was the direct cause of the following exception:', 'cause'],
  ['During handling of the above exception, another exception occurred:', 'context'],
]);

/** Relation announced by a chain separator line, or null if `line` is not one. */
export function separatorRelation(line: string): ChainRelation | null {
  // Every line of the output passes here; the length test avoids trimming long ones.
  return line.length > 100 ? null : (SEPARATORS.get(line.trim()) ?? null);
}

/** A frame location line: `File "path", line N, in func` (`in func` absent for SyntaxError locations). */
interface FrameLine {
  file: string;
  line: number;
  function: string | null;
}

const FRAME_PATTERN = /^\s*File "(.*)", line (\d+)(?:, in (.+))?$/;

/** Parses a frame location line, or returns null. */
export function parseFrameLine(line: string): FrameLine | null {
  // The cheap prefix test keeps the regex off the vast majority of lines.
  if (!line.startsWith('File "', indentation(line))) return null;
  const match = FRAME_PATTERN.exec(line);
  if (!match) return null;
  return { file: match[1] ?? '', line: Number(match[2]), function: match[3] ?? null };
}

/** An exception line: `pkg.mod.Class: message`, `Class:` (message on the next lines) or a bare `Class`. */
export interface ExceptionLine {
  exceptionClass: string;
  /** Text after `Class: ` on the same line; null for a bare class (CPython prints no colon for an empty message). */
  rest: string | null;
}

const IDENT = String.raw`[\p{L}_][\p{L}\p{N}_]*`;
const EXCEPTION_PATTERN = new RegExp(String.raw`^(${IDENT}(?:\.${IDENT})*)(?::(?: (.*))?)?$`, 'u');

/**
 * Parses an exception line. It must start at column 0: frames and code are
 * always indented, so indentation is what separates the exception line from
 * them. A colon must be followed by a space or the end of the line, which keeps
 * URLs and Windows paths out.
 */
export function parseExceptionLine(line: string): ExceptionLine | null {
  const first = line.charCodeAt(0);
  if (Number.isNaN(first) || first === 32 || first === 9) return null;
  const match = EXCEPTION_PATTERN.exec(line);
  if (!match) return null;
  const hasColon = match[1] !== undefined && line.length > match[1].length;
  return { exceptionClass: match[1] ?? '', rest: hasColon ? (match[2] ?? '') : null };
}

/** True for caret/tilde marker lines (`    ~~~~^^^^`) that point at the failing expression. */
export function isMarkerLine(line: string): boolean {
  let marks = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '^' || ch === '~') marks++;
    else if (ch !== ' ' && ch !== '\t') return false;
  }
  return marks > 0;
}

const REPEAT_PATTERN = /^\s*\[Previous line repeated (\d+) more times?\]$/;

/** The count N of a `[Previous line repeated N more times]` line, or null. */
export function parseRepeatLine(line: string): number | null {
  if (!line.includes('[Previous line repeated')) return null;
  const match = REPEAT_PATTERN.exec(line);
  return match ? Number(match[1]) : null;
}

/** True when `line` (after any block prefix) is the plain traceback header. */
export function isTracebackHeader(line: string): boolean {
  return line === TRACEBACK_HEADER;
}

/** True when `line` opens an exception group box: `  + Exception Group Traceback (most recent call last):`. */
export function isGroupHeader(line: string): boolean {
  return line.endsWith(GROUP_HEADER) && line.slice(0, -GROUP_HEADER.length).trim() === '+';
}

/** True for the box-drawing lines between sub-exceptions of a group (`+-+---- 1 ----`, `+------`). */
export function isGroupBoxLine(line: string): boolean {
  return line.startsWith('+-', indentation(line));
}

/** True for the box line that opens a group's first sub-exception (`  +-+---------------- 1 ----`). */
export function opensGroupBox(line: string): boolean {
  return line.startsWith('+-+', indentation(line));
}

/** True for any line inside a group box: drawn with `|` or `+` in its left margin. */
export function isGroupLine(line: string): boolean {
  const margin = line[indentation(line)];
  return margin === '|' || margin === '+';
}

/** Removes a group's left margin (`  | `) from a line, or returns null when the line has none. */
export function stripGroupMargin(line: string): string | null {
  const bar = indentation(line);
  if (line[bar] !== '|') return null;
  return line.charCodeAt(bar + 1) === 32 ? line.slice(bar + 2) : line.slice(bar + 1);
}

/** Number of leading spaces and tabs. */
function indentation(line: string): number {
  let at = 0;
  while (line[at] === ' ' || line[at] === '\t') at++;
  return at;
}

/**
 * Lines that cannot continue an exception message: output of loggers, shells,
 * schedulers, progress bars and harnesses that commonly follows a traceback in
 * captured output. Each entry is a single anchored pattern.
 */
const FOREIGN_LINE_PATTERNS: readonly RegExp[] = [
  // Timestamped log records: `2024-05-01 12:00:03,114 INFO ...`, `[2024-05-01T12:00:03] ...`.
  /^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/,
  // glog/absl records (PyTorch elastic, TensorFlow, JAX): `E0515 10:22:11.123000 140245 api.py:833] ...`.
  /^[IWEF]\d{4} \d{2}:\d{2}:\d{2}/,
  // Level-prefixed log records and pip/apt errors: `INFO: ...`, `ERROR: Could not find ...`, `W: ...`.
  /^(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL|E|W)(?::| - | \[)/,
  // Python warnings emitted at shutdown: `/x/y.py:12: UserWarning: ...`.
  /^\S+\.py:\d+: [\p{L}_][\p{L}\p{N}_]*Warning: /u,
  // The interpreter's unraisable-exception hook and shell job messages.
  /^Exception ignored in/,
  /^(?:Killed|Terminated|Aborted|Segmentation fault|Bus error)\b/,
  // Shell diagnostics: `bash: line 1: 4242 Killed ...`, `/bin/sh: 1: foo: not found`, `./run.sh: line 3: ...`.
  // Script names need a `/` or `.sh` so that `ValueError: line 3: ...` stays an exception line.
  /^(?:\S*\/)?(?:ba|da|z)?sh: /,
  /^(?:\S*\/\S*|\S+\.sh): line \d+: /,
  // Scheduler and build tools.
  /^(?:srun|slurmstepd|sbatch|salloc): /,
  /^make(?:\[\d+\])?: \*\*\*/,
  // `time` output and progress bars (`  45%|████▌     | 45/100 [00:03<00:04, 12.1it/s]`).
  /^(?:real|user|sys)\t\d/,
  /^\s*\d{1,3}%\|/,
  // Tool banners commonly printed at exit, and the AIDE harness footer.
  /^wandb: /,
  /^Execution time: /,
];

/** True when `line` clearly belongs to other output than a traceback. */
export function isForeignLine(line: string): boolean {
  return FOREIGN_LINE_PATTERNS.some((pattern) => pattern.test(line));
}
