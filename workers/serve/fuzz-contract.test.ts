/**
 * The contract under fire: at least 10,000 generated requests spread over every operation,
 * against `rwb serve` running as a real process on a copy of the sample corpus, then malformed
 * WebSocket frames on raw TCP sockets. Every answer must be a value or a typed error that is
 * not `internal` (bad input is never the code's fault) and the process must stay up.
 *
 * Then the shapes of issue 33 (long arrays, catastrophic patterns, odd names, cancel under
 * load; `hostile-shapes.ts`). During both, a health probe asks `app.info` every 50 ms: it must
 * never fail; its latencies are logged, and judged by the `serve-health` benchmark.
 *
 * The server runs in replay mode with no key (no model call can leave the machine), and
 * `runs.start`/`runs.rerun` get only garbage, so no generated request can start a program.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { operationNames, operations, type OperationName } from '../../common/contract';
import { bodyFor, garbage, requestFor } from '../test-support/contract-arbitraries';
import { useSampleCorpus, stubRenderer } from '../test-support/serve-fixture';
import { spawnServe, type SpawnedServe } from '../test-support/spawn-serve';
import { healthProbe, summarizeLatencies, type ApiAnswer, type ProbeResult } from './health-probe';
import { judge, sendHostileShapes } from './hostile-shapes';

const totalRequests = 10_000;
const inFlight = 4;
/** Operations that could start programs: fuzzed with garbage only, which validation refuses. */
const garbageOnly: readonly OperationName[] = ['runs.start', 'runs.rerun'];
/** Operations whose valid requests write the whole corpus out: mostly garbage, so they do not dominate the run. */
const heavy: readonly OperationName[] = ['export.bundle'];

const sampleCorpus = useSampleCorpus();
let serve: SpawnedServe;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'rwb-fuzz-'));
  const dbPath = await sampleCorpus(folder);
  serve = await spawnServe(['--db', dbPath, '--renderer', stubRenderer(folder)], {
    ANTHROPIC_API_KEY: undefined,
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
    RWB_MODEL_MODE: 'replay',
    RWB_RUNS_DIR: folder,
  });
}, 120_000);

