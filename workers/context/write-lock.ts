import { ApiError } from '../../common/errors';
import { writerBusyTimeoutMs, type Db } from '../db/open-corpus';

/** How long a write waits for other processes' writes (their imports included) before giving up. */
const otherProcessesWaitMs = 15 * 60_000;

/**
 * Serialises writers on the one writer connection: an import holds a transaction across
 * awaits, and any other write arriving meanwhile must wait for it rather than join it (a
 * rollback of the import would otherwise take that write with it).
 *
 * Across processes (the app, serve mode and the CLI on one corpus), each turn first waits,
 * without blocking this process, until no other connection holds SQLite's write lock: it
 * tries `BEGIN IMMEDIATE` with no busy timeout and backs off while another process writes.
 * The work then runs at once, and the connection's busy timeout covers the rare write that
 * another process slips in between.
 */
export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly db?: Db) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(
      () => this.othersDone().then(work),
      () => this.othersDone().then(work),
    );
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async othersDone(): Promise<void> {
    const db = this.db;
    if (!db || db.memory || db.inTransaction) return;
    const deadline = Date.now() + otherProcessesWaitMs;
    for (let pause = 2; ; pause = Math.min(pause * 2, 200)) {
      if (writeLockFree(db)) return;
      if (Date.now() > deadline) {
        throw new ApiError(
          'unavailable',
          `another process has been writing to ${db.name} for ${otherProcessesWaitMs / 60_000} minutes; try again when it is done`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

function writeLockFree(db: Db): boolean {
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('COMMIT');
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return false;
    throw err;
  } finally {
    db.pragma(`busy_timeout = ${writerBusyTimeoutMs}`);
  }
}
