/**
 * GET /exports?path=FILE: a file the workbench wrote to the exports folder, for a browser,
 * which cannot read the server's disk. Only regular files inside that folder are served; a
 * path that leads out of it (by `..`, an absolute path or a symbolic link) is refused with
 * 403, so the token to this route is not a token to the whole disk.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ErrorCode } from '../../common/errors';
import { sendJson } from './json-response';

type Located = { ok: true; path: string; size: number } | { ok: false; status: 400 | 403 | 404; code: ErrorCode; message: string };

const contentTypes: Record<string, string> = {
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.gz': 'application/gzip',
};

/** Whether `path` is below `folder` (not the folder itself); both absolute. */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

function missing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Finds the file `asked` names (absolute, or relative to the folder) if it is a regular file
 * inside `folder`. The path is checked as written first, so a path outside is refused without
 * looking at the disk, then again with symbolic links resolved.
 */
export async function locateExport(folder: string, asked: string): Promise<Located> {
  if (asked === '' || asked.includes('\0'))
    return { ok: false, status: 400, code: 'invalid_request', message: 'name the file to download: /exports?path=FILE' };
  const outside: Located = {
    ok: false,
    status: 403,
    code: 'invalid_request',
    message: `${asked} is not in the exports folder ${folder}: only files written there can be downloaded`,
  };
  const absoluteFolder = resolve(folder);
  const wanted = resolve(absoluteFolder, asked);
  if (!isInside(absoluteFolder, wanted)) return outside;
  let realFolder: string;
  let realFile: string;
  try {
    realFolder = await realpath(absoluteFolder);
    realFile = await realpath(wanted);
  } catch (err) {
    if (missing(err)) return { ok: false, status: 404, code: 'not_found', message: `${asked}: no such file in the exports folder ${folder}` };
    throw err;
  }
  if (!isInside(realFolder, realFile)) return outside;
  const info = await stat(realFile);
  if (!info.isFile()) return { ok: false, status: 404, code: 'not_found', message: `${asked} is not a file` };
  return { ok: true, path: realFile, size: info.size };
}

/** A download header that keeps a plain name for old clients and the exact one for the rest. */
function attachment(name: string): string {
  const plain = name.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Answers GET (or HEAD) /exports?path=FILE from `folder`, the corpus's exports folder. */
export async function sendExportFile(req: IncomingMessage, res: ServerResponse, url: URL, folder: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { ok: false, error: { code: 'invalid_request', message: 'use GET' } });
  const located = await locateExport(folder, url.searchParams.get('path') ?? '');
  if (!located.ok) return sendJson(res, located.status, { ok: false, error: { code: located.code, message: located.message } });
  res.writeHead(200, {
    'content-type': contentTypes[extname(located.path)] ?? 'application/octet-stream',
    'content-length': String(located.size),
    'content-disposition': attachment(basename(located.path)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') res.end();
  else await pipeline(createReadStream(located.path), res);
}
