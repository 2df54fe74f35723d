import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportFileResult } from '../../common/corpus/corpus-types';
import { useSampleCorpus, stubRenderer } from '../test-support/serve-fixture';
import { useTempDir } from '../test-support/temp-dir';
import { startServer, type RunningServer } from './server';
import { largeBodyBytes } from './request-body';
import { removeStaleUploads } from './uploads';

const tempDir = useTempDir();
const sampleCorpus = useSampleCorpus();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const token = 'test-token-0123456789';

async function start(maxUploadBytes?: number): Promise<{ server: RunningServer; dir: string; base: string }> {
  const dir = tempDir();
  const dbPath = await sampleCorpus(dir);
  const server = await startServer({ dbPath, port: 0, seedSample: false, rendererDir: stubRenderer(dir), token, maxUploadBytes });
  running.push(server);
  return { server, dir, base: `http://127.0.0.1:${server.port}` };
}

interface Answer {
  status: number;
  body: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}

async function call(base: string, op: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${base}/api/${op}`, {
    method: 'POST',
    headers: { 'x-rwb-token': token },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A raw request, so the test controls the headers and how the body is sent (fetch sets its own). */
function raw(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: Buffer | Buffer[],
): Promise<{ status: number; text: string; continued: boolean }> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'x-rwb-token': token, ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, continued }));
    });
    req.on('error', reject);
    const send = () => {
      for (const chunk of Array.isArray(body) ? body : [body]) if (!req.destroyed) req.write(chunk);
      req.end();
    };
    if (headers.expect === '100-continue') req.on('continue', () => ((continued = true), send()));
    else send();
  });
}

describe('serve mode keeps answering whatever a request holds', () => {
  it('refuses a 12 MB body with 413 and a JSON error, declared or streamed, and then answers the next request', async () => {
    const { server, base } = await start();
    const big = Buffer.alloc(12 * 1024 * 1024, 'a');
    const declared = await raw(
      server.port,
      '/api/corpus.stats',
      { 'content-type': 'application/json', 'content-length': String(big.length), expect: '100-continue' },
      big,
    );
    expect(declared.status).toBe(413);
    expect(declared.continued).toBe(false);
    expect(JSON.parse(declared.text)).toMatchObject({ ok: false, error: { code: 'too_large' } });
    const chunks = Array.from({ length: 12 }, () => Buffer.alloc(1024 * 1024, 'a'));
    const streamed = await raw(server.port, '/api/corpus.stats', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunks);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text).error.message).toContain('8388608 bytes');
    expect((await call(base, 'corpus.stats', {})).status).toBe(200);
  });

  it('answers JSON nested 5,000 deep with too_deep, not internal', async () => {
    const { base } = await start();
    const deep = `{"query":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const answer = await call(base, 'search.query', deep);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('too_deep');
    expect((await call(base, 'corpus.stats', {})).status).toBe(200);
  });

  it('refuses a list of 4.19 million elements at once with a short error, while the health check keeps answering', async () => {
    const { base } = await start();
    const body = `{"paths":[${new Array(4_190_000).fill('1').join(',')}]}`;
    const started = performance.now();
    const answering = call(base, 'import.files', body);
    const health = await call(base, 'app.info', {});
    const answer = await answering;
    expect(health.status).toBe(200);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/^import\.files: paths: Too big: expected array to have <=\d+ items$/);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await call(base, 'corpus.stats', {})).status).toBe(200);
  });

  it('answers a body of 256 KiB or more, checked on its own thread, as it answers a short one', async () => {
    const { base } = await start();
    const padding = ' '.repeat(largeBodyBytes);
    const cases: [string, string, string, RegExp][] = [
      ['search.query', '{"query":', 'invalid_request', /^search\.query: the body is not JSON/],
      ['search.query', `{"query":${'['.repeat(40)}${']'.repeat(40)}}`, 'too_deep', /nests more than 32 levels/],
      ['search.query', '{"query":"x","__proto__":{"a":1}}', 'invalid_request', /^search\.query: __proto__: "__proto__" names nothing/],
      ['rollouts.list', '{"limit":"many"}', 'invalid_request', /^rollouts\.list: limit: /],
    ];
    for (const [op, body, code, message] of cases) {
      for (const sent of [body, `${body}${padding}`]) {
        const answer = await call(base, op, sent);
        expect(answer.status, `${op} ${sent.length}`).toBe(400);
        expect(answer.body.error?.code, `${op} ${sent.length}`).toBe(code);
        expect(answer.body.error?.message, `${op} ${sent.length}`).toMatch(message);
      }
    }
    const fine = await call(base, 'rollouts.list', `{"limit":2}${padding}`);
    expect(fine.status).toBe(200);
    expect((fine.body.value as { rows: unknown[] }).rows).toHaveLength(2);
  });

  it('refuses built-in object names as protected categories, naming the key, and keeps the worker', async () => {
    const { base } = await start();
    const library = ((await call(base, 'libraries.list', {})).body.value as { id: string }[])[0]!.id;
    const rollout = ((await call(base, 'rollouts.list', { limit: 1 })).body.value as { rows: { id: string }[] }).rows[0]!.id;
    for (const key of ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__', 'no-such-category']) {
      const answer = await call(
        base,
        'retrieval.run',
        `{"library":${JSON.stringify(library)},"rollout":${JSON.stringify(rollout)},"protect":{${JSON.stringify(key)}:1}}`,
      );
      expect(answer.status, key).toBe(400);
      expect(answer.body.error?.code, key).toBe('invalid_request');
      expect(answer.body.error?.message, key).toContain(`protect.${key}`);
    }
    const category = ((await call(base, 'taxonomy.get', {})).body.value as { categories: { code: string }[] }).categories[0]!.code;
    const fine = await call(base, 'retrieval.run', { library, rollout, protect: { [category]: 1 } });
    expect(fine.status).toBe(200);
    expect((fine.body.value as { allocation: { category: string; protected: boolean }[] }).allocation.find((a) => a.category === category)?.protected).toBe(
      true,
    );
  });
});

