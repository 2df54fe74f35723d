import { createHash } from 'node:crypto';
import type { Db } from './open-corpus';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Content-addressed storage of large texts (outputs, programs): each distinct text is stored once. */
export class TextStore {
  private readonly insert;
  private readonly select;

  constructor(db: Db) {
    this.insert = db.prepare('INSERT OR IGNORE INTO texts (hash, bytes, body) VALUES (?, ?, ?)');
    this.select = db.prepare('SELECT body FROM texts WHERE hash = ?').pluck();
  }

  /** Stores `text` if new and returns its sha256. */
  put(text: string): string {
    const hash = sha256(text);
    this.insert.run(hash, Buffer.byteLength(text), text);
    return hash;
  }

  get(hash: string): string | undefined {
    return this.select.get(hash) as string | undefined;
  }
}