afterAll(async () => {
  await serve?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function post(op: string, body: string): Promise<ApiAnswer> {
  const response = await fetch(`${serve.origin}/api/${op}`, {
    method: 'POST',
    headers: { 'x-rwb-token': serve.token, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

/** Every id, code and name the read operations answer with: what generated requests draw their strings from. */
async function knownValues(): Promise<string[]> {
  const found = new Set<string>();
  const walk = (value: unknown, key = ''): void => {
    if (typeof value === 'string' && value.length <= 128 && /^(id|code|name|task|rollout|library|collection|benchmark|schema|category|run)$/.test(key))
      found.add(value);
    else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  for (const op of [
    'libraries.list',
    'rollouts.list',
    'rubrics.list',
    'taxonomy.get',
    'experiments.list',
    'cases.list',
    'pipeline.list',
    'labels.schemas',
    'hosts.list',
    'corpus.facets',
  ]) {
    walk((await post(op, '{}')).json);
  }
  return [...found];
}

/**
 * The probe's verdict: it never fails. Its latencies are logged for the record (CI logs show
 * them); the p95 target lives in the `serve-health` benchmark, since a timed test would fail
 * on a busy machine rather than on a regression.
 */
function expectHealthy(what: string, probe: ProbeResult): void {
  const { p50, p95, max } = summarizeLatencies(probe.latencies);
  const slow = probe.latencies.flatMap((ms, i) => (ms >= 250 ? [`${probe.phases[i]} ${ms.toFixed(0)} ms`] : []));
  console.warn(
    `health during ${what}: ${probe.latencies.length} probes, ${probe.failures.length} failed, p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms; slow: ${slow.join(', ') || 'none'}`,
  );
  expect(probe.failures).toEqual([]);
  expect(probe.latencies.length).toBeGreaterThan(10);
}

describe('every operation of the contract under generated input', () => {
  it(`answers ${totalRequests} hostile requests with values or typed errors, and the process stays up`, async () => {
    const known = await knownValues();
    expect(known.length).toBeGreaterThan(10);
    const perOp = Math.ceil(totalRequests / operationNames.length);
    const requests: { op: OperationName; body: string }[] = [];
    operationNames.forEach((op, i) => {
      const schema = operations[op].request;
      const request = garbageOnly.includes(op)
        ? garbage()
        : heavy.includes(op)
          ? fc.oneof({ weight: 1, arbitrary: requestFor(schema, known, false) }, { weight: 9, arbitrary: garbage() })
          : requestFor(schema, known, false);
      for (const body of fc.sample(bodyFor(request), { numRuns: perOp, seed: 20_261_201 + i })) requests.push({ op, body });
    });
    expect(requests.length).toBeGreaterThanOrEqual(totalRequests);

    const failures: string[] = [];
    const counts = { values: 0, errors: 0 };
    const timeByOp = new Map<string, number>();
    let next = 0;
    const lane = async () => {
      while (next < requests.length) {
        const { op, body } = requests[next++]!;
        let answer: ApiAnswer;
        const started = performance.now();
        try {
          answer = await post(op, body);
          timeByOp.set(op, (timeByOp.get(op) ?? 0) + performance.now() - started);
        } catch (err) {
          failures.push(`${op} ${body.slice(0, 200)}: the connection failed (${(err as Error).message})`);
          continue;
        }
        const verdict = judge(answer.status, answer.json);
        if (!verdict.ok) failures.push(`${op} ${body.slice(0, 200)}: ${verdict.why}`);
        else if (answer.status === 200) counts.values += 1;
        else counts.errors += 1;
      }
    };
    const probe = healthProbe(post);
    await Promise.all(Array.from({ length: inFlight }, lane));
    const health = await probe.stop();

    const slowest = [...timeByOp]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([op, ms]) => `${op} ${(ms / 1000).toFixed(1)} s`);
    // The count and the outcome, for the record (CI logs show them).
    console.warn(
      `fuzz: ${requests.length} requests over ${operationNames.length} operations: ${counts.values} values, ${counts.errors} typed errors, ${failures.length} failures; most time: ${slowest.join(', ')}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expectHealthy('the generated requests', health);
    expect(serve.child.exitCode).toBeNull();
    expect(serve.child.signalCode).toBeNull();
    expect((await post('corpus.stats', '{}')).status).toBe(200);
  }, 600_000);
});

async function upload(name: string, body: string, folder?: string): Promise<ApiAnswer> {
  const query = new URLSearchParams({ name, ...(folder ? { folder } : {}) });
  const response = await fetch(`${serve.origin}/upload?${query}`, { method: 'POST', headers: { 'x-rwb-token': serve.token }, body });
  return { status: response.status, json: await response.json() };
}

describe('the shapes of issue 33 under a health probe', () => {
  it('long arrays, catastrophic patterns, odd names and cancel under load get typed answers in time, and the health check never fails', async () => {
    const probe = healthProbe(post);
    const failures = await sendHostileShapes({ post, upload }, probe);
    const health = await probe.stop();
    expect(failures).toEqual([]);
    expectHealthy('the shapes of issue 33', health);
    expect(serve.child.exitCode).toBeNull();
  }, 300_000);
});

/** Opens a raw TCP connection and completes the WebSocket handshake for /events. */
async function rawSocket(): Promise<Socket> {
  const socket = connect(serve.port, '127.0.0.1');
  socket.on('error', () => undefined);
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET /events?token=${serve.token} HTTP/1.1\r\nHost: 127.0.0.1:${serve.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (head.startsWith('HTTP/1.1 101')) resolve();
      else reject(new Error(`no upgrade: ${head}`));
    };
    socket.on('data', onData);
  });
  return socket;
}

/** A client frame: FIN + opcode (with any RSV bits in `first`), masked unless told otherwise. */
function frame(first: number, payload: Buffer, options: { masked?: boolean; declaredLength?: number } = {}): Buffer {
  const masked = options.masked ?? true;
  const length = options.declaredLength ?? payload.length;
  const header: number[] = [first];
  if (length < 126) header.push((masked ? 0x80 : 0) | length);
  else if (length < 65536) header.push((masked ? 0x80 : 0) | 126, length >> 8, length & 0xff);
  else {
    header.push((masked ? 0x80 : 0) | 127);
    const big = Buffer.alloc(8);
    big.writeBigUInt64BE(BigInt(length));
    header.push(...big);
  }
  if (!masked) return Buffer.concat([Buffer.from(header), payload]);
  const mask = randomBytes(4);
  return Buffer.concat([Buffer.from(header), mask, Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))]);
}

describe('malformed WebSocket frames', () => {
  it('close only the socket that sent them; HTTP and other sockets keep working', async () => {
    const good = new WebSocket(`ws://127.0.0.1:${serve.port}/s/${serve.token}/events`, { headers: { origin: serve.origin } });
    await new Promise((resolve, reject) => (good.once('open', resolve), good.once('error', reject)));
    const bad: [string, Buffer][] = [
      ['unmasked text', frame(0x81, Buffer.from('hello'), { masked: false })],
      ['invalid UTF-8 text', frame(0x81, Buffer.from([0xc3, 0x28, 0xff, 0xfe]))],
      ['reserved opcode', frame(0x83, Buffer.from('x'))],
      ['reserved control opcode', frame(0x8b, Buffer.alloc(0))],
      ['RSV bits without an extension', frame(0xc1, Buffer.from('x'))],
      ['a 101 MiB message', frame(0x82, Buffer.alloc(0), { declaredLength: 101 * 1024 * 1024 })],
      ['a fragmented control frame', frame(0x09, Buffer.from('x'))],
    ];
    for (const [name, bytes] of bad) {
      const socket = await rawSocket();
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(bytes);
      await closed;
      expect(serve.child.exitCode, name).toBeNull();
      expect((await post('corpus.stats', '{}')).status, name).toBe(200);
    }
    const pong = new Promise<void>((resolve) => good.once('pong', () => resolve()));
    good.ping();
    await pong;
    expect(good.readyState).toBe(WebSocket.OPEN);
    good.close();
  }, 120_000);
});
