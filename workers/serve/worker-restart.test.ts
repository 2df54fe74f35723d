/**
 * Killing serve mode's worker in the middle of a request, with real processes: `rwb serve`
 * and the worker it forks. The request in flight gets a typed error, the worker comes back
 * (with the API key set in Settings), later requests succeed, and the server never exits.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesWritten, childPids } from '../test-support/process-info';
import { spawnServe, type SpawnedServe } from '../test-support/spawn-serve';
import { useTempDir } from '../test-support/temp-dir';

const tempDir = useTempDir();
let serve: SpawnedServe | undefined;

afterEach(async () => {
  await serve?.stop();
  serve = undefined;
});

describe('serve mode when its worker is killed', () => {
  it('answers the request in flight with unavailable, restarts the worker with the key, and keeps serving', { timeout: 180_000 }, async () => {
    serve = await spawnServe(['--db', join(tempDir(), 'corpus.db')], { ANTHROPIC_API_KEY: undefined });
    const server = { origin: serve.origin, token: serve.token, pid: serve.child.pid! };
    const post = (op: string, body: object) =>
      fetch(`${server.origin}/api/${op}`, {
        method: 'POST',
        headers: { 'x-rwb-token': server.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await (await post('models.setKey', { key: 'sk-ant-test-0123456789' })).json()).toMatchObject({ ok: true });
    const [first, ...others] = childPids(server.pid);
    expect(others).toEqual([]);

    // Stopped, the worker cannot answer, so the request is certainly in flight when it is killed.
    process.kill(first!, 'SIGSTOP');
    const query = 'a'.repeat(90_000);
    const before = bytesWritten(server.pid);
    const inFlight = post('search.query', { query });
    await vi.waitFor(() => expect(bytesWritten(server.pid) - before).toBeGreaterThanOrEqual(query.length), { timeout: 60_000, interval: 20 });
    process.kill(first!, 'SIGKILL');

    const response = await inFlight;
    expect(response.status).toBe(503);
    const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } };
    expect(body).toEqual({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('SIGKILL') } });

    // The next requests wait for the restarted worker and succeed; the key came back with it.
    expect(await (await post('corpus.stats', {})).json()).toMatchObject({ ok: true, value: { rollouts: 0 } });
    expect(await (await post('models.status', {})).json()).toMatchObject({ ok: true, value: { hasKey: true, keySource: 'session' } });
    expect(await (await post('search.query', { query: 'Traceback' })).json()).toMatchObject({ ok: true, value: { hits: [] } });
    const [second] = childPids(server.pid);
    expect(second).not.toBe(first);
    expect(serve!.child.exitCode).toBeNull();
    expect(serve!.child.signalCode).toBeNull();
  });
});
