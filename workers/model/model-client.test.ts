import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../util/canonical-json';
import { ModelCallError } from './model-errors';
import { apiErrorBody, toolUseMessage } from './test-support/fake-messages-server';
import { judgeRequest, testKey, useModelKit } from './test-support/model-test-kit';

const verdict = { verdict: 'fires', rationale: 'df["price"] is read but the facts list no price column' };

async function rejection(promise: Promise<unknown>): Promise<ModelCallError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelCallError);
  return err as ModelCallError;
}

describe('model client over a fake Messages API', () => {
  const kit = useModelKit();

  it('sends the exact canonical body with a forced tool and returns the validated tool input, recorded as returned', async () => {
    kit.server.reply({ body: toolUseMessage('record_verdict', verdict, { inputTokens: 1000, outputTokens: 200 }) });
    const client = await kit.client();
    const result = await client.call(judgeRequest(1));

    expect(result).toMatchObject({ value: verdict, source: 'network', inputTokens: 1000, outputTokens: 200 });
    // claude-sonnet-5 at $2 / $10 per million tokens, from the price table.
    expect(result.costUsd).toBeCloseTo((1000 * 2 + 200 * 10) / 1e6, 12);
    const [received] = kit.server.received;
    expect(received?.authorization).toBe(`Bearer ${testKey}`);
    expect(received?.body).toMatchObject({
      model: 'claude-sonnet-5',
      max_tokens: 512,
      tool_choice: { type: 'tool', name: 'record_verdict' },
      tools: [{ name: 'record_verdict', input_schema: { type: 'object', required: ['verdict', 'rationale'], additionalProperties: false } }],
    });
    const [row] = kit.rows();
    expect(row).toMatchObject({
      id: result.requestId,
      request_hash: result.hash,
      purpose: 'judge',
      status: 'returned',
      http_status: 200,
      schema_valid: 1,
      transport_retries: 0,
      error: null,
    });
    expect(row?.request).toBe(canonicalJson(received?.body));
    expect(JSON.parse(row?.response ?? '')).toMatchObject({ content: [{ type: 'tool_use', input: verdict }] });
  });

  it('answers a request already paid for from the ledger, never sending it twice', async () => {
    kit.server.reply({ body: toolUseMessage('record_verdict', verdict) });
    const client = await kit.client();
    const first = await client.call(judgeRequest(1));
    const again = await client.call(judgeRequest(1));
    expect(again).toEqual({ ...first, source: 'ledger' });
    expect(kit.server.received).toHaveLength(1);
    expect(kit.rows()).toHaveLength(1);
  });

  it('sends identical requests made at once only once', async () => {
    kit.server.reply({ body: toolUseMessage('record_verdict', verdict), delayMs: 50 });
    const client = await kit.client();
    const results = await Promise.all([client.call(judgeRequest(1)), client.call(judgeRequest(1))]);
    expect(results.map((r) => r.value)).toEqual([verdict, verdict]);
    expect(kit.server.received).toHaveLength(1);
  });

  it('never retries a 400: one request, a failed row with its status and the error body', async () => {
    kit.server.reply({ status: 400, body: apiErrorBody('invalid_request_error', 'max_tokens: too large') });
    const client = await kit.client();
    const err = await rejection(client.call(judgeRequest(1)));
    expect(err.details).toMatchObject({ reason: 'http', httpStatus: 400, purpose: 'judge' });
    expect(kit.server.received).toHaveLength(1);
    const [row] = kit.rows();
    expect(row).toMatchObject({ status: 'failed', http_status: 400, transport_retries: 0, cost_usd: 0 });
    expect(row?.response).toContain('max_tokens: too large');
    expect(row?.error).toContain('400');
  });

  it('refuses a wrong key with 401 and does not retry it', async () => {
    const client = await kit.client({ apiKey: 'sk-ant-wrong' });
    const err = await rejection(client.call(judgeRequest(1)));
    expect(err.details).toMatchObject({ reason: 'http', httpStatus: 401 });
    expect(kit.server.received).toHaveLength(1);
  });

  it('retries a 429 and counts the retry in the row', async () => {
    kit.server.reply(
      { status: 429, body: apiErrorBody('rate_limit_error', 'slow down'), headers: { 'retry-after': '0' } },
      { body: toolUseMessage('record_verdict', verdict) },
    );
    const client = await kit.client();
    const result = await client.call(judgeRequest(1));
    expect(result.value).toEqual(verdict);
    expect(kit.server.received).toHaveLength(2);
    expect(kit.rows()).toEqual([expect.objectContaining({ status: 'returned', http_status: 200, transport_retries: 1 })]);
    expect(client.usage()).toMatchObject({ requests: 1, transportRetries: 1 });
  });

  it('retries 500 twice then succeeds; a third 500 with no retries left fails with both counted', async () => {
    const error = { status: 500, body: apiErrorBody('api_error', 'internal') };
    kit.server.reply(error, error, { body: toolUseMessage('record_verdict', verdict) }, error, error, error);
    const client = await kit.client();
    await client.call(judgeRequest(1));
    const err = await rejection(client.call(judgeRequest(2)));
    expect(err.details).toMatchObject({ reason: 'http', httpStatus: 500 });
    expect(kit.server.received).toHaveLength(6);
    expect(kit.rows()).toEqual([
      expect.objectContaining({ status: 'returned', transport_retries: 2 }),
      expect.objectContaining({ status: 'failed', http_status: 500, transport_retries: 2 }),
    ]);
  });

  it('retries a dropped connection', async () => {
    kit.server.reply({ drop: true }, { body: toolUseMessage('record_verdict', verdict) });
    const client = await kit.client();
    expect((await client.call(judgeRequest(1))).value).toEqual(verdict);
    expect(kit.rows()).toEqual([expect.objectContaining({ status: 'returned', transport_retries: 1 })]);
  });

  it('keeps a schema-invalid answer verbatim, marks it invalid and throws a typed error', async () => {
    const invalid = toolUseMessage('record_verdict', { verdict: 'maybe', rationale: '' });
    kit.server.reply({ body: invalid });
    const client = await kit.client();
    const err = await rejection(client.call(judgeRequest(1)));
    expect(err.details).toMatchObject({ reason: 'schema_invalid', requestId: 1 });
    expect(err.message).toContain('verdict');
    const [row] = kit.rows();
    expect(row).toMatchObject({ status: 'returned', http_status: 200, schema_valid: 0 });
    expect(row?.response).toBe(JSON.stringify(invalid));
    expect(row?.cost_usd).toBeGreaterThan(0);
  });

  it('records an answer cut at max_tokens as truncated', async () => {
    kit.server.reply({ body: toolUseMessage('record_verdict', { verdict: 'fires' }, { stopReason: 'max_tokens', outputTokens: 512 }) });
    const client = await kit.client();
    const err = await rejection(client.call(judgeRequest(1)));
    expect(err.details.reason).toBe('truncated');
    expect(kit.rows()).toEqual([
      expect.objectContaining({ status: 'returned', schema_valid: 0, output_tokens: 512, error: expect.stringContaining('max_tokens') }),
    ]);
  });

  it('records a body cut off mid-JSON as failed, kept as it came, cost unknown, not retried', async () => {
    const whole = JSON.stringify(toolUseMessage('record_verdict', verdict));
    const cut = whole.slice(0, Math.floor(whole.length / 2));
    kit.server.reply({ raw: cut });
    const client = await kit.client();
    const err = await rejection(client.call(judgeRequest(1)));
    expect(err.details).toMatchObject({ reason: 'malformed_body', httpStatus: 200 });
    expect(kit.server.received).toHaveLength(1);
    expect(kit.rows()).toEqual([expect.objectContaining({ status: 'failed', http_status: 200, response: cut, cost_usd: null, schema_valid: null })]);
  });
});