/** A raw HTTP/1.1 request on a TCP socket, so the test can send headers no client library would. */
function rawHttp(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('the front door', () => {
  it('refuses a request with two Host headers, whichever comes first, and answers one with a single Host', async () => {
    const { server } = await start();
    const good = `Host: 127.0.0.1:${server.port}`;
    for (const hosts of [
      [good, 'Host: evil.example'],
      ['Host: evil.example', good],
      [good, good],
    ]) {
      const answer = await rawHttp(
        server.port,
        `POST /api/app.info HTTP/1.1\r\n${hosts.join('\r\n')}\r\nx-rwb-token: ${token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      );
      expect(answer, hosts.join(' + ')).toMatch(/^HTTP\/1\.1 403 .*Forbidden: exactly one Host header required/s);
    }
    const single = await rawHttp(
      server.port,
      `POST /api/app.info HTTP/1.1\r\n${good}\r\nx-rwb-token: ${token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(single).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('serve-mode paths: only uploads and the exports folder', () => {
  it('refuses to read or write any other path, and writes a relative name into the exports folder', async () => {
    const { base, dir } = await start();
    const outside = join(dir, 'outside.jsonl');
    writeFileSync(outside, '');
    const refused: [string, unknown, string][] = [
      ['import.files', { paths: ['/etc/passwd'] }, 'paths.0'],
      ['import.files', { paths: [outside] }, 'paths.0'],
      ['labels.import', { paths: ['/etc/hostname'] }, 'paths.0'],
      ['leaderboards.attach', { task: 't', path: '/etc/passwd' }, 'path'],
      ['export.bundle', { out: outside }, 'out'],
      ['export.bundle', { out: '../escape.jsonl' }, 'out'],
      ['labels.export', { out: '/tmp/labels.csv', format: 'csv' }, 'out'],
    ];
    for (const [op, request, field] of refused) {
      const answer = await call(base, op, request);
      expect(answer.body.error?.code, `${op} ${JSON.stringify(request)}`).toBe('invalid_request');
      expect(answer.body.error?.message).toContain(`${field}: in serve mode`);
    }
    const exported = await call(base, 'export.bundle', { out: 'mine.jsonl' });
    expect(exported.status).toBe(200);
    expect(existsSync(join(dir, 'exports', 'mine.jsonl'))).toBe(true);
    const reimport = await call(base, 'labels.import', { paths: [join(dir, 'exports', 'mine.jsonl')] });
    expect(reimport.status).toBe(200);
  });

  it('imports an uploaded file', async () => {
    const { base } = await start();
    const upload = await fetch(`${base}/upload?name=empty.jsonl`, { method: 'POST', headers: { 'x-rwb-token': token }, body: '' });
    const path = ((await upload.json()) as { value: { path: string } }).value.path;
    const answer = await call(base, 'labels.import', { paths: [path] });
    expect(answer.body.error?.message ?? '').not.toContain('in serve mode');
  });
});

describe('uploads', () => {
  it('refuses an upload over the limit with 413 and keeps nothing of it', async () => {
    const { server } = await start(64 * 1024);
    const body = Buffer.alloc(256 * 1024, 'x');
    const declared = await raw(server.port, '/upload?name=big.jsonl', { 'content-length': String(body.length) }, body);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).error.code).toBe('too_large');
    const streamed = await raw(server.port, '/upload?name=big.jsonl', { 'transfer-encoding': 'chunked' }, [
      body.subarray(0, 32 * 1024),
      body.subarray(32 * 1024),
    ]);
    expect(streamed.status).toBe(413);
    expect(readdirSync(server.uploadsFolder)).toEqual([]);
    const small = await raw(server.port, '/upload?name=small.jsonl', {}, body.subarray(0, 1024));
    expect(small.status).toBe(200);
  });

  it('removes the partial file of an upload the client abandons', async () => {
    const { server } = await start();
    const req = httpRequest({
      host: '127.0.0.1',
      port: server.port,
      path: '/upload?name=partial.jsonl',
      method: 'POST',
      headers: { 'x-rwb-token': token, 'content-length': String(1024 * 1024) },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(64 * 1024, 'x'));
    const partialSize = () =>
      readdirSync(server.uploadsFolder).reduce((sum, sub) => {
        const file = join(server.uploadsFolder, sub, 'partial.jsonl');
        return sum + (existsSync(file) ? statSync(file).size : 0);
      }, 0);
    await expect.poll(partialSize).toBeGreaterThan(0);
    req.destroy();
    await expect.poll(() => readdirSync(server.uploadsFolder)).toEqual([]);
  });

  it('removes upload folders of servers that are gone, and keeps those of live ones', async () => {
    const parent = tempDir();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = join(parent, `rwb-uploads-${gone}-abc123`);
    const live = join(parent, `rwb-uploads-${process.ppid}-def456`);
    const other = join(parent, 'rwb-uploads-unrelated');
    for (const folder of [stale, live, other]) mkdirSync(join(folder, 'x'), { recursive: true });
    expect(removeStaleUploads(parent)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});

const runFolder = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/runs/aide-code-files');
const runFiles = ['journal.json', 'code/node_0.py', 'node_1.py', 'code/node_2.py'];

async function upload(base: string, name: string, body: Buffer | string, folder?: string) {
  const query = `name=${encodeURIComponent(name)}${folder === undefined ? '' : `&folder=${folder}`}`;
  const response = await fetch(`${base}/upload?${query}`, { method: 'POST', headers: { 'x-rwb-token': token }, body });
  return { status: response.status, body: (await response.json()) as { value?: { path: string }; error?: { code: string; message: string } } };
}

async function importPaths(base: string, paths: string[]): Promise<ImportFileResult[]> {
  const response = await fetch(`${base}/api/import.files`, { method: 'POST', headers: { 'x-rwb-token': token }, body: JSON.stringify({ paths }) });
  return ((await response.json()) as { value: { files: ImportFileResult[] } }).value.files;
}

describe('folder uploads', () => {
  it("keep a run folder's files at their paths, so a journal whose nodes name a code_file imports", async () => {
    const { base } = await start();
    const folder = 'a1b2c3d4e5f60718';
    const stored: string[] = [];
    for (const file of runFiles) {
      const answer = await upload(base, `titanic-run/${file}`, readFileSync(join(runFolder, file)), folder);
      expect(answer.status).toBe(200);
      stored.push(answer.body.value!.path);
    }
    expect(readFileSync(join(dirname(stored[0]!), 'code', 'node_2.py'), 'utf8')).toBe(readFileSync(join(runFolder, 'code/node_2.py'), 'utf8'));
    const [result] = await importPaths(base, [stored[0]!]);
    expect(result).toMatchObject({ format: 'aide', rollouts: 1, steps: 3, error: null });
  });

  it('refuse a lone journal whose code files stayed behind, naming the code_file', async () => {
    const { base } = await start();
    const alone = await upload(base, 'journal.json', readFileSync(join(runFolder, 'journal.json')));
    const [result] = await importPaths(base, [alone.body.value!.path]);
    expect(result!.error?.message).toMatch(/field "nodes\.0\.code_file": names code\/node_0\.py, which is not in the journal's folder/);
  });

  it('refuse a path that climbs out of the folder, a bad folder id and a file sent twice, keeping the files that came whole', async () => {
    const { base, server } = await start();
    const folder = '00112233445566778899';
    for (const name of ['run/../../escape.py', '../escape.py', 'run//x.py', '/abs.py', './x.py']) {
      const answer = await upload(base, name, 'x', folder);
      expect(answer.body.error?.code, name).toBe('invalid_request');
    }
    expect((await upload(base, 'run/x.py', 'x', '../up')).body.error?.message).toContain('not a folder upload id');
    expect((await upload(base, 'run/x.py', 'first', folder)).status).toBe(200);
    expect((await upload(base, 'run/x.py', 'second', folder)).body.error?.message).toContain('already uploaded');
    expect(readFileSync(join(server.uploadsFolder, `folder-${folder}`, 'run', 'x.py'), 'utf8')).toBe('first');
    // A file and a folder of one name, in either order, and lone names that would be the upload's folder itself.
    expect((await upload(base, 'f', 'file', folder)).status).toBe(200);
    const under = await upload(base, 'f/g', 'under', folder);
    expect(under.status).toBe(400);
    expect(under.body.error?.message).toBe('f/g: a file already uploaded into this folder has the name of one of its folders');
    expect((await upload(base, 'run', 'x', folder)).body.error?.code).toBe('invalid_request');
    for (const name of ['.', '..', '...', 'a/..']) {
      const lone = await upload(base, name, 'x');
      expect(lone.status, name).toBe(400);
      expect(lone.body.error?.message, name).toContain('is not a file name');
    }
    expect(readdirSync(server.uploadsFolder)).toEqual([`folder-${folder}`]);
    expect(readFileSync(join(server.uploadsFolder, `folder-${folder}`, 'f'), 'utf8')).toBe('file');
  });
});
