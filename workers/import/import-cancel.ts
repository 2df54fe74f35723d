import { ApiError } from '../../common/errors';

/**
 * Throws the import's cancellation once its signal is aborted. Every loop of an import
 * (inflating, splitting, parsing, scanning) calls it once per chunk, so a cancel is honoured
 * within a chunk's work even when the file yields no records at all.
 */
export function checkCancelled(signal: AbortSignal | undefined, label: string): void {
  if (signal?.aborted) throw new ApiError('cancelled', `${label}: import cancelled; nothing from this file was written`);
}
