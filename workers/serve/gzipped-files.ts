import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** The types worth compressing: text. Fonts and images of the build are compressed already or small. */
const compressible = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.map']);

/**
 * The build's text files, gzipped once each and kept in memory: a first paint loads 334 KB of
 * script, about a third of that gzipped, which counts over an SSH tunnel. Keyed by path and
 * modification time, so a rebuild is compressed afresh; the build's size bounds the memory.
 */
const gzipped = new Map<string, { mtimeMs: number; body: Promise<Buffer> }>();

/** Whether a file of this extension is sent gzipped to a client that accepts it. */
export function isCompressible(extension: string, acceptEncoding: string | undefined): boolean {
  return compressible.has(extension) && /\bgzip\b/.test(acceptEncoding ?? '');
}

/** The file gzipped, compressed on its first request. */
export function gzippedFile(file: string, mtimeMs: number): Promise<Buffer> {
  const known = gzipped.get(file);
  if (known?.mtimeMs === mtimeMs) return known.body;
  const body = readFile(file).then((raw) => gzipAsync(raw));
  // A failed read is that request's error; the next request tries again.
  body.catch(() => gzipped.delete(file));
  gzipped.set(file, { mtimeMs, body });
  return body;
}
