/**
 * The model request ledger (docs/domain.md "Model request", docs/architecture.md "The model client"): what 001's
 * `model_requests` lacks to account for a call (transport retries, why it failed, latency, the
 * worker session that reserved it, when it settled), and the price table of Settings that
 * turns tokens into dollars.
 */
export const sql = /* sql */ `
-- latency_ms runs from the first attempt to settlement, backoffs included; session is the
-- worker process that reserved the row, so a later process can tell its own rows in flight
-- from rows a dead one left behind.
ALTER TABLE model_requests ADD COLUMN transport_retries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE model_requests ADD COLUMN error TEXT;
ALTER TABLE model_requests ADD COLUMN latency_ms INTEGER;
ALTER TABLE model_requests ADD COLUMN session TEXT;
ALTER TABLE model_requests ADD COLUMN settled_at TEXT;
CREATE INDEX model_requests_status ON model_requests(status);
CREATE INDEX model_requests_purpose ON model_requests(purpose, id);

-- US dollars per million tokens. Cache prices are kept apart because the API bills them apart.
CREATE TABLE model_prices (
  model                    TEXT PRIMARY KEY,
  input_usd_per_mtok       REAL NOT NULL CHECK (input_usd_per_mtok >= 0),
  output_usd_per_mtok      REAL NOT NULL CHECK (output_usd_per_mtok >= 0),
  cache_write_usd_per_mtok REAL NOT NULL CHECK (cache_write_usd_per_mtok >= 0),
  cache_read_usd_per_mtok  REAL NOT NULL CHECK (cache_read_usd_per_mtok >= 0),
  updated_at               TEXT NOT NULL
);

-- List prices from Anthropic's pricing page as of 2026-11-29, for the models whose price does
-- not depend on prompt length; Settings edits them and adds others.
INSERT INTO model_prices VALUES
  ('claude-opus-5',     5, 25, 6.25, 0.50, '2026-11-29T00:00:00.000Z'),
  ('claude-opus-4-8',   5, 25, 6.25, 0.50, '2026-11-29T00:00:00.000Z'),
  ('claude-opus-4-7',   5, 25, 6.25, 0.50, '2026-11-29T00:00:00.000Z'),
  ('claude-opus-4-6',   5, 25, 6.25, 0.50, '2026-11-29T00:00:00.000Z'),
  ('claude-opus-4-5',   5, 25, 6.25, 0.50, '2026-11-29T00:00:00.000Z'),
  ('claude-sonnet-5',   2, 10, 2.50, 0.20, '2026-11-29T00:00:00.000Z'),
  ('claude-haiku-4-5',  1,  5, 1.25, 0.10, '2026-11-29T00:00:00.000Z');
`;
