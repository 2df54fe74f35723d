import type { ModelRequestPage, ModelRequestRow, ModelRequestStatus } from '../../common/model/model-types';
import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';

interface LedgerFilter {
  purpose?: string;
  status?: ModelRequestStatus;
  offset: number;
  limit: number;
}

/**
 * A page of the model request ledger, newest first, with the total and cost of every row
 * the filter matches. Request and response bodies stay out: they can be large.
 */
export function listLedger(db: Db, filter: LedgerFilter): ModelRequestPage {
  const where: string[] = [];
  const params: string[] = [];
  if (filter.purpose !== undefined) {
    where.push('purpose = ?');
    params.push(filter.purpose);
  }
  if (filter.status !== undefined) {
    where.push('status = ?');
    params.push(filter.status);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const summary = oneRow(
    db
      .prepare<unknown[], { total: number; costUsd: number }>(`SELECT COUNT(*) AS total, COALESCE(SUM(cost_usd), 0) AS costUsd FROM model_requests ${clause}`)
      .get(...params),
  );
  const rows = db
    .prepare<unknown[], Omit<ModelRequestRow, 'schemaValid'> & { schemaValid: number | null }>(
      `SELECT id, request_hash AS hash, purpose, model, status, http_status AS httpStatus, input_tokens AS inputTokens,
              output_tokens AS outputTokens, cost_usd AS costUsd, schema_valid AS schemaValid, transport_retries AS transportRetries,
              error, latency_ms AS latencyMs, created_at AS createdAt, settled_at AS settledAt,
              length(CAST(request AS BLOB)) AS requestBytes, length(CAST(response AS BLOB)) AS responseBytes
       FROM model_requests ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, filter.limit, filter.offset);
  return {
    total: summary.total,
    offset: filter.offset,
    costUsd: summary.costUsd,
    rows: rows.map((row) => ({ ...row, schemaValid: row.schemaValid === null ? null : row.schemaValid === 1 })),
  };
}
