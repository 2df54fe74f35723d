import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { ServerResponse } from 'node:http';
import { gzippedFile, isCompressible } from './gzipped-files';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

/**
 * Every file of the build under assets/ is named by a hash of its content, so a browser may keep
 * it for good and a reload loads only the page; the page and the unhashed files are revalidated.
 * Private: the URLs carry a session token.
 */
function cacheControl(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? 'private, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves a file from `root`, refusing any path that would leave it, gzipped to a client whose
 * `acceptEncoding` allows it. Returns false when there is no such file.
 */
export async function serveStatic(
  root: string,
  urlPath: string,
  res: ServerResponse,
  headers: Record<string, string>,
  acceptEncoding?: string,
): Promise<boolean> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return false;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  const fileHeaders = {
    ...headers,
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'cache-control': cacheControl(urlPath),
    vary: 'accept-encoding',
  };
  if (isCompressible(extname(file), acceptEncoding)) {
    const body = await gzippedFile(file, info.mtimeMs);
    res.writeHead(200, { ...fileHeaders, 'content-encoding': 'gzip', 'content-length': String(body.length) });
    res.end(body);
    return true;
  }
  res.writeHead(200, { ...fileHeaders, 'content-length': String(info.size) });
  createReadStream(file).pipe(res);
  return true;
}
