import type { CorpusTable } from '../../common/corpus-tables';
import { ApiError } from '../../common/errors';
import type { WorkbenchEvent } from '../../common/events';
import type { WrittenTables } from '../db/written-tables';
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
 *
 * Each turn announces the tables it changed, so a write says what it changed in one way, from
 * what SQLite reports rather than from a list kept by hand.
 */
export class WriteLock {
  private readonly queue: { tail: Promise<unknown> };

  /**
   * `written` (the writer's) tells each turn which tables it changed: the turn announces them
   * to every window as `db:changed` through `emit` when it ends, and a table outside `scope`'s
   * declared ones is reported to `scope.undeclared`.
   */
  constructor(
    private readonly db?: Db,
    private readonly announcer?: { written: WrittenTables; emit(event: WorkbenchEvent): void },
    private readonly scope?: WriteScope,
    queue?: { tail: Promise<unknown> },
  ) {
    this.queue = queue ?? { tail: Promise.resolve() };
  }

  /** The same lock, for the turns of one operation (and of the jobs it starts): what they write is checked against `scope`. */
  forOperation(scope: WriteScope): WriteLock {
    return new WriteLock(this.db, this.announcer, scope, this.queue);
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    const turn = () => this.othersDone().then(() => this.turn(work));
    const result = this.queue.tail.then(turn, turn);
    this.queue.tail = result.catch(() => undefined);
    return result;
  }

  /** Announces what was written so far, inside a long turn that commits more than once (an import, file by file). */
  announce(): void {
    if (!this.announcer) return;
    const tables = this.announcer.written.take();
    if (tables.length > 0) this.announcer.emit({ type: 'db:changed', tables });
  }

  private async turn<T>(work: () => Promise<T>): Promise<T> {
    const written = this.announcer?.written;
    const scope = this.scope;
    if (written && scope)
      written.onWrite = (table) => {
        if (!scope.tables.includes(table)) scope.undeclared(table);
      };
    try {
      return await work();
    } finally {
      if (written) written.onWrite = null;
      this.announce();
    }
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

/** The operation a turn writes for: the tables its contract entry declares, and who hears of any other. */
export interface WriteScope {
  tables: readonly CorpusTable[];
  undeclared(table: CorpusTable): void;
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
