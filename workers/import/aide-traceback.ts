/**
 * CPython-format traceback text rebuilt from what an AIDE node records about its
 * exception (`exc_type`, `exc_info`, `exc_stack`). AIDE usually prints the traceback
 * into `_term_out` as well; when it did not, failure extraction (which reads output
 * text, never structured fields) would see no exception, so the importer hands it
 * this text as the step's stderr instead.
 */
import { posix } from 'node:path';

/** One `exc_stack` entry as AIDE writes it from `traceback.extract_tb`: file, line, function, source line. */
export type AideFrame = readonly [file: string, line: number | null, func: string, code: string | null];

/**
 * The traceback CPython would have printed for this exception. Frames before the first
 * one in the agent's file are dropped: they are AIDE's own interpreter (`exec` in
 * `_run_session`), which AIDE also strips from the traceback it prints.
 */
export function synthesiseTraceback(
  excType: string,
  excInfo: Readonly<Record<string, unknown>> | null,
  stack: readonly AideFrame[],
  agentFile: string,
): string {
  const lines = ['Traceback (most recent call last):'];
  for (const [file, line, func, code] of userFrames(stack, agentFile)) {
    // A frame without a line number cannot be printed in a form the traceback parser accepts.
    if (line === null) continue;
    lines.push(`  File "${file}", line ${line}, in ${func}`);
    if (code?.trim()) lines.push(`    ${code.trim()}`);
  }
  const message = exceptionMessage(excType, excInfo);
  lines.push(message === '' ? excType : `${excType}: ${message}`);
  return `${lines.join('\n')}\n`;
}

function userFrames(stack: readonly AideFrame[], agentFile: string): readonly AideFrame[] {
  const first = stack.findIndex(([file]) => posix.basename(file.replaceAll('\\', '/')) === agentFile);
  return first === -1 ? stack : stack.slice(first);
}

/**
 * `str(exception)` as far as `exc_info` allows. AIDE stores `args` already passed
 * through `str()`, plus `msg` for exceptions that have one (SyntaxError, ImportError).
 */
function exceptionMessage(excType: string, excInfo: Readonly<Record<string, unknown>> | null): string {
  const args = Array.isArray(excInfo?.args) ? excInfo.args.map(String) : [];
  if (args.length === 1) {
    // CPython prints a KeyError's key as its repr; the stored str() lost the quotes, so they are put back.
    return excType === 'KeyError' ? `'${args[0]!}'` : args[0]!;
  }
  if (typeof excInfo?.msg === 'string') return excInfo.msg;
  return args.length === 0 ? '' : `(${args.map((a) => `'${a}'`).join(', ')})`;
}
