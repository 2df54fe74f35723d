import { describe, expect, it } from 'vitest';
import { bridgeMethods, operationNames, parseRequest, requireOperation } from './contract';
import { ApiError } from './errors';

describe('contract', () => {
  it('applies defaults and accepts a valid request', () => {
    expect(parseRequest('rollouts.list', { grade: 'wrong' })).toEqual({ grade: 'wrong', sort: 'rollout', direction: 'asc', offset: 0, limit: 200 });
  });

  it('rejects a bad field with a typed error naming the operation and the field', () => {
    let error: unknown;
    try {
      parseRequest('steps.get', { rollout: 'r-1', index: -1 });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_request');
    expect((error as ApiError).message).toMatch(/^steps\.get: index: /);
    expect((error as ApiError).details).toMatchObject({ issues: [{ field: 'index' }] });
  });

  it('rejects unknown fields rather than ignoring them', () => {
    expect(() => parseRequest('rollouts.get', { id: 'r', sql: 'DROP TABLE rollouts' })).toThrow(/rollouts\.get: .*sql/);
  });

  it('refuses unknown operations', () => {
    expect(() => requireOperation('db.exec')).toThrow(/unknown operation "db\.exec"/);
  });

  it('builds one bridge method per operation', async () => {
    const sent: string[] = [];
    const methods = bridgeMethods(async (name) => {
      sent.push(name);
      return { ok: true, value: name };
    });
    expect(Object.keys(methods).sort()).toEqual([...operationNames].sort());
    await methods['corpus.stats']({});
    expect(sent).toEqual(['corpus.stats']);
  });
});
