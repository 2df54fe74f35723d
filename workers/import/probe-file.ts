/**
 * What a file is, for format detection: a zip and its entry names, or its text's first
 * JSON value read by structure (json-shape.ts), inflated on the fly when gzipped. The scan
 * stops as soon as that value is known (for JSON Lines, at the end of the first line; for
 * an array, after its first items), so a gigabyte of records costs no more than one, or
 * earlier when the caller has seen `enough`; otherwise a single document is read to its
 * end, since the key that tells its format may be its last.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { ApiError } from '../../common/errors';
import { checkCancelled } from './import-cancel';
import { ShapeScanner, type Shape } from './json-shape';
import { openZip } from './zip-entries';

export interface FileProbe {
  gzipped: boolean;
  /** `json`: the text opens with an object or array; `empty`: nothing but white space. */
  container: 'json' | 'zip' | 'binary' | 'text' | 'empty';
  /** The first JSON value (the document, or the first line of JSON Lines), as far as it was read. */
  value: Shape | null;
  /** A second object or array follows the first on a later line. */
  lines: boolean;
  /** A zip's entry names; null when it cannot be listed, empty for anything but a zip. */
  entries: readonly string[] | null;
}

/** The leading bytes checked for being text rather than binary data. */
const textCheckBytes = 64 * 1024;

export async function probeFile(path: string, label: string, signal?: AbortSignal, enough?: (partial: FileProbe) => boolean): Promise<FileProbe> {
  const magic = await leadingBytes(path, label);
  const gzipped = magic[0] === 0x1f && magic[1] === 0x8b;
  if (!gzipped && magic.toString('latin1') === 'PK\u0003\u0004') return { gzipped, container: 'zip', value: null, lines: false, entries: await zipNames(path) };
  const scanner = new ShapeScanner();
  const leading: Buffer[] = [];
  let leadingSize = 0;
  const raw = createReadStream(path, { highWaterMark: 1024 * 1024 });
  const input = gzipped ? raw.pipe(createGunzip()) : raw;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      checkCancelled(signal, label);
      if (leadingSize < textCheckBytes) {
        leading.push(chunk.subarray(0, textCheckBytes - leadingSize));
        leadingSize += leading[leading.length - 1]!.length;
      }
      if (scanner.push(chunk) || enough?.(probeOf(scanner, gzipped, leading))) break;
    }
    scanner.end();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // A corrupt or truncated gzip stream: detection works on what came before the fault; the importer reports the fault with its line.
    scanner.end();
  } finally {
    input.destroy();
    raw.destroy();
  }
  return probeOf(scanner, gzipped, leading);
}

/** The probe as far as the scan has read. */
function probeOf(scanner: ShapeScanner, gzipped: boolean, leading: readonly Buffer[]): FileProbe {
  const json = scanner.value?.kind === 'object' || scanner.value?.kind === 'array';
  const container = scanner.firstByte === -1 ? 'empty' : json ? 'json' : isBinary(Buffer.concat(leading)) ? 'binary' : 'text';
  return { gzipped, container, value: json ? scanner.value : null, lines: scanner.lines, entries: [] };
}

async function leadingBytes(path: string, label: string): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    throw new ApiError('import_failed', `${label}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buf, 0, 4, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function zipNames(path: string): Promise<string[] | null> {
  try {
    const zip = await openZip(path, 'archive', 0);
    zip.close();
    return [...zip.names];
  } catch {
    return null;
  }
}

/** NUL bytes or many control characters: not text. */
function isBinary(bytes: Buffer): boolean {
  let control = 0;
  for (const b of bytes) {
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control += 1;
  }
  return control > bytes.length / 20;
}
