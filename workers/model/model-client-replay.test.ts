import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { toErrorData } from '../../common/errors';
import { ModelCallError } from './model-errors';
import { buildRequest } from './model-request';
import { apiErrorBody, toolUseMessage } from './test-support/fake-messages-server';
import { judgeRequest, testKey, useModelKit } from './test-support/model-test-kit';
import type { ModelClient } from './model-client';

const fires = { verdict: 'fires', rationale: 'the program imports lightgbm, which the static facts do not list' };
const silent = { verdict: 'does_not_fire', rationale: 'the target column is present in the training file' };

/** What a caller sees of a call, without where the answer came from. */
async function outcome(client: ModelClient, n: number) {
  try {
    const { value, requestId, hash, inputTokens, outputTokens, costUsd } = await client.call(judgeRequest(n));
    return { value, requestId, hash, inputTokens, outputTokens, costUsd };
  } catch (err) {
    return { error: toErrorData(err) };
  }
}

describe('model client replay and secrets', () => {
  const kit = useModelKit();

  it('replays a recorded run with the server stopped, giving identical outputs, and writes nothing', async () => {
    kit.server.reply(
      { body: toolUseMessage('record_verdict', fires) },
      { body: toolUseMessage('record_verdict', silent) },
      { body: toolUseMessage('record_verdict', { verdict: 'perhaps' }) },
    );
    const live = await kit.client();
    const recorded = [await outcome(live, 1), await outcome(live, 2), await outcome(live, 3)];
    expect(recorded[2]).toMatchObject({ error: { code: 'internal', details: { reason: 'schema_invalid' } } });
    const rowsAfterRecording = kit.rows();

    await kit.server.stop();
    const replay = await kit.client({ mode: 'replay', apiKey: null });
    const replayed = [await outcome(replay, 1), await outcome(replay, 2), await outcome(replay, 3)];
    expect(replayed).toEqual(recorded);
    expect(kit.rows()).toEqual(rowsAfterRecording);
  });

  it('fails loudly on a replay miss, naming the purpose and the hash', async () => {
    const replay = await kit.client({ mode: 'replay', apiKey: null });
    const err = await replay.call(judgeRequest(9)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    const { hash } = buildRequest(judgeRequest(9));
    expect(toErrorData(err)).toEqual({
      code: 'not_found',
      message: `judge: replay: no recorded response for purpose "judge", request hash ${hash}`,
      details: { reason: 'replay_miss', purpose: 'judge', hash },
    });
    expect(kit.server.received).toHaveLength(0);
  });

  it('says there is no key, with the unavailable code, and only for live mode', async () => {
    const err = await kit.client({ apiKey: null }).catch((e: unknown) => e);
    expect(toErrorData(err)).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^no API key: set one in Settings, or ANTHROPIC_API_KEY/) });
    await expect(kit.client({ mode: 'replay', apiKey: null })).resolves.toBeDefined();
  });

  it('marks rows a dead process left reserved as unresolved and never re-sends them silently', async () => {
    const { hash, canonical } = buildRequest(judgeRequest(1));
    kit.db
      .prepare(
        `INSERT INTO model_requests (request_hash, purpose, model, status, request, created_at, session) VALUES (?, 'judge', 'claude-sonnet-5', 'reserved', ?, ?, 'a-dead-worker')`,
      )
      .run(hash, canonical, new Date().toISOString());
    const client = await kit.client();
    expect(kit.rows()).toEqual([expect.objectContaining({ status: 'unresolved', error: expect.stringContaining('ended before it settled') })]);

    const err = await client.call(judgeRequest(1)).catch((e: unknown) => e);
    expect((err as ModelCallError).details).toMatchObject({ reason: 'unresolved', requestId: 1 });
    expect(kit.server.received).toHaveLength(0);

    kit.server.reply({ body: toolUseMessage('record_verdict', fires) });
    const resend = await kit.client({ resendUnresolved: true });
    expect((await resend.call(judgeRequest(1))).value).toEqual(fires);
    expect(kit.rows().map((r) => r.status)).toEqual(['unresolved', 'returned']);
  });

  it('never writes the key to the corpus file or a log, even when a server echoes it', async () => {
    const writes: string[] = [];
    const capture = (stream: NodeJS.WriteStream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        writes.push(String(chunk));
        return true;
      });
    const spies: { mockRestore(): void }[] = [capture(process.stdout), capture(process.stderr)];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      spies.push(vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void writes.push(args.map(String).join(' '))));
    }
    const errors: string[] = [];
    try {
      kit.server.reply(
        { body: toolUseMessage('record_verdict', fires) },
        { status: 429, body: apiErrorBody('rate_limit_error', 'slow down'), headers: { 'retry-after': '0' } },
        { body: toolUseMessage('record_verdict', { verdict: 'perhaps' }) },
      );
      // A misbehaving server that echoes the credential it was sent.
      kit.server.replyWith((request) => ({ status: 400, body: apiErrorBody('invalid_request_error', `bad credential ${request.authorization}`) }));
      const client = await kit.client();
      for (const n of [1, 2, 3]) {
        await client.call(judgeRequest(n)).catch((err: Error) => errors.push(JSON.stringify(toErrorData(err))));
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(errors).toHaveLength(2);
    expect(kit.rows().map((r) => r.status)).toEqual(['returned', 'returned', 'failed']);
    expect(kit.rows()[2]?.response).toContain('Bearer [redacted]');
    kit.db.close();

    const dir = dirname(kit.dbPath);
    const stored = readdirSync(dir).map((name) => readFileSync(join(dir, name)));
    expect(stored.length).toBeGreaterThan(0);
    for (const bytes of stored) expect(bytes.includes(testKey)).toBe(false);
    for (const text of [...writes, ...errors]) expect(text).not.toContain(testKey);
  });
});
