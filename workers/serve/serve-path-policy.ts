/**
 * Serve mode's path rule: whoever holds the token may read only files uploaded to this server
 * and files in the corpus's exports folder, and write only into the exports folder (a relative
 * path lands there). The CLI passes no policy and keeps full paths.
 */
import { mkdirSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { ApiError } from '../../common/errors';
import type { PathPolicy } from '../../common/path-fields';
import { isInside } from './export-downloads';

/** The path with symbolic links resolved as far as it exists (a file to be written does not yet). */
function realOrLexical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realOrLexical(parent), basename(path));
  }
}

function within(folder: string, path: string): boolean {
  return isInside(resolve(folder), resolve(path)) && isInside(realOrLexical(folder), realOrLexical(path));
}

export function servePathPolicy(folders: { uploads: string; exports: string }): PathPolicy {
  return (path, access, field) => {
    if (path.includes('\0')) throw new ApiError('invalid_request', `${field}: a path cannot contain a NUL byte`);
    if (access === 'read') {
      if (within(folders.uploads, path) || within(folders.exports, path)) return path;
      throw new ApiError(
        'invalid_request',
        `${field}: in serve mode only uploaded files and files in the exports folder ${folders.exports} can be read; upload ${basename(path)} instead`,
      );
    }
    const target = isAbsolute(path) ? path : join(folders.exports, path);
    if (within(folders.exports, target)) {
      // The exports folder is made when first written to, as the label export makes it.
      mkdirSync(dirname(target), { recursive: true });
      return target;
    }
    throw new ApiError('invalid_request', `${field}: in serve mode files are written only into the exports folder ${folders.exports}; give a name inside it`);
  };
}
