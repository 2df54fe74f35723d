/**
 * Texts with lone UTF-16 surrogates (`\ud83d` from an emoji cut in half by an agent's output
 * limit). JSON can carry them and JavaScript strings hold them, but UTF-8 cannot: SQLite gets
 * them as WTF-8 (a surrogate's own three bytes, `ED A0 BD`), which is what better-sqlite3
 * writes, and reads them back as U+FFFD. So a text's identity (its sha256) is taken over its
 * WTF-8 bytes, where distinct lone surrogates stay distinct, and a text that comes back with
 * U+FFFD is read again as bytes and decoded here, so an export writes what was imported.
 * Well-formed text is UTF-8 and takes none of these paths.
 */

/** `String.prototype.isWellFormed` (Node 20; newer than the ES2023 library the project compiles against): a flag check, no scan, for most strings. */
const isWellFormed = (String.prototype as unknown as { isWellFormed: (this: string) => boolean }).isWellFormed;

export function wellFormed(text: string): boolean {
  return isWellFormed.call(text);
}

/** A lone surrogate (one not part of a pair): with the `u` flag a pair is one code point and never matches. */
const loneSurrogate = /\p{Cs}/gu;

/** The WTF-8 bytes of `text`: UTF-8, with each lone surrogate as its own three-byte sequence. */
export function wtf8Bytes(text: string): Buffer {
  if (wellFormed(text)) return Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  let at = 0;
  for (const m of text.matchAll(loneSurrogate)) {
    const unit = m[0].charCodeAt(0);
    parts.push(Buffer.from(text.slice(at, m.index), 'utf8'), Buffer.from([0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]));
    at = m.index + 1;
  }
  parts.push(Buffer.from(text.slice(at), 'utf8'));
  return Buffer.concat(parts);
}

/** Decodes WTF-8: a surrogate's three-byte sequence (`ED A0..BF xx`, never valid UTF-8) becomes that code unit; the rest is UTF-8. */
export function fromWtf8(bytes: Buffer): string {
  let out = '';
  let at = 0;
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] !== 0xed || bytes[i + 1]! < 0xa0 || bytes[i + 1]! > 0xbf) continue;
    out += bytes.toString('utf8', at, i) + String.fromCharCode(0xd000 | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f));
    at = i + 3;
    i += 2;
  }
  return out + bytes.toString('utf8', at);
}
