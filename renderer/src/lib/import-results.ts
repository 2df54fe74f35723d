/** What the import dialog shows per chosen file, assembled from uploads and the import's answer. */
import type { ImportFileResult } from '../../../common/corpus/corpus-types';
import type { ApiErrorData } from '../../../common/errors';

/** What became of a chosen file before the import call: the path to import, or why not. */
export type Prepared = { path: string } | { error: ApiErrorData };

/** One row of the result table. */
export interface ImportRow {
  /** The file's name as the user chose it. */
  name: string;
  format: string;
  rollouts: number;
  steps: number;
  failures: number;
  rubrics: number;
  duplicates: number;
  status: 'ok' | 'failed';
  /** Why nothing of the file was written, in the user's own file name. */
  error: ApiErrorData | null;
}

/**
 * Puts back the names the user knows in a backend message: an uploaded file lives under a
 * temporary path on the server, which means nothing to the person who picked it.
 */
export function withFileNames(text: string, pairs: readonly { path: string; name: string }[]): string {
  return pairs.reduce((out, { path, name }) => (path === '' ? out : out.split(path).join(name)), text);
}

/**
 * The rows, in the order the files were chosen. `results` answer the prepared files that had
 * a path, in that order; a file missing from them (the call failed) takes `callError`.
 */
export function importRows(
  names: readonly string[],
  prepared: readonly Prepared[],
  results: readonly ImportFileResult[],
  callError: ApiErrorData | null = null,
): ImportRow[] {
  const pairs = prepared.flatMap((p, i) => ('path' in p ? [{ path: p.path, name: names[i] ?? p.path }] : []));
  let next = 0;
  return prepared.map((p, i) => {
    const name = names[i] ?? '';
    const result = 'path' in p ? results[next++] : undefined;
    const fallback = 'error' in p ? p.error : (callError ?? { code: 'internal', message: `${name}: the import gave no result for this file` });
    const error = result ? result.error : fallback;
    return {
      name,
      format: result?.format ?? '—',
      rollouts: result?.rollouts ?? 0,
      steps: result?.steps ?? 0,
      failures: result?.failures ?? 0,
      rubrics: result?.rubrics ?? 0,
      duplicates: result?.duplicates ?? 0,
      status: error ? 'failed' : 'ok',
      error: error ? { ...error, message: withFileNames(error.message, pairs) } : null,
    };
  });
}

/** Whether a row's file was stopped by Cancel rather than refused. */
export function wasCancelled(row: ImportRow): boolean {
  return row.error?.code === 'cancelled';
}

/** One line over the table: how many files landed, and how many failed or were cancelled. */
export function importSummary(rows: readonly ImportRow[]): string {
  const cancelled = rows.filter(wasCancelled).length;
  const failed = rows.filter((r) => r.status === 'failed').length - cancelled;
  const files = `${rows.length} ${rows.length === 1 ? 'file' : 'files'}`;
  if (failed + cancelled === 0) return `${files} imported.`;
  const parts = [failed > 0 ? `${failed} failed` : '', cancelled > 0 ? `${cancelled} cancelled` : ''].filter((p) => p !== '');
  const nothing = failed + cancelled === 1 ? 'it' : 'them';
  return `${rows.length - failed - cancelled} of ${files} imported; ${parts.join(', ')} (nothing written from ${nothing}).`;
}
