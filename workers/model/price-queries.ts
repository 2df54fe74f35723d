/**
 * The price table of Settings (`model_prices`): US dollars per million tokens by model id.
 * A run's model client reads the table when the run starts, and the ledger keeps each
 * settled request's cost as it was computed, so an edit never rewrites what was spent.
 */
import type { ModelPriceRow } from '../../common/model/model-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';

/** What a save names: every price of one model; the time of the change is the worker's. */
export type ModelPriceInput = Omit<ModelPriceRow, 'updatedAt'>;

/** Every model's prices, ordered by model id. */
export function listPrices(db: Db): ModelPriceRow[] {
  return db
    .prepare<unknown[], ModelPriceRow>(
      `SELECT model, input_usd_per_mtok AS inputPerMTok, output_usd_per_mtok AS outputPerMTok,
              cache_write_usd_per_mtok AS cacheWritePerMTok, cache_read_usd_per_mtok AS cacheReadPerMTok,
              updated_at AS updatedAt
       FROM model_prices ORDER BY model`,
    )
    .all();
}

/** Adds a model's prices or replaces them; returns the whole table. */
export function savePrice(db: Db, price: ModelPriceInput): ModelPriceRow[] {
  db.prepare(
    `INSERT INTO model_prices (model, input_usd_per_mtok, output_usd_per_mtok, cache_write_usd_per_mtok, cache_read_usd_per_mtok, updated_at)
     VALUES (@model, @inputPerMTok, @outputPerMTok, @cacheWritePerMTok, @cacheReadPerMTok, @updatedAt)
     ON CONFLICT (model) DO UPDATE SET
       input_usd_per_mtok = excluded.input_usd_per_mtok,
       output_usd_per_mtok = excluded.output_usd_per_mtok,
       cache_write_usd_per_mtok = excluded.cache_write_usd_per_mtok,
       cache_read_usd_per_mtok = excluded.cache_read_usd_per_mtok,
       updated_at = excluded.updated_at`,
  ).run({ ...price, updatedAt: new Date().toISOString() });
  return listPrices(db);
}

/** Removes a model's prices (its later requests cost "unknown"); returns the whole table. */
export function deletePrice(db: Db, model: string): ModelPriceRow[] {
  const { changes } = db.prepare('DELETE FROM model_prices WHERE model = ?').run(model);
  if (changes === 0) throw new ApiError('not_found', `model "${model}" has no price to delete`);
  return listPrices(db);
}
