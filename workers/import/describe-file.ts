/**
 * What a file that no importer recognised looks like, said without quoting it (issue 18,
 * item 7): the file may be anything (a password file, a key), so only its shape is named:
 * JSON object or array and its keys when they look like field names, a zip and its
 * entries, JSON Lines, text or binary, gzipped or not.
 */
import { openZip } from './zip-entries';
import type { FileHead } from './read-head';

/** Keys shown at most. */
const shownKeys = 12;
/** A key that is a field name (not data that happens to sit in key position). */
const fieldName = /^[A-Za-z_][A-Za-z0-9_.-]{0,39}$/;

export async function describeUnrecognised(path: string, head: FileHead): Promise<string> {
  const gz = head.gzipped ? 'gzipped ' : '';
  if (head.bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004' && !head.gzipped) return await describeZip(path);
  if (isBinary(head.bytes)) return `${gz}binary data, not text`;
  const text = head.text.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{')) {
    const firstLine = text.split('\n', 1)[0]!;
    const lines = text.split('\n').filter((l) => l.trim() !== '').length;
    const keys = topLevelKeys(text);
    const shape = lines > 1 && firstLine.trim().endsWith('}') ? `${gz}JSON Lines whose first object has` : `a ${gz}JSON object with`;
    return `${shape} ${keys.length === 0 ? 'no keys a format uses' : `keys ${keys.join(', ')}`}`;
  }
  if (text.startsWith('[')) {
    const keys = topLevelKeys(text.slice(1).trimStart());
    return keys.length === 0 ? `a ${gz}JSON array` : `a ${gz}JSON array of objects with keys ${keys.join(', ')}`;
  }
  return `${gz}text that is not JSON`;
}

async function describeZip(path: string): Promise<string> {
  try {
    const zip = await openZip(path, 'archive', 0);
    zip.close();
    const names = zip.names.filter((n) => /^[\w./-]{1,80}$/.test(n));
    const shown = names.slice(0, shownKeys).join(', ');
    return `a zip archive holding ${zip.names.length} entries${shown ? ` (${shown}${names.length > shownKeys ? ', ...' : ''})` : ''}`;
  } catch {
    return 'a zip archive that cannot be read';
  }
}

/** The keys of the object the text opens with, at its top level, in order, field-like ones only. */
function topLevelKeys(text: string): string[] {
  if (!text.startsWith('{')) return [];
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < text.length && keys.length < shownKeys; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const key = text.slice(i + 1, j);
      if (depth === 1 && expectKey && fieldName.test(key)) keys.push(key);
      expectKey = false;
      i = j;
    } else if (c === '{' || c === '[') {
      depth += 1;
      expectKey = c === '{' && depth === 1;
    } else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) break;
    } else if (c === ',' && depth === 1) {
      expectKey = true;
    }
  }
  return keys;
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
