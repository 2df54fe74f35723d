import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../common/contract';
import { listLedger } from './ledger-queries';
import { ModelAccess } from '../context/model-access';
import { apiErrorBody, toolUseMessage } from './test-support/fake-messages-server';
import { judgeRequest, testKey, useModelKit } from './test-support/model-test-kit';

describe('ledger.list and models.status', () => {
  const kit = useModelKit();

  it('pages the ledger newest first, filtered, with the cost of every matching row', async () => {
    kit.server.reply(
      { body: toolUseMessage('record_verdict', { verdict: 'fires', rationale: 'r' }, { inputTokens: 1000, outputTokens: 100 }) },
      { status: 400, body: apiErrorBody('invalid_request_error', 'bad') },
      { body: toolUseMessage('record_verdict', { verdict: 'fires', rationale: 'r' }, { inputTokens: 2000, outputTokens: 100 }) },
    );
    const client = await kit.client();
    await client.call(judgeRequest(1));
    await client.call(judgeRequest(2)).catch(() => undefined);
    await client.call(judgeRequest(3, { purpose: 'mine' }));

    const all = listLedger(kit.db, parseRequest('ledger.list', {}));
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => [r.id, r.purpose, r.status, r.schemaValid])).toEqual([
      [3, 'mine', 'returned', true],
      [2, 'judge', 'failed', null],
      [1, 'judge', 'returned', true],
    ]);
    expect(all.costUsd).toBeCloseTo((1000 * 2 + 100 * 10 + 2000 * 2 + 100 * 10) / 1e6, 12);
    expect(all.rows[1]).toMatchObject({ httpStatus: 400, transportRetries: 0, error: expect.stringContaining('400'), responseBytes: expect.any(Number) });

    const judged = listLedger(kit.db, parseRequest('ledger.list', { purpose: 'judge', status: 'returned' }));
    expect(judged).toMatchObject({ total: 1, rows: [{ id: 1 }] });
    expect(listLedger(kit.db, parseRequest('ledger.list', { offset: 1, limit: 1 })).rows.map((r) => r.id)).toEqual([2]);
    expect(() => parseRequest('ledger.list', { status: 'paid' })).toThrow(/ledger\.list: status/);
  });

  it('reports whether a key is set, where it came from and the mode, never the key', () => {
    expect(new ModelAccess({}).status()).toEqual({ hasKey: false, mode: 'live', keySource: null });
    const access = new ModelAccess({ ANTHROPIC_API_KEY: testKey, RWB_MODEL_MODE: 'replay' });
    const status = access.status();
    expect(status).toEqual({ hasKey: true, mode: 'replay', keySource: 'environment' });
    expect(JSON.stringify(status)).not.toContain(testKey);
    expect(() => new ModelAccess({ RWB_MODEL_MODE: 'offline' })).toThrow(/RWB_MODEL_MODE must be "live" or "replay"/);
  });

  it('lets a key set in the app win over the environment until it is cleared', () => {
    const access = new ModelAccess({ ANTHROPIC_API_KEY: testKey });
    const appKey = 'sk-ant-set-in-settings';
    expect(access.setAppKey(appKey, 'safe-storage')).toEqual({ hasKey: true, mode: 'live', keySource: 'safe-storage' });
    expect(access.settings()).toEqual({ apiKey: appKey, mode: 'live' });
    expect(access.clearAppKey()).toEqual({ hasKey: true, mode: 'live', keySource: 'environment' });
    expect(access.settings().apiKey).toBe(testKey);

    const bare = new ModelAccess({});
    expect(bare.setAppKey(appKey, 'session').keySource).toBe('session');
    expect(bare.clearAppKey()).toEqual({ hasKey: false, mode: 'live', keySource: null });
    expect(bare.settings().apiKey).toBeNull();
  });
});
