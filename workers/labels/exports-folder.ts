/**
 * The exports folder: `exports/` beside the corpus file, where label files go when the request
 * names no path. Serve mode lets a browser download files from this folder and nowhere else.
 */
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ApiError } from '../../common/errors';

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

/** How many suffixed names (`-2`, `-3`...) are tried before giving up; the time stamp makes even one rare. */
const maxSuffix = 100;

/**
 * Writes `text` to a new file `<base>.<extension>` in `folder` (created if missing), or `<base>-2`
 * and so on when that name is taken: the exclusive create means an existing file, whoever wrote
 * it, is never overwritten. A write that fails halfway removes what it wrote.
 */
export function writeNewFile(folder: string, base: string, extension: string, text: string): string {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (err) {
    throw new ApiError('invalid_request', `cannot create the exports folder ${folder} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  for (let n = 1; n <= maxSuffix; n++) {
    const path = join(folder, `${n === 1 ? base : `${base}-${n}`}.${extension}`);
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new ApiError('invalid_request', `cannot write ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    try {
      writeFileSync(fd, text);
    } catch (err) {
      closeSync(fd);
      rmSync(path, { force: true });
      throw new ApiError('invalid_request', `cannot write ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    closeSync(fd);
    return path;
  }
  throw new ApiError('invalid_request', `${folder} already holds ${base}.${extension} and ${maxSuffix - 1} suffixed copies`);
}
