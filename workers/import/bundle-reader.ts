import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { bundleRecord, bundleRecordTypes, type BundleRecord } from '../../common/bundle';
import { importError } from './import-error';

export interface LocatedRecord {
  line: number;
  record: BundleRecord;
}

/** Longest line accepted: a single output larger than this is almost certainly not a bundle. */
const maxLineChars = 256 * 1024 * 1024;

/** True when the file starts with gzip's magic bytes. */
export async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(2);
    const { bytesRead } = await handle.read(buf, 0, 2, 0);
    return bytesRead === 2 && buf[0] === 0x1f && buf[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

export async function openText(path: string): Promise<Readable> {
  const raw = createReadStream(path);
  return (await isGzip(path)) ? raw.pipe(createGunzip()) : raw;
}

/**
 * Streams a bundle's records one line at a time, validated. Blank lines are skipped;
 * anything else that is not a valid record stops the read with `file:line` and the field.
 */
export async function* readBundle(path: string, label: string): AsyncGenerator<LocatedRecord> {
  const input = await openText(path);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line += 1;
      if (text.trim() === '') continue;
      if (text.length > maxLineChars) throw importError({ file: label, line }, 'line is longer than 256 MiB');
      yield { line, record: parseRecord(text, label, line) };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      throw importError({ file: label, line: line + 1 }, `corrupt gzip data (${(err as Error).message})`);
    }
    throw err;
  } finally {
    lines.close();
    input.destroy();
  }
}

/** Parses one bundle line; errors name the line and the first bad field. */
export function parseRecord(text: string, file: string, line: number): BundleRecord {
  if (text.includes('\uFFFD')) {
    throw importError({ file, line }, 'invalid UTF-8 (the line holds bytes that are not text)');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw importError({ file, line }, `not valid JSON (${(err as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw importError({ file, line }, 'a record must be a JSON object');
  }
  const type = (json as Record<string, unknown>).type;
  if (typeof type !== 'string') throw importError({ file, line, field: 'type' }, 'missing record type');
  if (!(bundleRecordTypes as string[]).includes(type)) {
    throw importError({ file, line, field: 'type' }, `unknown record type "${type}" (expected one of ${bundleRecordTypes.join(', ')})`);
  }
  const result = bundleRecord.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    throw importError({ file, line, field }, `${type} record: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}
