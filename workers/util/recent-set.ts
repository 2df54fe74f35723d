/**
 * A set that remembers at least the last `size` keys added or found, and at most twice as
 * many: when the newer of its two generations is full, the older is dropped. A key found in
 * the older one moves to the newer, so a key that keeps coming (an empty output, the code
 * every rollout of a task starts from) is never forgotten, as it was when a full set was
 * cleared at once.
 */
export class RecentSet<K> {
  private newer = new Set<K>();
  private older = new Set<K>();

  constructor(private readonly size: number) {}

  /** Whether `key` is remembered; a key found is remembered anew. */
  has(key: K): boolean {
    if (this.newer.has(key)) return true;
    if (!this.older.has(key)) return false;
    this.add(key);
    return true;
  }

  add(key: K): void {
    if (this.newer.size >= this.size) {
      this.older = this.newer;
      this.newer = new Set();
    }
    this.newer.add(key);
  }
}
