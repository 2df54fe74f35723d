/**
 * Turns one executed step (command, output, exit status) into a failure event
 * draft: its kind and, when a traceback was printed, the exception and frames.
 *
 * Rules, in order:
 * 1. `timedOut` or exit 124 (coreutils `timeout`) → `timeout`.
 * 2. `killed` or exit 137 / -9 (SIGKILL, as a shell and Python's subprocess
 *    report it) → `oom` when the output says memory ran out, else `killed`.
 * 3. Exit 0 → no failure, unless the command's status may be masked (a pipe
 *    without pipefail, `||`) and the output ends with a traceback (only blank,
 *    shell or log lines after it). A traceback followed by other output in a
 *    step that exited 0 is taken to be caught and printed
 *    (`traceback.print_exc()`, `logging.exception`).
 * 4. Exit 127 with a shell "command not found" → `crash`, no exception class,
 *    message `command not found: X`; `missing_package` when X clearly comes
 *    from a package.
 * 5. A traceback → `oom` if any exception of its chain is an out-of-memory
 *    error, `missing_package` if the final exception (or its direct cause) is
 *    a missing module, else `crash`.
 * 6. No traceback: a harness's time-out notice (SWE-agent's `EXECUTION TIMED
 *    OUT`) → `timeout`; out-of-memory text → `oom`; a pip/conda/apt "no such
 *    package" → `missing_package`; a missing command → as in 4; otherwise
 *    `crash` with the last error line as message.
 * An unknown exit status (null) counts as a failure only on evidence: a
 * traceback or one of the texts of rule 6, never the generic fallback.
 *
 * Both streams are searched, escape sequences stripped; tracebacks in stderr
 * win over those in stdout, and within a stream the last one wins (a crashing
 * process prints its uncaught traceback last). `wrong_answer` and
 * `invalid_output` come from grading, never from a step.
 */
import type { FailureKind } from '../../common/corpus/corpus-types';
import { stripAnsi } from './ansi';
import {
  findKilledNotice,
  findMissingCommand,
  findOutOfMemory,
  findPackageResolutionError,
  findTimeoutNotice,
  lastNonBlankLine,
  mentionsOutOfMemory,
  type MissingCommand,
} from './evidence';
import { parseTracebacks, type ChainedException, type Frame, type ParsedTraceback } from './parse-traceback';
import { parsePytestReport } from './pytest-report';
import { exitStatusMayBeMasked } from './shell';
import { isForeignLine } from './traceback-lines';
import { visibleText } from './text-lines';

export type { FailureKind } from '../../common/corpus/corpus-types';

/** What running one command produced, as recorded in a step. */
export interface StepOutcome {
  command: string;
  stdout: string;
  stderr: string;
  /** Exit status; null when the harness did not record one. */
  exitCode: number | null;
  timedOut: boolean;
  killed: boolean;
}

/** A failure event derived from a step, before it is stored. */
export interface FailureDraft {
  kind: FailureKind;
  /** Class of the final exception, dotted as printed (`torch.OutOfMemoryError`); null without a traceback. */
  exceptionClass: string | null;
  /** The final exception's message, or the error line found in the output; null when there is none. */
  message: string | null;
  /** Frames of the final exception, outermost first, innermost last. */
  frames: Frame[];
  /** Every exception of the traceback in printed order (root causes first); empty without a traceback. */
  chain: ChainedException[];
  /** The traceback block as printed, escape sequences removed; null without one. */
  traceback: string | null;
}

/** The traceback that describes the step and whether nothing but noise follows it. */
interface FinalTraceback {
  block: ParsedTraceback;
  endsOutput: boolean;
}

/** True when only blank lines and clearly foreign lines (shell, logger, harness) follow offset `from`. */
function onlyNoiseAfter(text: string, from: number): boolean {
  for (let at = from; at < text.length;) {
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? text.length : newline;
    const line = visibleText(text.slice(at, end));
    if (line.trim() !== '' && !isForeignLine(line)) return false;
    at = end + 1;
  }
  return true;
}

function finalTraceback(stderr: string, stdout: string): FinalTraceback | null {
  for (const text of [stderr, stdout]) {
    const block = parseTracebacks(text).at(-1);
    if (block) return { block, endsOutput: onlyNoiseAfter(text, block.end) };
  }
  // pytest's own report of a failed test, only where no CPython traceback was printed.
  for (const text of [stderr, stdout]) {
    const block = text.includes('\nE ') || text.startsWith('E ') ? parsePytestReport(text) : null;
    if (block) return { block, endsOutput: onlyNoiseAfter(text, block.end) };
  }
  return null;
}

