/**
 * The first bytes of a file, inflated when it is gzipped, for format detection. A gzip
 * stream is inflated only until the head is full, so a file that inflates to gigabytes
 * costs no more than a small one.
 */
import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { ApiError } from '../../common/errors';

export const headBytes = 64 * 1024;

/** The head as text (UTF-8, lossy: detection only) and as bytes, with whether the file is gzipped. */
export interface FileHead {
  text: string;
  bytes: Buffer;
  gzipped: boolean;
}

export async function readHead(path: string, label: string): Promise<FileHead> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    throw new ApiError('import_failed', `${label}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let raw: Buffer;
  try {
    const buf = Buffer.alloc(headBytes);
    const { bytesRead } = await handle.read(buf, 0, headBytes, 0);
    raw = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (raw[0] !== 0x1f || raw[1] !== 0x8b) return { text: raw.toString('utf8'), bytes: raw, gzipped: false };
  const bytes = await inflatedHead(path);
  return { text: bytes.toString('utf8'), bytes, gzipped: true };
}

/** Up to headBytes of the inflated stream; a corrupt or truncated stream gives what came before the fault. */
async function inflatedHead(path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const source = createReadStream(path);
  const gunzip = source.pipe(createGunzip());
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= headBytes) break;
    }
  } catch {
    // Detection works on what could be read; the importer reports the fault with its line.
  } finally {
    gunzip.destroy();
    source.destroy();
  }
  return Buffer.concat(chunks).subarray(0, headBytes);
}
