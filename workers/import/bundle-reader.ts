import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { bundleRecord, bundleRecordTypes, type BundleRecord } from '../../common/corpus/bundle';
import { ApiError } from '../../common/errors';
import { fastRecord } from './fast-records';
import { checkCancelled } from './import-cancel';
import { importError } from './import-error';
import { describeFault } from './json-text';
import type { PreparedRow } from './prepared-rows';

/**
 * A record read from a file and the line it starts on; from the bundle reader thread, a step
 * or program comes as its prepared row instead (see PreparedRow).
 */
export type LocatedRecord = { line: number; record: BundleRecord } | { line: number; prepared: PreparedRow };

/** A record read from a bundle with the text of its line. */
export interface ReadLine {
  line: number;
  record: BundleRecord;
  text: string;
}

/** Longest line accepted: a single output larger than this is almost certainly not a bundle. */
const maxLineBytes = 256 * 1024 * 1024;

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

/** Bytes read at a time: fewer, larger reads than the stream's default 64 KiB cost the reader thread less. */
const readChunkBytes = 1024 * 1024;

export async function openText(path: string): Promise<Readable> {
  const raw = createReadStream(path, { highWaterMark: readChunkBytes });
  return (await isGzip(path)) ? raw.pipe(createGunzip()) : raw;
}

/**
 * Streams a bundle's records one line at a time, validated. Blank lines are skipped;
 * anything else that is not a valid record stops the read with `file:line` and the field.
 * Lines are split on the raw bytes and each is decoded as strict UTF-8, so bytes that are
 * not text are refused (a U+FFFD written in the file is text, and accepted).
 */
export async function* readBundle(path: string, label: string, signal?: AbortSignal): AsyncGenerator<ReadLine> {
  const input = await openText(path);
  const splitter = new LineSplitter(label);
  const lines: BundleLine[] = [];
  let records = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      checkCancelled(signal, label);
      splitter.push(chunk, lines);
      for (const { line, text } of lines) {
        if (text.trim() === '') continue;
        records += 1;
        yield { line, record: parseRecord(text, label, line), text };
      }
      lines.length = 0;
    }
    splitter.end(lines);
    for (const { line, text } of lines) {
      if (text.trim() === '') continue;
      records += 1;
      yield { line, record: parseRecord(text, label, line), text };
    }
  } catch (err) {
    throw readError(err, label, splitter.line + 1);
  } finally {
    input.destroy();
  }
  if (records === 0) throw new ApiError('import_failed', `${label}: the file is empty (no records)`);
}

/** Stream errors, named: corrupt or truncated gzip data, a file that cannot be read. */
export function readError(err: unknown, label: string, line: number): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR') return importError({ file: label, line }, `corrupt gzip data (${(err as Error).message})`);
  if (code === 'Z_BUF_ERROR') return importError({ file: label, line }, 'the gzip data ends early: the file is truncated');
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return new ApiError('import_failed', `${label}: cannot be read (${code})`);
  return err;
}

export interface BundleLine {
  line: number;
  text: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Splits a byte stream into numbered text lines. Lines end at \n, \r\n or a lone \r (as
 * readline counts them); a UTF-8 byte order mark at the start of the file is dropped.
 */
export class LineSplitter {
  /** Number of the last line produced. */
  line = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly label: string) {}

  /** Adds the complete lines of `chunk` to `out`; keeps the incomplete rest for the next chunk. */
  push(chunk: Buffer, out: BundleLine[]): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.emit(this.take(chunk.subarray(start, newline)), out);
      start = newline + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.checkLength(this.pendingBytes + rest.length);
      this.pending.push(rest);
      this.pendingBytes += rest.length;
    }
  }

  /** Adds the last line, when the input does not end with a newline. */
  end(out: BundleLine[]): void {
    if (this.pendingBytes > 0) this.emit(this.take(Buffer.alloc(0)), out);
  }

  /** The bytes of a line whose end is `tail`, joined with what earlier chunks held of it. */
  private take(tail: Buffer): Buffer {
    if (this.pendingBytes === 0) return tail;
    this.checkLength(this.pendingBytes + tail.length);
    const bytes = Buffer.concat([...this.pending, tail]);
    this.pending = [];
    this.pendingBytes = 0;
    return bytes;
  }

  private checkLength(bytes: number): void {
    if (bytes > maxLineBytes) throw importError({ file: this.label, line: this.line + 1 }, 'line is longer than 256 MiB');
  }

  private emit(raw: Buffer, out: BundleLine[]): void {
    let bytes = raw;
    if (this.line === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw invalidUtf8(bytes, this.label, this.line + 1);
    }
    if (!text.includes('\r')) {
      out.push({ line: ++this.line, text });
      return;
    }
    const pieces = (text.endsWith('\r') ? text.slice(0, -1) : text).split('\r');
    for (const piece of pieces) out.push({ line: ++this.line, text: piece });
  }
}

