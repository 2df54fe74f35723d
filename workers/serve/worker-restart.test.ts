/**
 * Killing serve mode's worker in the middle of a request, with real processes: `rwb serve`
 * and the worker it forks. The request in flight gets a typed error, the worker comes back
 * (with the API key set in Settings), later requests succeed, and the server never exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesWritten, childPids } from '../test-support/process-info';
import { useTempDir } from '../test-support/temp-dir';

const rwbBin = fileURLToPath(new URL('../../bin/rwb.js', import.meta.url));
const tempDir = useTempDir();
let serve: ChildProcess | undefined;

afterEach(async () => {
  if (!serve || serve.exitCode !== null || serve.signalCode !== null) return;
  const exited = new Promise((resolve) => serve!.once('exit', resolve));
  serve.kill('SIGTERM');
  await exited;
});

/** Starts `rwb serve` on a new corpus and resolves with its origin and token once it prints its URL. */
function startServe(db: string): Promise<{ origin: string; token: string; pid: number }> {
  const env = { ...process.env };
  delete env.ANTHROPIC_API_KEY;
  const child = spawn(process.execPath, [rwbBin, 'serve', '--db', db, '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  serve = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/(http:\/\/127\.0\.0\.1:\d+)\/\?token=([A-Za-z0-9_-]+)/);
      if (match) resolve({ origin: match[1]!, token: match[2]!, pid: child.pid! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`rwb serve exited (${code}) before printing its URL:\n${output}`)));
  });
}

describe('serve mode when its worker is killed', () => {
  it('answers the request in flight with unavailable, restarts the worker with the key, and keeps serving', { timeout: 180_000 }, async () => {
    const server = await startServe(join(tempDir(), 'corpus.db'));
    const post = (op: string, body: object) =>
      fetch(`${server.origin}/api/${op}`, { method: 'POST', headers: { 'x-rwb-token': server.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
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
    expect(serve!.exitCode).toBeNull();
    expect(serve!.signalCode).toBeNull();
  });
});
