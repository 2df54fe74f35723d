/**
 * Serialises writers on the one connection: an import holds a transaction across awaits,
 * and any other write arriving meanwhile must wait for it rather than join it (a rollback
 * of the import would otherwise take that write with it).
 */
export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
