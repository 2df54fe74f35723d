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
  // Recursion through a deeply nested value (validation, cloning) overflows the stack: the input's fault, not the code's.
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    return { code: 'too_deep', message: 'the request is nested too deeply to process; send a flatter request' };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message };
}

export function isApiErrorData(value: unknown): value is ApiErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && (errorCodes as readonly string[]).includes(v.code) && typeof v.message === 'string';
}
