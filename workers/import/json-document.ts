/**
 * Reading formats whose file is one JSON document rather than JSON Lines: AIDE journals
 * and SWE-agent trajectories (the SWE-agent importer uses this module too). The whole
 * document is parsed at once, so the `file:line` an error names comes from a scan of
 * the text: the line where the offending array element (a journal node, a trajectory
 * entry) starts, else the line JSON.parse stopped at, else line 1.
 */
import type { z } from 'zod';
import { bundleRecord } from '../../common/corpus/bundle';
import { firstInvalidUtf8, openText, type LocatedRecord } from './bundle-reader';
import { checkCancelled } from './import-cancel';
import { importError } from './import-error';
import { parseJsonText } from './json-text';

/** A parsed one-document file. */
export interface JsonDocument {
  /** The file name used in error messages. */
  label: string;
  text: string;
  value: Record<string, unknown>;
}

/** Reads and parses a whole (optionally gzipped) JSON document whose top level must be an object. */
export async function readJsonDocument(path: string, label: string, signal?: AbortSignal): Promise<JsonDocument> {
  const { text, value } = await readJsonValue(path, label, signal);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw importError({ file: label, line: 1 }, 'the document must be a JSON object');
  }
  return { label, text, value: value as Record<string, unknown> };
}

/**
 * Most bytes a one-document file may hold (inflated, when gzipped): the whole text, its
 * parsed value and the records made from it are in memory at once, so this bounds the
 * import's memory. Reading stops as soon as it is passed.
 */
export const maxDocumentBytes = 128 * 1024 * 1024;

/** Reads and parses a whole (optionally gzipped) JSON document, whatever its top level. */
export async function readJsonValue(path: string, label: string, signal?: AbortSignal): Promise<{ text: string; value: unknown }> {
  const text = decodeUtf8(await readAll(path, label, signal), label);
  return { text, value: parseJsonText(text, label) };
}

async function readAll(path: string, label: string, signal?: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const input = await openText(path);
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      checkCancelled(signal, label);
      bytes += chunk.length;
      if (bytes > maxDocumentBytes) {
        throw importError(
          { file: label, line: lineCount(chunks) },
          `the document is larger than ${maxDocumentBytes / 1024 / 1024} MiB (inflated, when gzipped)`,
        );
      }
      chunks.push(chunk);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // The line is where the readable text stops: the last line read whole, plus one.
    if (code === 'Z_DATA_ERROR') throw importError({ file: label, line: lineCount(chunks) }, 'corrupt gzip data');
    if (code === 'Z_BUF_ERROR') throw importError({ file: label, line: lineCount(chunks) }, 'the gzip data ends early: the file is truncated');
    throw err;
  } finally {
    input.destroy();
  }
  return Buffer.concat(chunks);
}

/** 1 + the number of newlines in `chunks`: the line the next byte would be on. */
function lineCount(chunks: readonly Buffer[]): number {
  let line = 1;
  for (const chunk of chunks) for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) line += 1;
  return line;
}

export function decodeUtf8(bytes: Buffer, label: string): string {
  try {
    // fatal: a byte that is not UTF-8 is refused rather than silently replaced, as bundle import does.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const lineStart = bytes.lastIndexOf(10, at - 1) + 1;
    throw importError(
      { file: label, line: lineCount([bytes.subarray(0, lineStart)]) },
      `invalid UTF-8 at byte ${at - lineStart + 1} of the line (the file holds bytes that are not text)`,
    );
  }
}

/**
 * The line where each element of the array under top-level key `key` starts, in order;
 * empty when there is no such array. One pass over the text, tracking strings and depth.
 */
export function elementLines(text: string, key: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let lastString = '';
  let inTarget = false;
  let awaitingElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      line += 1;
      continue;
    }
    if (awaitingElement && c !== ' ' && c !== '\t' && c !== '\r') {
      awaitingElement = false;
      if (c !== ']') lines.push(line);
    }
    if (c === '"') {
      const end = stringEnd(text, i);
      // Strings cannot hold raw newlines in valid JSON, so the line count stays right.
      if (depth === 1) lastString = text.slice(i + 1, end);
      i = end;
    } else if (c === '{' || c === '[') {
      depth += 1;
      // At depth 1 the string just before an opening bracket is always its key.
      if (c === '[' && depth === 2 && lastString === key) inTarget = awaitingElement = true;
    } else if (c === '}' || c === ']') {
      depth -= 1;
      if (inTarget && depth === 1) return lines;
    } else if (c === ',' && inTarget && depth === 2) {
      awaitingElement = true;
    }
  }
  return lines;
}

/**
 * The line of `"key":` inside the top-level object `section` (`node2parent`), for errors
 * about one entry; the section's line when the key cannot be found, 1 without the section.
 */
export function keyLine(text: string, section: string, key: string): number {
  const sectionAt = text.lastIndexOf(`"${section}"`);
  if (sectionAt === -1) return 1;
  const quoted = JSON.stringify(key);
  let keyAt = text.indexOf(quoted, sectionAt + section.length + 2);
  // The same text as a value (a parent's id) is not the key: a key is followed by its colon.
  while (keyAt !== -1 && !/^\s*:/.test(text.slice(keyAt + quoted.length, keyAt + quoted.length + 8))) keyAt = text.indexOf(quoted, keyAt + 1);
  const at = keyAt === -1 ? sectionAt : keyAt;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/** Offset of the closing quote of the string opening at `start` (the text's length if unterminated). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '"') return i;
  }
  return text.length;
}

/**
 * Validates the document against a format's schema. The error names the first bad
 * field's path (`nodes.3.code`) and, when the path runs through the array scanned
 * for `lines`, the line where that element starts.
 */
export function parseDocument<S extends z.ZodType>(doc: JsonDocument, schema: S, arrayKey: string, lines: number[]): z.output<S> {
  const result = schema.safeParse(doc.value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const index = path[0] === arrayKey && typeof path[1] === 'number' ? path[1] : undefined;
  const line = index === undefined ? 1 : (lines[index] ?? 1);
  const field = path.map(String).join('.') || undefined;
  throw importError({ file: doc.label, line, field }, issue?.message ?? 'invalid document');
}

/**
 * A record an importer built, validated as bundle v1 so that defaults apply and a
 * value the source allowed but the corpus does not (an over-long id) is refused by name.
 */
export function located(record: Record<string, unknown> & { type: string }, file: string, line: number): LocatedRecord {
  const result = bundleRecord.safeParse(record);
  if (result.success) return { line, record: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw importError({ file, line, field }, `${record.type} record: ${issue?.message ?? 'invalid'}`);
}

/** The file's name without the suffixes its format adds, for ids derived from it. */
export function fileStem(name: string, suffixes: readonly string[]): string {
  let stem = name;
  for (let changed = true; changed;) {
    changed = false;
    for (const suffix of suffixes) {
      if (stem.length > suffix.length && stem.toLowerCase().endsWith(suffix)) {
        stem = stem.slice(0, -suffix.length);
        changed = true;
      }
    }
  }
  return stem;
}
