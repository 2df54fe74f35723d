import { workerSession, type LiveSession } from '../context/live-session';
import type { Db } from '../db/open-corpus';
import type { TokenUsage } from './price-table';

/** A `returned` row: what replay and the never-paid-twice rule answer from. */
export interface ReturnedRow {
  id: number;
  httpStatus: number;
  response: string;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
}

/** What a settled row records about the exchange. */
export interface Settlement {
  httpStatus: number | null;
  /** The body as it came (an API error body, for failures); null when none arrived. */
  response: string | null;
  error: string | null;
  latencyMs: number;
  /** Dollars paid; null when unknown (a body cut off, a request aborted in flight). */
  costUsd: number | null;
}

/**
 * Runs a write when no other writer holds the connection (the worker's `WriteLock`): an
 * import keeps a transaction open across awaits, and a ledger row written inside it would
 * vanish with its rollback.
 */
export interface WriteSerializer {
  run<T>(work: () => Promise<T>): Promise<T>;
}

const unserialized: WriteSerializer = { run: (work) => work() };

/**
 * The `model_requests` table (docs/domain.md). Every call is written `reserved` before it is
 * sent, so a crash leaves evidence, then settled `returned` or `failed`. Nothing here ever
 * writes the API key: `redact` scrubs it from every text that could have echoed it.
 */
export class Ledger {
  constructor(
    private readonly db: Db,
    private readonly options: { redact?: (text: string) => string; writes?: WriteSerializer; onChange?: () => void; session?: LiveSession } = {},
  ) {}

  /** The worker session a reserved row is written under (see `LiveSession`). */
  private get session(): LiveSession {
    return this.options.session ?? workerSession;
  }

  /**
   * Marks rows left `reserved` by a process that is gone as `unresolved`: they may have been
   * paid for, so they are never re-sent silently. Rows of a live session (this one, or another
   * process on the corpus, such as the CLI beside the app) may still be in flight and are kept.
   * Returns how many were marked.
   */
  sweepOrphans(): Promise<number> {
    return this.write(() => {
      const reserved = this.db
        .prepare<unknown[], { id: number; session: string | null }>(`SELECT id, session FROM model_requests WHERE status = 'reserved'`)
        .all();
      const mark = this.db.prepare(
        `UPDATE model_requests SET status = 'unresolved', error = 'the process that sent it ended before it settled' WHERE id = ? AND status = 'reserved'`,
      );
      return reserved.filter((row) => !this.session.isAlive(row.session)).reduce((marked, row) => marked + mark.run(row.id).changes, 0);
    });
  }

  /** The first `returned` row for a request hash. */
  findReturned(hash: string): ReturnedRow | undefined {
    const sql = `SELECT id, http_status AS httpStatus, response, input_tokens AS inputTokens, output_tokens AS outputTokens,
                        cost_usd AS costUsd
                 FROM model_requests WHERE request_hash = ? AND status = 'returned' ORDER BY id LIMIT 1`;
    return this.db.prepare<unknown[], ReturnedRow>(sql).get(hash);
  }

  /** The id of an `unresolved` row for a request hash. */
  findUnresolved(hash: string): number | undefined {
    const sql = `SELECT id FROM model_requests WHERE request_hash = ? AND status = 'unresolved' ORDER BY id LIMIT 1`;
    return this.db.prepare<unknown[], { id: number }>(sql).get(hash)?.id;
  }

  /** Writes the `reserved` row of a request about to be sent; returns its id. */
  reserve(entry: { hash: string; purpose: string; model: string; request: string }): Promise<number> {
    const sql = `INSERT INTO model_requests (request_hash, purpose, model, status, request, created_at, session)
                 VALUES (?, ?, ?, 'reserved', ?, ?, ?)`;
    const values = [entry.hash, entry.purpose, entry.model, this.redact(entry.request), new Date().toISOString(), this.session.id];
    return this.write(() => Number(this.db.prepare(sql).run(...values).lastInsertRowid));
  }

  /** Counts one transport retry at once, so a screen watching the ledger sees it happen. */
  async countRetry(id: number): Promise<void> {
    const sql = 'UPDATE model_requests SET transport_retries = transport_retries + 1 WHERE id = ?';
    await this.write(() => this.db.prepare(sql).run(id));
  }

  /**
   * Settles a row whose response arrived and was paid for. `schemaValid` false keeps the
   * response exactly as it came: it is evidence, never repaired.
   */
  async settleReturned(id: number, settlement: Settlement & { usage: TokenUsage; schemaValid: boolean }): Promise<void> {
    // By id whatever the status: an answer that arrives after another process marked the
    // row unresolved is the truth about it.
    const sql = `UPDATE model_requests SET status = 'returned', http_status = ?, input_tokens = ?, output_tokens = ?,
                   cost_usd = ?, response = ?, schema_valid = ?, error = ?, latency_ms = ?, settled_at = ?
                 WHERE id = ?`;
    const { usage } = settlement;
    const values = [
      settlement.httpStatus,
      usage.inputTokens,
      usage.outputTokens,
      settlement.costUsd,
      this.nullableRedact(settlement.response),
      settlement.schemaValid ? 1 : 0,
      this.nullableRedact(settlement.error),
      Math.round(settlement.latencyMs),
      new Date().toISOString(),
      id,
    ];
    await this.write(() => this.db.prepare(sql).run(...values));
  }

  /** Settles a row that gave no usable answer, with why. */
  async settleFailed(id: number, settlement: Settlement): Promise<void> {
    const sql = `UPDATE model_requests SET status = 'failed', http_status = ?, cost_usd = ?, response = ?, error = ?,
                   latency_ms = ?, settled_at = ?
                 WHERE id = ?`;
    const values = [
      settlement.httpStatus,
      settlement.costUsd,
      this.nullableRedact(settlement.response),
      this.nullableRedact(settlement.error),
      Math.round(settlement.latencyMs),
      new Date().toISOString(),
      id,
    ];
    await this.write(() => this.db.prepare(sql).run(...values));
  }

  private async write<T>(statement: () => T): Promise<T> {
    const result = await (this.options.writes ?? unserialized).run(async () => statement());
    this.options.onChange?.();
    return result;
  }

  private redact(text: string): string {
    return this.options.redact ? this.options.redact(text) : text;
  }

  private nullableRedact(text: string | null): string | null {
    return text === null ? null : this.redact(text);
  }
}
