/**
 * Failure extraction: finds CPython tracebacks in captured output and turns a
 * step's outcome into a failure event draft (docs/domain.md, "Failure event").
 * Pure functions, no I/O.
 */
export { stripAnsi } from './ansi';
export { parseTracebacks, type ChainedException, type Frame, type ParsedTraceback } from './parse-traceback';
export { extractFailure, type FailureDraft, type FailureKind, type StepOutcome } from './classify';