/** The error for a line that is not valid UTF-8: where the first bad byte is and, inside a JSON string, its field. */
function invalidUtf8(bytes: Buffer, file: string, line: number): ApiError {
  const at = firstInvalidUtf8(bytes);
  if (at < 0) return importError({ file, line }, 'invalid UTF-8 (the line holds bytes that are not text)');
  const shown = [...bytes.subarray(at, at + 2)].map((b) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`).join(' ');
  const field = fieldAt(bytes.toString('utf8', 0, at));
  return importError({ file, line, field }, `invalid UTF-8 at byte ${at + 1} of the line (${shown}): the line holds bytes that are not text`);
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    if (c < 0x80) {
      i += 1;
      continue;
    }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (n === 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k]! & 0xc0) !== 0x80) return i;
    const second = b[i + 1]!;
    if ((c === 0xe0 && second < 0xa0) || (c === 0xed && second > 0x9f) || (c === 0xf0 && second < 0x90) || (c === 0xf4 && second > 0x8f)) return i;
    i += n + 1;
  }
  return -1;
}

/**
 * The field (a dotted path, as validation errors name fields) whose string value is open at
 * the end of `prefix`, the start of a JSON line; undefined when the prefix does not end
 * inside a string value.
 */
export function fieldAt(prefix: string): string | undefined {
  const stack: { object: boolean; key: string | null; index: number; expectKey: boolean }[] = [];
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i];
    if (c === '"') {
      let j = i + 1;
      while (j < prefix.length && prefix[j] !== '"') j += prefix[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (j >= prefix.length) {
        if (!top || (top.object && top.expectKey)) return undefined;
        return stack.map((f) => (f.object ? f.key : String(f.index))).join('.');
      }
      if (top?.object && top.expectKey) {
        try {
          top.key = JSON.parse(prefix.slice(i, j + 1)) as string;
        } catch {
          return undefined;
        }
        top.expectKey = false;
      }
      i = j;
    } else if (c === '{') stack.push({ object: true, key: null, index: 0, expectKey: true });
    else if (c === '[') stack.push({ object: false, key: null, index: 0, expectKey: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.object) top.expectKey = true;
      else if (top) top.index += 1;
    }
  }
  return undefined;
}

/** Parses one bundle line; errors name the line and the first bad field. */
export function parseRecord(text: string, file: string, line: number): BundleRecord {
  try {
    return parseLine(text, file, line);
  } catch (err) {
    throw tooDeep(err, { file, line });
  }
}

/** A stack overflow while reading a record is its nesting: named with the record's line instead of failing as internal. */
export function tooDeep(err: unknown, at: { file: string; line: number }): unknown {
  if (err instanceof RangeError && /call stack/i.test(err.message)) return importError(at, 'the record is nested too deeply to be read');
  return err;
}

function parseLine(text: string, file: string, line: number): BundleRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    // The fault without V8's excerpt of the line: a file that is not a bundle must not be quoted back.
    const at = /position (\d+)/.exec((err as Error).message);
    throw importError({ file, line }, `not valid JSON (${describeFault((err as Error).message)}${at ? ` at byte ${Number(at[1]) + 1} of the line` : ''})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw importError({ file, line }, 'a record must be a JSON object');
  }
  const type = (json as Record<string, unknown>).type;
  if (typeof type !== 'string') throw importError({ file, line, field: 'type' }, 'missing record type');
  if (!(bundleRecordTypes as string[]).includes(type)) {
    throw importError({ file, line, field: 'type' }, `unknown record type "${type}" (expected one of ${bundleRecordTypes.join(', ')})`);
  }
  const fast = fastRecord(json as Record<string, unknown>);
  if (fast) return fast;
  const result = bundleRecord.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    throw importError({ file, line, field }, `${type} record: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}
