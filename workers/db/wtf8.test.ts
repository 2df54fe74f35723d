import { describe, expect, it } from 'vitest';
import { fromWtf8, wellFormed, wtf8Bytes } from './wtf8';

describe('WTF-8', () => {
  it('encodes lone surrogates as their own three bytes and decodes them back, leaving pairs and other text as UTF-8', () => {
    for (const text of ['plain', '\ud83d', 'a\ud83db', '\ude00x\ud83d', 'pair \ud83d\ude00 and lone \udbff', '한국어 \ud800', '']) {
      expect(fromWtf8(wtf8Bytes(text))).toBe(text);
    }
    expect(wtf8Bytes('a\ud83db').toString('hex')).toBe('61eda0bd62');
    expect(wtf8Bytes('\ud83d\ude00').toString('hex')).toBe('f09f9880');
    expect(wellFormed('\ud83d\ude00')).toBe(true);
    expect(wellFormed('\ud83d')).toBe(false);
  });

  it('decodes what SQLite holds: the bytes better-sqlite3 writes for a lone surrogate', () => {
    expect(fromWtf8(Buffer.from('61eda0bd62', 'hex'))).toBe('a\ud83db');
    // U+D7FF (ED 9F BF) is ordinary UTF-8, not a surrogate.
    expect(fromWtf8(Buffer.from('ed9fbf', 'hex'))).toBe('\ud7ff');
  });
});
