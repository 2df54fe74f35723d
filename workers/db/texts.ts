import { hash } from 'node:crypto';
import type { Db } from './open-corpus';
import { fromWtf8, wellFormed, wtf8Bytes } from './wtf8';
import { oneRow } from './one-row';

/** The sha256 of a text's UTF-8 bytes (WTF-8 when it holds lone surrogates), in hex (one-shot: much cheaper than createHash for small texts). */
export function sha256(text: string): string {
  return hash('sha256', wellFormed(text) ? text : wtf8Bytes(text), 'hex');
}

/**
 * Reads stored texts back exactly: `body` as SQLite gave it, unless it holds U+FFFD, which
 * may stand for lone surrogates stored as WTF-8; then the stored bytes are read and decoded.
 */
export function exactTexts(db: Db): (hash: string, body: string) => string {
  const bytes = db.prepare<unknown[], Buffer>('SELECT CAST(body AS BLOB) FROM texts WHERE hash = ?').pluck();
  return (hash, body) => (body.includes('\uFFFD') ? fromWtf8(oneRow(bytes.get(hash))) : body);
}

export interface TextStoreOptions {
  /**
   * Remember recently stored texts, so a text stored again (an empty stderr, the same
   * `ls` output in every rollout) is neither hashed nor written a second time. Only for a
   * store that lives within one transaction: after a rollback the memory would be wrong.
   */
  remember?: boolean;
}

/** Texts up to this long are remembered; longer ones are rare and cost more to keep than to hash. */
const rememberMaxChars = 16 * 1024;
/** Bound on what is remembered, in characters: forgotten all at once when reached. */
const rememberBudgetChars = 8 * 1024 * 1024;

/** Content-addressed storage of large texts (outputs, programs): each distinct text is stored once. */
export class TextStore {
  private readonly insert;
  private readonly select;
  private readonly exact;
  /** Texts put, and the hash of each. */
  private readonly remembered: Map<string, string> | null;
  private rememberedChars = 0;

  constructor(db: Db, options: TextStoreOptions = {}) {
    this.insert = db.prepare('INSERT OR IGNORE INTO texts (hash, bytes, body) VALUES (?, ?, ?)');
    this.select = db.prepare<unknown[], string>('SELECT body FROM texts WHERE hash = ?').pluck();
    this.exact = exactTexts(db);
    this.remembered = options.remember ? new Map() : null;
  }

  /** Stores `text` if new and returns its sha256. */
  put(text: string): string {
    const remembered = this.remembered;
    if (remembered === null || text.length > rememberMaxChars) return this.putHashed(text, sha256(text));
    const known = remembered.get(text);
    if (known !== undefined) return known;
    const stored = this.putHashed(text, sha256(text));
    if (this.rememberedChars + text.length > rememberBudgetChars) {
      remembered.clear();
      this.rememberedChars = 0;
    }
    remembered.set(text, stored);
    this.rememberedChars += text.length;
    return stored;
  }

  /** Stores `text` if new, without the memory; `hash` must be sha256(text), worked out elsewhere (another thread). */
  putHashed(text: string, hash: string): string {
    this.insert.run(hash, Buffer.byteLength(text), text);
    return hash;
  }

  get(hash: string): string | undefined {
    const body = this.select.get(hash);
    return body === undefined ? undefined : this.exact(hash, body);
  }
}
