import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { sendExportFile } from './export-downloads';

const tempDir = useTempDir();
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

type Get = (path: string, method?: string) => Promise<Response>;

/** The route alone on a loopback port, serving `folder`. */
async function serve(folder: string): Promise<Get> {
  const server = createServer((req, res) => void sendExportFile(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'), folder));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return (path, method = 'GET') => fetch(`http://127.0.0.1:${port}/exports?path=${encodeURIComponent(path)}`, { method });
}

/** A corpus folder with an exports folder (a file, a sub-folder, a link to the corpus) and the route serving it. */
async function serveExports(): Promise<{ dir: string; folder: string; get: Get }> {
  const dir = tempDir();
  const folder = join(dir, 'exports');
  mkdirSync(join(folder, 'nested'), { recursive: true });
  writeFileSync(join(folder, 'labels-category-2026.jsonl'), '{"type":"label"}\n');
  writeFileSync(join(dir, 'corpus.db'), 'the corpus itself');
  symlinkSync(join(dir, 'corpus.db'), join(folder, 'linked.db'));
  return { dir, folder, get: await serve(folder) };
}

async function refusal(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { ok: boolean; error: { message: string } };
  expect(body.ok).toBe(false);
  return { status: response.status, message: body.error.message };
}

describe('GET /exports', () => {
  it('streams a file of the exports folder as an attachment, by its full path or its name', async () => {
    const { folder, get } = await serveExports();
    for (const path of [join(folder, 'labels-category-2026.jsonl'), 'labels-category-2026.jsonl']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain('attachment; filename="labels-category-2026.jsonl"');
      expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      expect(await response.text()).toBe('{"type":"label"}\n');
    }
  });

  it('refuses every path that leads out of the folder with 403, whether it exists or not', async () => {
    const { dir, folder, get } = await serveExports();
    const outside = [
      join(dir, 'corpus.db'),
      '../corpus.db',
      `${folder}/../corpus.db`,
      'nested/../../corpus.db',
      '/etc/passwd',
      '..',
      folder,
      `${folder}-sibling/file.jsonl`,
      'linked.db',
    ];
    for (const path of outside) {
      const { status, message } = await refusal(await get(path));
      expect([path, status]).toEqual([path, 403]);
      expect(message).toContain('only files written there can be downloaded');
    }
  });

  it('answers 404 for a missing file or a folder, 400 without a path and 405 for other methods', async () => {
    const { get } = await serveExports();
    expect(await refusal(await get('nope.jsonl'))).toMatchObject({ status: 404, message: expect.stringContaining('nope.jsonl: no such file') });
    expect(await refusal(await get('nested'))).toMatchObject({ status: 404, message: 'nested is not a file' });
    expect(await refusal(await get(''))).toMatchObject({ status: 400 });
    expect(await refusal(await get('labels-category-2026.jsonl', 'POST'))).toMatchObject({ status: 405 });
  });

  it('answers 404 while nothing was ever exported', async () => {
    const get = await serve(join(tempDir(), 'exports'));
    expect(await refusal(await get('a.jsonl'))).toMatchObject({ status: 404 });
  });
});
