/**
 * The label import's result rows. A label file adds labels only, so its results take the
 * corpus import's shape (every other count zero) and go through the same row logic: files
 * that never reached the backend, a failed call, and upload paths turned back into the names
 * the user picked.
 */
import type { ImportFileResult } from '../../../common/corpus/corpus-types';
import type { ApiErrorData } from '../../../common/errors';
import type { LabelImportFileResult } from '../../../common/labels/labels';
import { importRows, type ImportRow, type Prepared } from '../lib/import-results';

/** One file's row: the corpus import's, plus the labels it added. */
export type LabelImportRow = ImportRow & { labels: number };

function asImportResult(result: LabelImportFileResult): ImportFileResult {
  return { ...result, rollouts: 0, steps: 0, programs: 0, failures: 0, rubrics: 0, libraries: 0 };
}

/** The rows in the order the files were chosen; `results` answer the prepared files that have a path, in order. */
export function labelImportRows(
  names: readonly string[],
  prepared: readonly Prepared[],
  results: readonly LabelImportFileResult[],
  callError: ApiErrorData | null = null,
): LabelImportRow[] {
  let next = 0;
  const labels = prepared.map((p) => ('path' in p ? (results[next++]?.labels ?? 0) : 0));
  return importRows(names, prepared, results.map(asImportResult), callError).map((row, i) => ({ ...row, labels: labels[i] ?? 0 }));
}
