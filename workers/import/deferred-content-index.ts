import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';

const indexName = 'program_versions_content';

/** An import that writes fewer program versions than this keeps the index: rebuilding would not pay for the schema change. */
const minimumRows = 10_000;

/**
 * The index of program versions by content hash (migration 001), taken off during a large
 * import and built again, in one sorted pass, before its commit. Its keys are hashes, so each
 * insert lands on a random page: at a million steps the index outgrew the import's page cache
 * and took every other table's pages with it (program versions inserted at 2.3 times the raw
 * ceiling's cost, and the whole import 15 s slower). Sorted, it builds in under a second. The
 * import's other indexes are keyed by the rollout being written or by a few values, so their
 * inserts stay on a few pages.
 *
 * It is dropped only once the import has written as many program versions as the corpus held
 * before it, so the rebuild reads at most twice the rows the import wrote: a few rollouts
 * imported into a large corpus keep the index. The drop is inside the import's transaction:
 * no other connection ever sees the index gone, and a rollback puts it back. Nothing the
 * import reads looks program versions up by content.
 */
export class DeferredContentIndex {
  private readonly sql: string;
  private readonly dropAt: number;
  private dropped = false;

  constructor(private readonly db: Db) {
    this.sql = oneRow(db.prepare<unknown[], string>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`).pluck().get(indexName));
    const held = oneRow(db.prepare<unknown[], number | null>('SELECT max(rowid) FROM program_versions').pluck().get()) ?? 0;
    this.dropAt = Math.max(held, minimumRows);
  }

  /** Takes the index off once `written`, the program versions the import has written so far, makes it worth rebuilding. */
  written(written: number): void {
    if (this.dropped || written < this.dropAt) return;
    this.db.exec(`DROP INDEX ${indexName}`);
    this.dropped = true;
  }

  /** Builds the index again, as its migration defined it, if the import took it off. */
  rebuild(): void {
    if (!this.dropped) return;
    this.db.exec(this.sql);
    this.dropped = false;
  }
}
