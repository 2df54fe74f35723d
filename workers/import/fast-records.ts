import { failureKinds, failureRecord, programRecord, stepRecord, type RecordOf } from '../../common/corpus/bundle';

/**
 * Steps, programs and failure annotations are nearly every record of a large bundle, and
 * validating each through zod costs more than parsing its JSON. These checks accept only
 * what the bundle schemas certainly accept and build the very object zod's parse would (the
 * same fields in the same order, defaults filled in, nested objects stripped, unknown
 * fields kept after the known ones); anything else, near a limit included, returns
 * undefined and goes through zod, so every error still comes from the schemas.
 * fast-records.test.ts holds these to zod on valid and invalid records.
 */
export function fastRecord(json: Record<string, unknown>): RecordOf<'step' | 'program' | 'failure'> | undefined {
  switch (json.type) {
    case 'step':
      return stepFields ? fastStep(json) : undefined;
    case 'program':
      return programFields ? fastProgram(json) : undefined;
    case 'failure':
      return failureFields ? fastFailure(json) : undefined;
    default:
      return undefined;
  }
}

/**
 * The fields of a record type, when they are exactly the ones its check below knows: a
 * field added to or removed from the schema turns that check off rather than letting it
 * build something else than zod would.
 */
function knownFields(shape: object, expected: readonly string[]): ReadonlySet<string> | null {
  const fields = Object.keys(shape);
  return fields.length === expected.length && fields.every((f, i) => f === expected[i]) ? new Set(fields) : null;
}

const stepFields = knownFields(stepRecord.shape, [
  'type',
  'rollout',
  'index',
  'parent',
  'command',
  'stdout',
  'stderr',
  'exitCode',
  'durationMs',
  'timedOut',
  'killed',
  'score',
  'program',
]);
const programFields = knownFields(programRecord.shape, ['type', 'rollout', 'path', 'version', 'content']);
const failureFields = knownFields(failureRecord.shape, ['type', 'rollout', 'step', 'kind', 'category', 'cause', 'message']);
const kinds: ReadonlySet<unknown> = new Set(failureKinds);

/** An id (1 to 512 characters); longer in UTF-16 units is left to zod, which counts code points. */
const isId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 512;
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || check(v);
const nullable = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || v === null || check(v);

/** Copies the fields the schema does not know, as a loose object's parse does (never `__proto__`). */
function copyUnknown(json: Record<string, unknown>, known: ReadonlySet<string>, out: Record<string, unknown>): void {
  for (const key in json) if (!known.has(key) && key !== '__proto__') out[key] = json[key];
}

function fastStep(json: Record<string, unknown>): RecordOf<'step'> | undefined {
  const { rollout, index, parent, command, stdout, stderr, exitCode, durationMs, timedOut, killed, score, program } = json;
  if (!isId(rollout) || !isCount(index) || typeof command !== 'string') return undefined;
  if (!optional(stdout, (v) => typeof v === 'string') || !optional(stderr, (v) => typeof v === 'string')) return undefined;
  if (!optional(timedOut, (v) => typeof v === 'boolean') || !optional(killed, (v) => typeof v === 'boolean')) return undefined;
  if (!nullable(parent, isCount) || !nullable(exitCode, Number.isSafeInteger) || !nullable(score, isFiniteNumber)) return undefined;
  if (!nullable(durationMs, (v) => isFiniteNumber(v) && v >= 0)) return undefined;
  if (!nullable(program, (v) => isPlainObject(v) && typeof v.path === 'string' && v.path.length >= 1 && isCount(v.version))) return undefined;
  const out: Record<string, unknown> = { type: 'step', rollout, index };
  if (parent !== undefined) out.parent = parent;
  out.command = command;
  out.stdout = stdout ?? '';
  out.stderr = stderr ?? '';
  if (exitCode !== undefined) out.exitCode = exitCode;
  if (durationMs !== undefined) out.durationMs = durationMs;
  out.timedOut = timedOut ?? false;
  out.killed = killed ?? false;
  if (score !== undefined) out.score = score;
  if (program !== undefined) {
    out.program = program === null ? null : { path: (program as { path: string }).path, version: (program as { version: number }).version };
  }
  copyUnknown(json, stepFields!, out);
  return out as RecordOf<'step'>;
}

function fastProgram(json: Record<string, unknown>): RecordOf<'program'> | undefined {
  const { rollout, path, version, content } = json;
  if (!isId(rollout) || typeof path !== 'string' || path.length < 1 || !isCount(version) || typeof content !== 'string') return undefined;
  const out: Record<string, unknown> = { type: 'program', rollout, path, version, content };
  copyUnknown(json, programFields!, out);
  return out as RecordOf<'program'>;
}

function fastFailure(json: Record<string, unknown>): RecordOf<'failure'> | undefined {
  const { rollout, step, kind, category, cause, message } = json;
  if (!isId(rollout) || !(step === null || isCount(step))) return undefined;
  if (!optional(kind, (v) => kinds.has(v)) || !nullable(category, (v) => typeof v === 'string') || !optional(cause, (v) => typeof v === 'string')) {
    return undefined;
  }
  if (!optional(message, (v) => typeof v === 'string')) return undefined;
  const out: Record<string, unknown> = { type: 'failure', rollout, step };
  if (kind !== undefined) out.kind = kind;
  if (category !== undefined) out.category = category;
  if (cause !== undefined) out.cause = cause;
  if (message !== undefined) out.message = message;
  copyUnknown(json, failureFields!, out);
  return out as RecordOf<'failure'>;
}
