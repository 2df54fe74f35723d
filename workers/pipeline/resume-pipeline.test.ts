/**
 * Failures of the model and of the worker: scripted HTTP 400, 429 and 500 answers, a
 * schema-invalid one, a truncated one and a slow one past the deadline; a run cancelled, its
 * worker restarted, and the run resumed without paying twice for any answer.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReceivedRequest, ScriptedReply } from '../model/test-support/fake-messages-server';
import { apiErrorBody, toolUseMessage } from '../model/test-support/fake-messages-server';
import { canonicalJson } from '../util/canonical-json';
import { pipelineReply } from './test-support/fake-pipeline-model';
import { usePipelineKit } from './test-support/pipeline-kit';
import { oneRow } from '../db/one-row';

const hashOf = (r: ReceivedRequest) => createHash('sha256').update(canonicalJson(r.body)).digest('hex');
const rolloutOf = (r: ReceivedRequest) => /<rollout id="([^"]+)"/.exec((r.body as { messages: { content: string }[] }).messages[0]!.content)![1]!;

/** Answers per rollout from a script, then as the fake pipeline model would. */
function scripted(script: Record<string, (ScriptedReply | ((r: ReceivedRequest) => ScriptedReply))[]>) {
  return (request: ReceivedRequest): ScriptedReply => {
    const next = script[rolloutOf(request)]?.shift();
    if (next === undefined) return pipelineReply(request);
    return typeof next === 'function' ? next(request) : next;
  };
}

