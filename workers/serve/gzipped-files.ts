import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
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

/**
 * Gzips the files the page asks for before its first paint (the scripts and styles its head
 * names), so the first page a started server serves does not wait for them to be compressed (the
 * main script alone takes about 8 ms). Returns the files, once compressed; one that cannot be read
 * is left to its request.
 */
export async function gzipPageAssets(rendererDir: string): Promise<string[]> {
  const page = await readFile(join(rendererDir, 'index.html'), 'utf8');
  const named = [...page.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => join(rendererDir, m[1]!));
  const files = named.filter((file) => compressible.has(file.slice(file.lastIndexOf('.'))));
  const done = await Promise.all(
    files.map(async (file) => {
      try {
        await gzippedFile(file, (await stat(file)).mtimeMs);
        return file;
      } catch {
        return null;
      }
    }),
  );
  return done.filter((file) => file !== null);
}
