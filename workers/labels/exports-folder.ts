/**
 * The exports folder: `exports/` beside the corpus file, where label files go when the request
 * names no path. Serve mode lets a browser download files from this folder and nowhere else.
 */
import { dirname, join, resolve } from 'node:path';
import { ensureFolder, writeClaimed } from './export-path';

/** The exports folder of the corpus at `corpusPath` (the path the corpus was opened with). */
export function exportsFolder(corpusPath: string): string {
  return join(dirname(resolve(corpusPath)), 'exports');
}

/**
 * `labels-<schema or all>[-<annotator>]-<time>`: what is in the file and when it was made. The
 * time's ":" and "." become "-", which Windows does not allow in file names.
 */
export function exportBaseName(filter: { schema?: string; annotator?: string }, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return ['labels', filter.schema ?? 'all', ...(filter.annotator === undefined ? [] : [filter.annotator]), stamp].join('-');
}

/**
 * Writes `text` to a new file `<base>.<extension>` in `folder` (created if missing), or `<base>-2`
 * and so on when that name is taken: an existing file, whoever wrote it, is never overwritten.
 * A write that fails halfway removes what it wrote.
 */
export function writeNewFile(folder: string, base: string, extension: string, text: string): string {
  ensureFolder(folder, 'labels.export');
  return writeClaimed(join(folder, `${base}.${extension}`), text, 'labels.export');
}