const MEMORY_ERROR_CLASSES: ReadonlySet<string> = new Set(['MemoryError', 'OutOfMemoryError', '_ArrayMemoryError', 'ResourceExhaustedError']);

function shortName(exceptionClass: string): string {
  return exceptionClass.slice(exceptionClass.lastIndexOf('.') + 1);
}

function isOutOfMemory(exception: ChainedException): boolean {
  return MEMORY_ERROR_CLASSES.has(shortName(exception.exceptionClass)) || mentionsOutOfMemory(exception.message);
}

function isMissingModule(exception: ChainedException): boolean {
  const name = shortName(exception.exceptionClass);
  if (name === 'ModuleNotFoundError') return true;
  return name === 'ImportError' && /No module named|Missing optional dependency|pip install|conda install/.test(exception.message);
}

/**
 * Kind implied by a traceback. Out-of-memory anywhere in the chain counts,
 * because frameworks wrap or re-raise it (accelerate's batch-size finder, a
 * handler failing on broken CUDA state). A missing module counts only as the
 * final exception or its direct cause: one in the handled context is usually
 * an optional import whose fallback then failed for another reason.
 */
function tracebackKind(chain: readonly ChainedException[]): FailureKind {
  if (chain.some(isOutOfMemory)) return 'oom';
  const final = chain[chain.length - 1];
  const cause = final?.relation === 'cause' ? chain[chain.length - 2] : undefined;
  if ((final && isMissingModule(final)) || (cause && isMissingModule(cause))) return 'missing_package';
  return 'crash';
}

function draft(kind: FailureKind, block: ParsedTraceback | null, message: string | null): FailureDraft {
  if (!block) return { kind, exceptionClass: null, message, frames: [], chain: [], traceback: null };
  return {
    kind,
    exceptionClass: block.final.exceptionClass,
    message: block.final.message === '' ? message : block.final.message,
    frames: block.final.frames,
    chain: block.chain,
    traceback: block.text,
  };
}

function missingCommandDraft(missing: MissingCommand): FailureDraft {
  return draft(missing.fromPackage ? 'missing_package' : 'crash', null, `command not found: ${missing.command}`);
}

/** Rule 6: failure evidence in text when no traceback was printed; null when there is none. */
function evidenceDraft(text: string): FailureDraft | null {
  const timedOut = findTimeoutNotice(text);
  if (timedOut) return draft('timeout', null, timedOut);
  const oom = findOutOfMemory(text);
  if (oom) return draft('oom', null, oom);
  const unresolved = findPackageResolutionError(text);
  if (unresolved) return draft('missing_package', null, unresolved);
  const missing = findMissingCommand(text);
  return missing ? missingCommandDraft(missing) : null;
}

/**
 * Derives the failure event of one step, or null when the step did not fail.
 * See the module comment for the rules; the input is not modified.
 */
export function extractFailure(step: StepOutcome): FailureDraft | null {
  const cleanExit = step.exitCode === 0 && !step.timedOut && !step.killed;
  // Most steps succeed; an exit status nothing can mask settles them before any parsing.
  if (cleanExit && !exitStatusMayBeMasked(step.command)) return null;
  const stderr = stripAnsi(step.stderr);
  const stdout = stripAnsi(step.stdout);
  const both = `${stderr}\n${stdout}`;
  const found = finalTraceback(stderr, stdout);
  // A traceback that ends the output: where a timed-out or killed step was
  // stopped, or the uncaught error behind a masked exit status.
  const trailing = found?.endsOutput ? found.block : null;

  if (step.timedOut || step.exitCode === 124) return draft('timeout', trailing, findTimeoutNotice(both));
  if (step.killed || step.exitCode === 137 || step.exitCode === -9) {
    if (found && found.block.chain.some(isOutOfMemory)) return draft('oom', found.block, null);
    const oom = findOutOfMemory(both);
    return oom ? draft('oom', trailing, oom) : draft('killed', trailing, findKilledNotice(both));
  }
  if (cleanExit) return trailing && draft(tracebackKind(trailing.chain), trailing, null);
  if (step.exitCode === 127) {
    const missing = findMissingCommand(both);
    if (missing) return missingCommandDraft(missing);
  }
  if (found) return draft(tracebackKind(found.block.chain), found.block, null);
  const evidence = evidenceDraft(both);
  if (evidence || step.exitCode === null) return evidence;
  return draft('crash', null, lastNonBlankLine(stderr) ?? lastNonBlankLine(stdout));
}
