import { describe, expect, it } from 'vitest';
import { buildRequest } from './model-request';
import { readStructured } from './structured-output';
import { toolUseMessage } from './test-support/fake-messages-server';
import { judgeRequest, verdictSchema } from './test-support/model-test-kit';

describe('reading a structured answer', () => {
  it('reads the forced tool input and the usage', () => {
    const body = JSON.stringify(toolUseMessage('record_verdict', { verdict: 'fires', rationale: 'x' }, { inputTokens: 7, outputTokens: 3 }));
    expect(readStructured(body, 'record_verdict', verdictSchema)).toEqual({
      ok: true,
      value: { verdict: 'fires', rationale: 'x' },
      usage: { inputTokens: 7, outputTokens: 3, cacheWriteTokens: 0, cacheReadTokens: 0 },
    });
  });

  it('tells a message without the tool call from JSON that is no message at all', () => {
    const refusal = { ...(toolUseMessage('x', {}) as object), content: [{ type: 'text', text: 'I cannot help' }], stop_reason: 'refusal' };
    expect(readStructured(JSON.stringify(refusal), 'record_verdict', verdictSchema)).toMatchObject({
      ok: false,
      reason: 'no_tool_use',
      usage: { inputTokens: 100 },
    });
    expect(readStructured('{"type":"message"}', 'record_verdict', verdictSchema)).toMatchObject({ ok: false, reason: 'malformed_body', usage: null });
  });
});

describe('the request hash', () => {
  it('is the sha256 of the canonical body, the same whatever order its keys were written in', () => {
    const a = buildRequest(judgeRequest(1));
    const reordered = buildRequest({ ...judgeRequest(1), messages: [{ content: 'Rubric 7, program 1: does it fire?', role: 'user' }] });
    expect(reordered.hash).toBe(a.hash);
    expect(buildRequest(judgeRequest(2)).hash).not.toBe(a.hash);
    expect(buildRequest({ ...judgeRequest(1), purpose: 'mine' }).hash).toBe(a.hash);
    expect(a.canonical).not.toContain('$schema');
  });
});