describe('pipeline runs through model failures and restarts', () => {
  const kit = usePipelineKit();

  it('reports each failed call on its unit, stops at the deadline, and resumes paying only for what was missing', async () => {
    kit.server.replyWith(
      scripted({
        'r-0001': [{ status: 400, body: apiErrorBody('invalid_request_error', 'prompt is too long') }],
        'r-0002': [{ status: 429, body: apiErrorBody('rate_limit_error', 'slow down'), headers: { 'retry-after': '0' } }],
        'r-0003': [0, 1, 2].map(() => ({ status: 500, body: apiErrorBody('api_error', 'overloaded'), headers: { 'retry-after-ms': '0' } })),
        'r-0004': [{ body: toolUseMessage('record_rubrics', { rubrics: [{ text: 'no family, no citations' }] }) }],
        'r-0005': [{ body: toolUseMessage('record_rubrics', { rubrics: [] }, { stopReason: 'max_tokens' }) }],
        'r-0007': [(r) => ({ ...(pipelineReply(r) as { body: unknown }), delayMs: 60_000 })],
      }),
    );
    const core = kit.core();
    const rollouts = ['r-0001', 'r-0002', 'r-0003', 'r-0004', 'r-0005', 'r-0006', 'r-0007'];
    // Long enough for the other answers and their retries' backoff on a loaded machine; r-0007's 60 s reply ends at it.
    const deadline = new Date(Date.now() + 15_000).toISOString();
    const { run: stopped } = await core.invoke('pipeline.mine', { rollouts, limits: { deadline }, wait: true });
    expect(stopped.status).toBe('stopped');
    expect(stopped.message).toMatch(/deadline/);
    // 400 once, 429 then its retry, 500 three times (two retries), and one each for the rest.
    expect(kit.server.received).toHaveLength(10);
    const firstHashes = kit.server.received.map(hashOf);

    const { run } = await core.invoke('pipeline.resume', { run: stopped.id, limits: {}, wait: true });
    expect(run).toMatchObject({ status: 'done', executions: 2 });
    // Sent again: the 400, the 500 and the one cut at the deadline. Never the answers already received.
    const resent = kit.server.received.slice(10);
    expect(resent.map(rolloutOf).sort()).toEqual(['r-0001', 'r-0003', 'r-0007']);
    for (const r of resent) expect(firstHashes.filter((h) => h === hashOf(r)).length).toBeGreaterThan(0);

    const units = Object.fromEntries(run.report!.units.map((u) => [u.rollout, [u.outcome, u.reason]]));
    expect(units).toEqual({
      'r-0001': ['mined', null],
      'r-0002': ['mined', null],
      'r-0003': ['mined', null],
      // Answers paid for and kept as they came; a fresh sample would need another request.
      'r-0004': ['failed', 'schema_invalid'],
      'r-0005': ['failed', 'truncated'],
      'r-0006': ['mined', null],
      'r-0007': ['mined', null],
    });
    const ledger = core.db
      .prepare(
        `SELECT m.status, m.http_status AS http, m.schema_valid AS valid, m.transport_retries AS retries, m.cost_usd IS NULL AS unknownCost, u.failure
        FROM pipeline_run_requests u JOIN model_requests m ON m.id = u.request_id WHERE u.run_id = ? ORDER BY m.id`,
      )
      .all(run.id);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { status: 'failed', http: 400, valid: null, retries: 0, unknownCost: 0, failure: 'http' },
        { status: 'returned', http: 200, valid: 1, retries: 1, unknownCost: 0, failure: null },
        { status: 'failed', http: 500, valid: null, retries: 2, unknownCost: 0, failure: 'http' },
        { status: 'returned', http: 200, valid: 0, retries: 0, unknownCost: 0, failure: 'schema_invalid' },
        { status: 'returned', http: 200, valid: 0, retries: 0, unknownCost: 0, failure: 'truncated' },
        { status: 'failed', http: null, valid: null, retries: 0, unknownCost: 1, failure: 'deadline' },
      ]),
    );
    expect(ledger).toHaveLength(10);
    // The request cut at the deadline may have been paid for: the cost per rubric is not claimed.
    expect(run.costs).toMatchObject({ requests: 10, failed: 5, unknownCost: 1, costPerAccepted: null });

    await kit.server.stop();
    expect(await core.invoke('pipeline.replay', { run: run.id })).toMatchObject({ identical: true, differences: [] });
  });

  it('resumes a run cancelled mid-way, after the worker restarts, without sending an answered request again', async () => {
    let core = kit.core();
    const jobId = 'quota-under-test';
    let cancelAt = 4;
    kit.server.replyWith((request) => {
      if (--cancelAt === 0) {
        setTimeout(() => void core.invoke('jobs.cancel', { jobId }), 100);
        return { ...(pipelineReply(request) as { body: unknown }), delayMs: 20_000 };
      }
      return pipelineReply(request);
    });
    const params = { method: 'quota' as const, targetSize: 12, collection: 'pool' };
    const { run: cancelled } = await core.invoke('pipeline.curate', { ...params, jobId, wait: true });
    expect(cancelled.status).toBe('cancelled');
    const sentBefore = kit.server.received.length;
    const answered = new Set(core.db.prepare<unknown[], string>(`SELECT request_hash FROM model_requests WHERE status = 'returned'`).pluck().all());
    expect(answered.size).toBeGreaterThan(0);
    expect(answered.size).toBeLessThan(sentBefore);

    // The worker dies with the run marked running and the request cut by the cancel left
    // reserved, as if it had been in flight: a new worker finds the run interrupted.
    const cut = oneRow(
      core.db.prepare<unknown[], { request_hash: string; request: string }>(`SELECT request_hash, request FROM model_requests WHERE status = 'failed'`).get(),
    );
    core.db
      .prepare(
        `INSERT INTO model_requests (request_hash, purpose, model, status, request, created_at, session) VALUES (?, 'mine-quota', 'claude-sonnet-5', 'reserved', ?, '2026-11-01', 'a-dead-worker')`,
      )
      .run(cut.request_hash, cut.request);
    core.db.prepare(`UPDATE pipeline_runs SET status = 'running', owner = 'a-dead-worker' WHERE id = ?`).run(cancelled.id);
    kit.close(core);
    core = kit.core();
    expect((await core.invoke('pipeline.list', {}))[0]).toMatchObject({ id: cancelled.id, status: 'interrupted' });

    // A request of unknown outcome may have been paid for: it is sent again only when asked to.
    const { run: held } = await core.invoke('pipeline.resume', { run: cancelled.id, wait: true });
    expect(held).toMatchObject({ status: 'stopped', message: expect.stringContaining('unknown outcome') });
    const { run } = await core.invoke('pipeline.resume', { run: cancelled.id, resendUnresolved: true, wait: true });
    expect(run).toMatchObject({ status: 'done', executions: 3 });
    const resent = kit.server.received.slice(sentBefore).map(hashOf);
    expect(resent.length).toBeGreaterThan(0);
    for (const hash of resent) expect(answered.has(hash)).toBe(false);

    // The same curation run afresh is answered wholly from the ledger and builds the same rubrics.
    const sent = kit.server.received.length;
    const { run: again } = await core.invoke('pipeline.curate', { ...params, wait: true });
    expect(kit.server.received).toHaveLength(sent);
    expect(again.report!.rubrics).toEqual(run.report!.rubrics);
    expect(again.costs).toMatchObject({ sent: 0, reused: again.costs.requests });
  });
});
