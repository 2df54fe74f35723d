/** Row shapes of the model request ledger and the model settings the API returns. Plain data only: they cross process boundaries as JSON. */

export type ModelRequestStatus = 'reserved' | 'returned' | 'failed' | 'unresolved';

/** One model request as the ledger holds it; its request and response bodies stay in the corpus. */
export interface ModelRequestRow {
  id: number;
  /** sha256 of the canonical request body. */
  hash: string;
  purpose: string;
  model: string;
  status: ModelRequestStatus;
  httpStatus: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Dollars from the price table of Settings; null when unknown (no price, or a request cut off or aborted). */
  costUsd: number | null;
  /** Whether the answer matched its schema; null when no answer arrived. */
  schemaValid: boolean | null;
  transportRetries: number;
  /** Why it failed, was refused by its schema, or is unresolved. */
  error: string | null;
  latencyMs: number | null;
  createdAt: string;
  settledAt: string | null;
  requestBytes: number;
  responseBytes: number | null;
}

export interface ModelRequestPage {
  /** Rows the filter matches. */
  total: number;
  offset: number;
  /** Dollars of every row the filter matches, not only this page's. */
  costUsd: number;
  rows: ModelRequestRow[];
}

/** Whether model features can run: `live` needs a key; `replay` answers from the ledger without one. */
/** Where the key in use came from: the backend's environment, the OS's safe storage (the desktop app), or this session only. */
export type ModelKeySource = 'environment' | 'safe-storage' | 'session';

export interface ModelsStatus {
  hasKey: boolean;
  mode: 'live' | 'replay';
  /** Null without a key. A key set in the app wins over the environment's. */
  keySource: ModelKeySource | null;
}

/** One model's list price in US dollars per million tokens (Settings; `model_prices`). */
export interface ModelPriceRow {
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
  cacheWritePerMTok: number;
  cacheReadPerMTok: number;
  updatedAt: string;
}
