/** Errors cross every process boundary as plain data: `{code, message, details}`. */
export const errorCodes = [
  'invalid_request',
  'unknown_operation',
  'not_found',
  'import_failed',
  'corpus_refused',
  'unavailable',
  'cancelled',
  'internal',
  /** Another process holds the corpus's write lock longer than the busy timeout: try again. */
  'busy',
  /** The disk holding the corpus (or an export) is full: free space, then try again. */
  'disk_full',
  /** The corpus (or its folder) cannot be written: a read-only location or file. */
  'read_only',
  /** A request nested deeper than any operation needs (JSON objects or arrays within each other). */
  'too_deep',
  /** A request body or upload larger than the server accepts. */
  'too_large',
  /** The session's person may not do this: their role is below the operation's, or the request names someone else. */
  'forbidden',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface ApiErrorData {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** An error meant for the user: its message is shown as is, so it must name the file, line or field. */
export class ApiError extends Error implements ApiErrorData {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toJSON(): ApiErrorData {
    return { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) };
  }
}

/** Turns anything thrown into wire data; unexpected errors keep their message but are marked internal. */
export function toErrorData(err: unknown): ApiErrorData {
  if (err instanceof ApiError) return err.toJSON();
  if (isApiErrorData(err)) return err;
  const predictable = predictableError(err);
  if (predictable) return predictable;
  // Recursion through a deeply nested value (validation, cloning) overflows the stack: the input's fault, not the code's.
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    return { code: 'too_deep', message: 'the request is nested too deeply to process; send a flatter request' };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message };
}

/**
 * Conditions of the machine rather than the code, recognised by their system or SQLite error
 * code wherever they were raised, with a message that says what to do. The database layer
 * maps SQLite's codes itself; this catches what reaches the boundary unmapped.
 */
function predictableError(err: unknown): ApiErrorData | null {
  if (!(err instanceof Error)) return null;
  const code = (err as Error & { code?: unknown }).code;
  const path = (err as Error & { path?: unknown }).path;
  const where = typeof path === 'string' ? `${path}: ` : '';
  switch (code) {
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return { code: 'busy', message: 'another process is writing to the corpus; try again in a moment' };
    case 'SQLITE_FULL':
    case 'ENOSPC':
    case 'EDQUOT':
      return { code: 'disk_full', message: `${where}the disk is full; free some space and try again` };
    case 'SQLITE_READONLY':
    case 'EROFS':
      return { code: 'read_only', message: `${where}this location is read-only; choose a writable one` };
    case 'ENOENT':
    case 'ENOTDIR':
      return { code: 'not_found', message: `${where}no such file or folder` };
    case 'ENAMETOOLONG':
      return { code: 'invalid_request', message: 'the file name is too long for this file system; choose a shorter one' };
    case 'EACCES':
    case 'EPERM':
      return { code: 'invalid_request', message: `${where}permission denied; choose a location you can write to` };
    case 'EISDIR':
      return { code: 'invalid_request', message: `${where}is a folder; name a file` };
    default:
      return null;
  }
}

export function isApiErrorData(value: unknown): value is ApiErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && (errorCodes as readonly string[]).includes(v.code) && typeof v.message === 'string';
}
