import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportFileResult } from '../../common/corpus/corpus-types';
import { useSampleCorpus, stubRenderer } from '../test-support/serve-fixture';
import { useTempDir } from '../test-support/temp-dir';
import { startServer, type RunningServer } from './server';

const tempDir = useTempDir();
const sampleCorpus = useSampleCorpus();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const token = 'test-token-0123456789';
const runFolder = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/runs/aide-code-files');
const runFiles = ['journal.json', 'code/node_0.py', 'node_1.py', 'code/node_2.py'];

async function start(): Promise<{ server: RunningServer; base: string }> {
  const dir = tempDir();
  const dbPath = await sampleCorpus(dir);
  const server = await startServer({ dbPath, port: 0, seedSample: false, rendererDir: stubRenderer(dir), token });
  running.push(server);
  return { server, base: `http://127.0.0.1:${server.port}` };
}

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
    expect(readdirSync(server.uploadsFolder)).toEqual([`folder-${folder}`]);
  });
});
