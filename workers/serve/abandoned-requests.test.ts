/**
 * Requests whose client went away, with real processes: `rwb serve` on a copy of the sample
 * corpus and the worker it forks. While the worker is stopped, reads fill every slot in the
 * worker and one more waits, then forty clients send a write, which waits its turn behind
 * that read, and hang up. None of the writes reaches the worker,
 * so the next request waits for those few reads and not for forty writes.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultMaxInFlight } from '../worker-connection/worker-connection';
import { bytesRead, childPids, openSockets } from '../test-support/process-info';
import { stubRenderer, useSampleCorpus } from '../test-support/serve-fixture';
import { spawnServe, type SpawnedServe } from '../test-support/spawn-serve';
import { useTempDir } from '../test-support/temp-dir';

const tempDir = useTempDir();
const sampleCorpus = useSampleCorpus();
let serve: SpawnedServe | undefined;
let stoppedWorker: number | undefined;

afterEach(async () => {
  if (stoppedWorker !== undefined) process.kill(stoppedWorker, 'SIGCONT');
  stoppedWorker = undefined;
  await serve?.stop();
  serve = undefined;
});

/** One POST on its own connection (no keep-alive), so hanging up closes exactly that request. */
function post(
  server: { port: number; token: string },
  op: string,
  body: string,
): { request: ClientRequest; answer: Promise<{ ok: boolean; value?: unknown }> } {
  const request = httpRequest({
    host: '127.0.0.1',
    port: server.port,
    path: `/api/${op}`,
    method: 'POST',
    agent: false,
    headers: { 'x-rwb-token': server.token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ ok: boolean; value?: unknown }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(JSON.parse(text) as { ok: boolean; value?: unknown }));
    });
    request.on('error', reject);
  });
  request.end(body);
  return { request, answer };
}

/** A raw POST, so the test knows every byte the server must read before the request is whole. */
function rawPost(server: { port: number; token: string }, op: string, body: string): { socket: Socket; bytes: number } {
  const head = [
    `POST /api/${op} HTTP/1.1`,
    `host: 127.0.0.1:${server.port}`,
    `x-rwb-token: ${server.token}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ].join('\r\n');
  const text = `${head}\r\n\r\n${body}`;
  const socket = connect(server.port, '127.0.0.1');
  // Hung up on purpose below; a reset is expected.
  socket.on('error', () => {});
  socket.write(text);
  return { socket, bytes: Buffer.byteLength(text) };
}

/** A price for a model named `name`; the padding (JSON whitespace) makes each body big enough to see it read. */
function priceBody(name: string, padding: number): string {
  return JSON.stringify({ model: name, inputPerMTok: 1, outputPerMTok: 2, cacheWritePerMTok: 0, cacheReadPerMTok: 0 }) + ' '.repeat(padding);
}

describe('serve mode when clients go away', () => {
  it('never runs the abandoned requests still queued for a busy worker', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    serve = await spawnServe(['--db', await sampleCorpus(dir), '--renderer', stubRenderer(dir)], { ANTHROPIC_API_KEY: undefined });
    const server = { port: serve.port, token: serve.token, pid: serve.child.pid! };
    const [worker] = childPids(server.pid);
    // No client has connected yet: the listening socket and the worker's channel.
    const idleSockets = openSockets(server.pid);

    // One answered request first, so the server has done its start-up reading before bytes read are counted.
    expect((await post(server, 'prices.save', priceBody('warm-up', 1024)).answer).ok).toBe(true);
    await vi.waitFor(() => expect(openSockets(server.pid)).toBe(idleSockets), { timeout: 60_000, interval: 20 });

    // Stopped, the worker answers nothing: the first reads stay in it, the rest queue in the server.
    process.kill(worker!, 'SIGSTOP');
    stoppedWorker = worker;
    const before = bytesRead(server.pid);
    // One read more than there are slots, so one waits in the server and the writes wait behind it.
    const readCount = defaultMaxInFlight + 1;
    const reads = Array.from({ length: readCount }, () => rawPost(server, 'corpus.stats', '{}'));
    const readBytes = reads.reduce((sum, { bytes }) => sum + bytes, 0);
    await vi.waitFor(() => expect(bytesRead(server.pid) - before).toBeGreaterThanOrEqual(readBytes), { timeout: 60_000, interval: 20 });
    const abandonedCount = 40;
    const padding = 128 * 1024;
    const abandoned = Array.from({ length: abandonedCount }, (_, i) => rawPost(server, 'prices.save', priceBody(`abandoned-${i}`, padding)));
    const sent = readBytes + abandoned.reduce((sum, { bytes }) => sum + bytes, 0);
    // Every byte read means every request has been handed to the worker connection.
    await vi.waitFor(() => expect(bytesRead(server.pid) - before).toBeGreaterThanOrEqual(sent), { timeout: 60_000, interval: 20 });
    expect(openSockets(server.pid)).toBe(idleSockets + readCount + abandonedCount);

    for (const { socket } of abandoned) socket.destroy();
    // The server closes a socket and cancels its request in the same turn of its event loop.
    await vi.waitFor(() => expect(openSockets(server.pid)).toBe(idleSockets + readCount), { timeout: 60_000, interval: 20 });
    process.kill(worker!, 'SIGCONT');
    stoppedWorker = undefined;

    const prices = (await post(server, 'prices.list', '{}').answer) as { ok: true; value: { model: string }[] };
    expect(prices.ok).toBe(true);
    // The reads in the worker are answered; none of the writes queued behind them ran.
    await vi.waitFor(() => expect(openSockets(server.pid)).toBe(idleSockets), { timeout: 60_000, interval: 20 });
    expect(prices.value.filter((p) => p.model.startsWith('abandoned-'))).toEqual([]);
    expect(prices.value.map((p) => p.model)).toContain('warm-up');
    expect(childPids(server.pid)).toEqual([worker]);
    expect(serve!.child.exitCode).toBeNull();
  });
});
