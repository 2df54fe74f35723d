/** Bytes of a digest kept: 128 bits, which two different texts share with odds no corpus comes near (2^-64 at 2^32 texts). */
const keyBytes = 16;
const keyWords = keyBytes / 4;

/** An open-addressing table of 16-byte keys, at most half full. */
class DigestTable {
  private readonly keys: Int32Array;
  private readonly used: Uint8Array;
  private readonly mask: number;
  size = 0;

  constructor(capacity: number) {
    const slots = 2 ** Math.ceil(Math.log2(capacity * 2));
    this.keys = new Int32Array(slots * keyWords);
    this.used = new Uint8Array(slots);
    this.mask = slots - 1;
  }

  /** The slot holding `key`, or the free slot where it would go, as a negative number minus one. */
  find(key: Int32Array): number {
    // A digest's bits are uniform, so its first word is as good a hash as any.
    let slot = key[0]! & this.mask;
    for (;;) {
      if (this.used[slot] === 0) return -slot - 1;
      const at = slot * keyWords;
      if (this.keys[at] === key[0] && this.keys[at + 1] === key[1] && this.keys[at + 2] === key[2] && this.keys[at + 3] === key[3]) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  insertAt(free: number, key: Int32Array): void {
    const slot = -free - 1;
    this.keys.set(key, slot * keyWords);
    this.used[slot] = 1;
    this.size += 1;
  }

  clear(): void {
    this.used.fill(0);
    this.size = 0;
  }
}

/**
 * The sha256 digests (64 hex digits) seen lately: at least the last `size` remembered, at most
 * twice as many. When the newer of two generations is full, the older is forgotten; a digest
 * found in the older moves to the newer, so one that keeps coming (an empty output, the code
 * every rollout of a task starts from) is never forgotten. Each digest takes 16 bytes of a
 * fixed table instead of a string in a Set (about 100 bytes): at a million steps the import
 * sees 133,387 distinct texts, and remembering 32,768 strings had it store 278,971.
 */
export class RecentDigests {
  private newer: DigestTable;
  private older: DigestTable;
  private readonly scratch = Buffer.alloc(keyBytes);
  private readonly key = new Int32Array(this.scratch.buffer, this.scratch.byteOffset, keyWords);

  constructor(private readonly size: number) {
    this.newer = new DigestTable(size);
    this.older = new DigestTable(size);
  }

  /** Whether `digest` was seen lately; it is remembered anew either way. */
  remember(digest: string): boolean {
    if (this.scratch.write(digest, 0, keyBytes, 'hex') !== keyBytes || digest.length !== 64) {
      throw new Error(`not a sha256 digest in hex: ${JSON.stringify(digest.slice(0, 80))}`);
    }
    const inNewer = this.newer.find(this.key);
    if (inNewer >= 0) return true;
    const found = this.older.find(this.key) >= 0;
    if (this.newer.size >= this.size) {
      const forgotten = this.older;
      this.older = this.newer;
      this.newer = forgotten;
      this.newer.clear();
      this.newer.insertAt(this.newer.find(this.key), this.key);
    } else {
      this.newer.insertAt(inNewer, this.key);
    }
    return found;
  }
}
