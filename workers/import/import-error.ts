import { ApiError } from '../../common/errors';

/** Where in an input file something went wrong. */
export interface SourceLocation {
  file: string;
  line: number;
  field?: string;
}

/** An import failure that names `file:line` and, when known, the field. */
export function importError(at: SourceLocation, message: string): ApiError {
  const where = `${at.file}:${at.line}${at.field ? ` field "${at.field}"` : ''}`;
  return new ApiError('import_failed', `${where}: ${message}`, at);
}
