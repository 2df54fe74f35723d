/**
 * Formatting of CPython 3.11 tracebacks: frames with their source line and the 3.11
 * position markers (`^` for the failing call, `~`/`^` for subscripts and binary
 * operators), chained exceptions and compile-time SyntaxErrors. Frames in the agent's
 * own program are located by searching the program text, so line numbers always point
 * at the line of the version that ran.
 */

/** One `File "...", line N, in func` entry. */
export interface Frame {
  file: string;
  line: number;
  func: string;
  /** Source line as CPython prints it (stripped); absent for Cython frames. */
  source?: string;
  /** Marker line, relative to the stripped source (leading spaces included). */
  markers?: string;
}

/** How the failing expression is marked under the source line. */
export type Marker = { seg: string } | { seg: string; subscript: true } | { seg: string; op: string };

/** Where site-packages live in the sandbox images. */
export const sitePackages = '/usr/local/lib/python3.11/site-packages';

/** Computes CPython 3.11's marker line for a segment of a stripped source line. */
export function markerLine(stripped: string, marker: Marker): string | undefined {
  const start = stripped.indexOf(marker.seg);
  if (start < 0) throw new Error(`segment ${marker.seg} not in line ${stripped}`);
  const seg = marker.seg;
  const pad = ' '.repeat(start);
  if ('subscript' in marker) {
    const open = seg.lastIndexOf('[');
    return pad + '~'.repeat(open) + '^'.repeat(seg.length - open);
  }
  if ('op' in marker) {
    const at = seg.indexOf(` ${marker.op} `) + 1;
    if (at <= 0) throw new Error(`operator ${marker.op} not in ${seg}`);
    return pad + '~'.repeat(at) + '^'.repeat(marker.op.length) + '~'.repeat(seg.length - at - marker.op.length);
  }
  // 3.11 omits plain markers when the failing call spans the whole line.
  return seg === stripped ? undefined : pad + '^'.repeat(seg.length);
}

/** Finds the unique 1-based line of `content` containing `needle`. */
export function lineOf(content: string, needle: string): number {
  const lines = content.split('\n');
  const hits = lines.flatMap((l, i) => (l.includes(needle) ? [i + 1] : []));
  if (hits.length !== 1) throw new Error(`expected one line containing ${JSON.stringify(needle)}, found ${hits.length}`);
  return hits[0] as number;
}

/** A frame in the agent's program, located by a needle unique in that version. */
export function programFrame(file: string, content: string, needle: string, func = '<module>', marker?: Marker): Frame {
  const line = lineOf(content, needle);
  const source = (content.split('\n')[line - 1] ?? '').trim();
  return { file, line, func, source, markers: marker ? markerLine(source, marker) : undefined };
}

/** A frame in an installed library (path relative to site-packages) or the stdlib. */
export function libFrame(path: string, line: number, func: string, source?: string, seg?: string): Frame {
  const file = path.startsWith('/') ? path : `${sitePackages}/${path}`;
  return { file, line, func, source, markers: source && seg ? markerLine(source, { seg }) : undefined };
}

/** A compiled-extension frame: CPython prints no source for these. */
export function cythonFrame(file: string, line: number, func: string): Frame {
  return { file, line, func };
}

function renderFrame(f: Frame): string {
  let out = `  File "${f.file}", line ${f.line}, in ${f.func}\n`;
  if (f.source) out += `    ${f.source}\n`;
  if (f.source && f.markers) out += `    ${f.markers}\n`;
  return out;
}

/** A full traceback ending with the exception line(s); always ends with a newline. */
export function traceback(frames: Frame[], exception: string): string {
  return `Traceback (most recent call last):\n${frames.map(renderFrame).join('')}${exception}\n`;
}

/** Joins two tracebacks the way CPython prints `raise ... from` (cause) or an error in an except block (context). */
export function chain(first: string, second: string, how: 'cause' | 'context'): string {
  const text =
    how === 'cause'
      ? 'The above exception was the direct cause of the following exception:'
      : 'During handling of the above exception, another exception occurred:';
  return `${first}\n${text}\n\n${second}`;
}

/**
 * A compile-time error of the main script: CPython prints no "Traceback" header, only
 * the location, the line, a caret at `column` (0-based in the stripped line) and the message.
 */
export function syntaxError(file: string, content: string, needle: string, column: number, message: string, cls = 'SyntaxError', width = 1): string {
  const line = lineOf(content, needle);
  const source = (content.split('\n')[line - 1] ?? '').trim();
  return `  File "${file}", line ${line}\n    ${source}\n    ${' '.repeat(column)}${'^'.repeat(width)}\n${cls}: ${message}\n`;
}
