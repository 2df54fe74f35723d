import { ApiError } from '../../common/errors';

/**
 * Why a corpus file was refused, as `details.cause` of a `corpus_refused` error, so a shell can
 * say what to do without parsing the message.
 */
export type RefusalCause = 'missing' | 'read_only' | 'network_filesystem' | 'damaged' | 'not_sqlite' | 'not_a_corpus' | 'newer_version' | 'migrations_differ';

export function refused(path: string, cause: RefusalCause, why: string): ApiError {
  return new ApiError('corpus_refused', `${path} ${why}; the file was left untouched`, { cause });
}
