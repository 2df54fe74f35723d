import { hash } from 'node:crypto';
import type { Db } from './open-corpus';

/** The sha256 of a text's UTF-8 bytes, in hex (one-shot: much cheaper than createHash for small texts). */
export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
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
  private readonly remembered: Map<string, string> | null;
  private rememberedChars = 0;

  constructor(db: Db, options: TextStoreOptions = {}) {
    this.insert = db.prepare('INSERT OR IGNORE INTO texts (hash, bytes, body) VALUES (?, ?, ?)');
    this.select = db.prepare('SELECT body FROM texts WHERE hash = ?').pluck();
    this.remembered = options.remember ? new Map() : null;
  }

  /**
   * Stores `text` if new and returns its sha256. `remember: false` skips the memory for a
   * text that is unlikely to come again (a program version), so it does not push out those
   * that do (an empty output).
   */
  put(text: string, remember = true): string {
    const remembered = this.remembered;
    if (remembered === null || !remember || text.length > rememberMaxChars) return this.store(text);
    const known = remembered.get(text);
    if (known !== undefined) return known;
    const stored = this.store(text);
    if (this.rememberedChars + text.length > rememberBudgetChars) {
      remembered.clear();
      this.rememberedChars = 0;
    }
    remembered.set(text, stored);
    this.rememberedChars += text.length;
    return stored;
  }

  get(hash: string): string | undefined {
    return this.select.get(hash) as string | undefined;
  }

  private store(text: string): string {
    const hash = sha256(text);
    this.insert.run(hash, Buffer.byteLength(text), text);
    return hash;
  }
}
