import { describe, expect, it, vi } from 'vitest';
import type { ModelCallError } from './model-errors';
import { buildRequest } from './model-request';
import { PriceTable, worstCaseCost } from './price-table';
import { toolUseMessage } from './test-support/fake-messages-server';
import { judgeRequest, useModelKit } from './test-support/model-test-kit';

const verdict = { verdict: 'does_not_fire', rationale: 'every column it reads is in the static facts' };

function reasonOf(outcome: PromiseSettledResult<unknown>): string | undefined {
  return outcome.status === 'rejected' ? (outcome.reason as ModelCallError).details?.reason : undefined;
}

describe('model client limits', () => {
  const kit = useModelKit();

  it('aborts a response slower than the deadline, records it failed, and sends nothing after it', async () => {
    kit.server.reply({ body: toolUseMessage('record_verdict', verdict), delayMs: 60_000 });
    // Far enough ahead that the request is on its way when it passes, even on a loaded machine.
    const client = await kit.client({ limits: { deadline: new Date(Date.now() + 8000) } });
    const started = Date.now();
    const [inFlight] = await Promise.allSettled([client.call(judgeRequest(1))]);
    // Well before the reply would have come: the deadline, not the answer, ended the call.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(reasonOf(inFlight!)).toBe('deadline');
    expect(kit.rows()).toEqual([expect.objectContaining({ status: 'failed', http_status: null, cost_usd: null, error: expect.stringContaining('deadline') })]);

    const [late] = await Promise.allSettled([client.call(judgeRequest(2))]);
    expect(reasonOf(late!)).toBe('deadline');
    expect(kit.server.received).toHaveLength(1);
    expect(kit.rows()).toHaveLength(1);
  });

  it('aborts a request in flight when the run is cancelled', async () => {
    kit.server.reply({ body: toolUseMessage('record_verdict', verdict), delayMs: 10_000 });
    const cancel = new AbortController();
    const client = await kit.client({ signal: cancel.signal });
    const call = client.call(judgeRequest(1));
    // Cancelled once the request is on the server, so it is in flight whatever the machine's speed.
    await vi.waitFor(() => expect(kit.server.received).toHaveLength(1));
    cancel.abort();
    const [outcome] = await Promise.allSettled([call]);
    expect(reasonOf(outcome!)).toBe('cancelled');
    expect(kit.rows()).toEqual([expect.objectContaining({ status: 'failed', error: 'aborted in flight: the run was cancelled' })]);
  });

  it('never has more requests in flight than the concurrency limit', async () => {
    kit.server.replyWith(() => ({ body: toolUseMessage('record_verdict', verdict), delayMs: 80 }));
    const client = await kit.client({ limits: { concurrency: 2 } });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => client.call(judgeRequest(n))));
    expect(results).toHaveLength(6);
    expect(kit.server.received).toHaveLength(6);
    expect(kit.server.maxInFlight).toBe(2);
  });

  it('refuses a request whose worst case would pass the dollar limit, however many run at once', async () => {
    kit.server.replyWith(() => ({ body: toolUseMessage('record_verdict', verdict, { inputTokens: 300, outputTokens: 100 }), delayMs: 100 }));
    const price = PriceTable.load(kit.db).priceOf('claude-sonnet-5');
    const worst = worstCaseCost(price!, buildRequest(judgeRequest(1)).canonical, 512);
    // Room for two worst cases in flight at once, not three.
    const maxUsd = worst * 2.5;
    const client = await kit.client({ limits: { concurrency: 8, maxUsd } });
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => client.call(judgeRequest(n))));

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(outcomes.slice(2).map(reasonOf)).toEqual(['limit', 'limit', 'limit']);
    expect((outcomes[2] as PromiseRejectedResult).reason.details.limit).toBe('dollars');
    expect(kit.server.received).toHaveLength(2);
    const spent = kit.rows().reduce((sum, row) => sum + (row.cost_usd ?? 0), 0);
    expect(spent).toBeLessThanOrEqual(maxUsd);
    expect(client.usage()).toMatchObject({ requests: 2, reservedUsd: 0 });
    expect(client.usage().spentUsd).toBeCloseTo(spent, 12);
  });

  it('settles to the real cost, so a later request fits once earlier ones cost less than their worst case', async () => {
    kit.server.replyWith(() => ({ body: toolUseMessage('record_verdict', verdict, { inputTokens: 10, outputTokens: 10 }) }));
    const price = PriceTable.load(kit.db).priceOf('claude-sonnet-5');
    const worst = worstCaseCost(price!, buildRequest(judgeRequest(1)).canonical, 512);
    const client = await kit.client({ limits: { maxUsd: worst * 1.5 } });
    for (const n of [1, 2, 3]) await client.call(judgeRequest(n));
    expect(kit.server.received).toHaveLength(3);
  });

  it('refuses a dollar-limited call of a model the price table does not know', async () => {
    const client = await kit.client({ limits: { maxUsd: 1 } });
    const [outcome] = await Promise.allSettled([client.call(judgeRequest(1, { model: 'claude-unpriced-9' }))]);
    expect(reasonOf(outcome!)).toBe('no_price');
    expect(kit.server.received).toHaveLength(0);
  });

  it('stops at the request limit without writing a row for the refused call', async () => {
    kit.server.replyWith(() => ({ body: toolUseMessage('record_verdict', verdict) }));
    const client = await kit.client({ limits: { maxRequests: 2 } });
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => client.call(judgeRequest(n))));
    expect(outcomes.map(reasonOf)).toEqual([undefined, undefined, 'limit']);
    expect((outcomes[2] as PromiseRejectedResult).reason.details.limit).toBe('requests');
    expect(kit.rows()).toHaveLength(2);
  });
});
