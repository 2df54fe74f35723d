import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { serveStatic } from './static-files';

const tempDir = useTempDir();
let server: Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP server over a build folder with a hashed asset and an unhashed script. */
async function serveBuild(): Promise<string> {
  const root = tempDir();
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index-Dy1AHqbG.js'), 'export {};\n');
  writeFileSync(join(root, 'theme-boot.js'), ';\n');
  server = createServer((req, res) => {
    void serveStatic(root, new URL(req.url ?? '/', 'http://x').pathname, res, {}).then((found) => {
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
  expect(await asset.text()).toBe('export {};\n');
  const boot = await fetch(`${base}/theme-boot.js`);
  expect(boot.headers.get('cache-control')).toBe('no-cache');
});
