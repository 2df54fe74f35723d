/** A refused request's validation issues, by the form field they belong to. */
import { toErrorData } from '../../../common/errors';

/** Messages by top-level request field (`port`, `repeats`, ...); `''` holds anything not about one field. */
export type FieldErrors = Record<string, string>;

/** The `{field, message}` issues of an `invalid_request` error, keyed by their top-level field. */
export function fieldErrorsOf(err: unknown): FieldErrors {
  const data = toErrorData(err);
  const issues = (data.details as { issues?: { field: string; message: string }[] } | undefined)?.issues;
  if (data.code !== 'invalid_request' || !Array.isArray(issues) || issues.length === 0) return { '': data.message };
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.field.split('.')[0] ?? '';
    errors[field] = errors[field] ? `${errors[field]}; ${issue.message}` : issue.message;
  }
  return errors;
}
