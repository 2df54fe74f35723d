import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { gzipPageAssets, gzippedFile } from './gzipped-files';
import { serveStatic } from './static-files';

const tempDir = useTempDir();
/** A script that compresses well, as a build's do. */
const script = `export const names = [${Array.from({ length: 500 }, (_, i) => `'rollout-${i}'`).join(', ')}];\n`;
let server: Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP server over a build folder with a hashed asset and an unhashed script. */
async function serveBuild(): Promise<string> {
  const root = tempDir();
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index-Dy1AHqbG.js'), script);
  writeFileSync(join(root, 'icon.svg'), '<svg/>\n');
  server = createServer((req, res) => {
    void serveStatic(root, new URL(req.url ?? '/', 'http://x').pathname, res, {}, req.headers['accept-encoding']).then((found) => {
      if (!found) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

it('lets a browser keep the hashed assets for good and revalidate the rest', async () => {
  const base = await serveBuild();
  const asset = await fetch(`${base}/assets/index-Dy1AHqbG.js`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  expect(await asset.text()).toBe(script);
  const icon = await fetch(`${base}/icon.svg`);
  expect(icon.headers.get('cache-control')).toBe('no-cache');
});

it('sends text gzipped to a client that accepts it, and as it is to one that does not', async () => {
  const base = await serveBuild();
  const url = `${base}/assets/index-Dy1AHqbG.js`;
  for (let i = 0; i < 2; i++) {
    const raw = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers.vary).toBe('accept-encoding');
    expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
    expect(raw.body.length).toBeLessThan(script.length / 3);
    expect(gunzipSync(raw.body).toString()).toBe(script);
  }
  const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(script);
});

it("gzips the scripts and styles the page's head names before any request, and nothing else", async () => {
  const root = tempDir();
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<script type="module" src="./assets/app.js"></script><link rel="stylesheet" href="./assets/app.css"><link rel="modulepreload" href="./assets/gone.js">',
  );
  writeFileSync(join(root, 'assets', 'app.js'), script);
  writeFileSync(join(root, 'assets', 'app.css'), 'body { margin: 0 }\n');
  writeFileSync(join(root, 'assets', 'later.js'), script);
  expect((await gzipPageAssets(root)).sort()).toEqual([join(root, 'assets', 'app.css'), join(root, 'assets', 'app.js')]);
  const file = join(root, 'assets', 'app.js');
  expect(gunzipSync(await gzippedFile(file, statSync(file).mtimeMs)).toString()).toBe(script);
});
