import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRequest } from '../../common/contract';
import { ApiError } from '../../common/errors';
import { openCorpus, type Db } from '../db/open-corpus';
import { useTempDir } from '../test-support/temp-dir';
import { deletePrice, listPrices, savePrice } from './price-queries';
import { costOf, PriceTable } from './price-table';

const seeded = '2026-11-29T00:00:00.000Z';
const usage = { inputTokens: 1000, outputTokens: 2000, cacheWriteTokens: 0, cacheReadTokens: 0 };

describe('prices.list, prices.save and prices.delete', () => {
  const tempDir = useTempDir();
  let db: Db;
  beforeEach(() => {
    db = openCorpus(join(tempDir(), 'corpus.db'));
  });
  afterEach(() => db.close());

  it('lists the seeded list prices ordered by model', () => {
    const rows = listPrices(db);
    expect(rows.map((r) => r.model)).toEqual([
      'claude-haiku-4-5',
      'claude-opus-4-5',
      'claude-opus-4-6',
      'claude-opus-4-7',
      'claude-opus-4-8',
      'claude-opus-5',
      'claude-sonnet-5',
    ]);
    expect(rows.find((r) => r.model === 'claude-sonnet-5')).toEqual({
      model: 'claude-sonnet-5',
      inputPerMTok: 2,
      outputPerMTok: 10,
      cacheWritePerMTok: 2.5,
      cacheReadPerMTok: 0.2,
      updatedAt: seeded,
    });
  });

  it('adds a new model and changes an existing one, stamping when', () => {
    const before = new Date().toISOString();
    const added = savePrice(
      db,
      parseRequest('prices.save', { model: 'claude-mini-1', inputPerMTok: 0.25, outputPerMTok: 1.25, cacheWritePerMTok: 0.3, cacheReadPerMTok: 0.03 }),
    );
    expect(added).toHaveLength(8);
    const mini = added.find((r) => r.model === 'claude-mini-1');
    expect(mini).toMatchObject({ inputPerMTok: 0.25, outputPerMTok: 1.25, cacheWritePerMTok: 0.3, cacheReadPerMTok: 0.03 });
    expect(mini!.updatedAt >= before).toBe(true);

    const changed = savePrice(db, { model: 'claude-sonnet-5', inputPerMTok: 2, outputPerMTok: 12, cacheWritePerMTok: 2.5, cacheReadPerMTok: 0.2 });
    expect(changed).toHaveLength(8);
    const sonnet = changed.find((r) => r.model === 'claude-sonnet-5');
    expect(sonnet).toMatchObject({ outputPerMTok: 12 });
    expect(sonnet!.updatedAt).not.toBe(seeded);
    // Only the saved model is stamped.
    expect(changed.find((r) => r.model === 'claude-opus-5')!.updatedAt).toBe(seeded);
    expect(listPrices(db)).toEqual(changed);
  });

  it('refuses negative prices and bad model ids, naming the field', () => {
    const valid = { model: 'claude-sonnet-5', inputPerMTok: 2, outputPerMTok: 10, cacheWritePerMTok: 2.5, cacheReadPerMTok: 0.2 };
    const refusal = (raw: object) => {
      try {
        parseRequest('prices.save', raw);
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        return err as ApiError;
      }
      throw new Error('accepted');
    };
    const negative = refusal({ ...valid, outputPerMTok: -1 });
    expect(negative.code).toBe('invalid_request');
    expect(negative.message).toMatch(/^prices\.save: outputPerMTok: /);
    expect(negative.details).toEqual({ issues: [{ field: 'outputPerMTok', message: expect.any(String) }] });
    expect(refusal({ ...valid, cacheReadPerMTok: Number.NaN }).message).toMatch(/cacheReadPerMTok/);
    expect(refusal({ ...valid, model: 'claude sonnet' }).message).toBe('prices.save: model: letters, digits and . _ : @ / - only');
    expect(refusal({ ...valid, model: '' }).message).toMatch(/^prices\.save: model: /);
    expect(refusal({ model: 'claude-x', inputPerMTok: 1 }).message).toMatch(/outputPerMTok/);
    expect(listPrices(db).find((r) => r.model === 'claude-sonnet-5')!.outputPerMTok).toBe(10);
  });

  it('deletes a model and says not_found, naming it, when there is none', () => {
    const rows = deletePrice(db, parseRequest('prices.delete', { model: 'claude-opus-4-5' }).model);
    expect(rows.map((r) => r.model)).not.toContain('claude-opus-4-5');
    expect(rows).toHaveLength(6);
    expect(() => deletePrice(db, 'claude-opus-4-5')).toThrow(
      expect.objectContaining({ code: 'not_found', message: expect.stringContaining('"claude-opus-4-5"') }),
    );
    expect(listPrices(db)).toHaveLength(6);
  });

  it('prices the next cost from what was saved, and knows no cost once deleted', () => {
    const sonnetBefore = PriceTable.load(db).priceOf('claude-sonnet-5-20261001');
    expect(costOf(sonnetBefore!, usage)).toBeCloseTo((1000 * 2 + 2000 * 10) / 1e6, 12);

    savePrice(db, { model: 'claude-sonnet-5', inputPerMTok: 3, outputPerMTok: 15, cacheWritePerMTok: 3.75, cacheReadPerMTok: 0.3 });
    savePrice(db, { model: 'claude-mini-1', inputPerMTok: 0.25, outputPerMTok: 1.25, cacheWritePerMTok: 0.3, cacheReadPerMTok: 0.03 });
    const table = PriceTable.load(db);
    expect(costOf(table.priceOf('claude-sonnet-5-20261001')!, usage)).toBeCloseTo((1000 * 3 + 2000 * 15) / 1e6, 12);
    expect(costOf(table.priceOf('claude-mini-1')!, usage)).toBeCloseTo((1000 * 0.25 + 2000 * 1.25) / 1e6, 12);

    deletePrice(db, 'claude-mini-1');
    expect(PriceTable.load(db).priceOf('claude-mini-1')).toBeUndefined();
  });
});
