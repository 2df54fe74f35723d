/**
 * `npm start` on a machine without Electron's binary, against a local mirror that has no
 * Electron: it asks the mirror for Electron's zip through Electron's own installer, says in
 * one line why it could not, and starts serve mode. With ELECTRON_SKIP_BINARY_DOWNLOAD it
 * asks nothing. ELECTRON_OVERRIDE_DIST_PATH, which Electron's package and installer both
 * honour, points at an empty folder, so the binary is missing even where one is installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTempDir } from '../workers/test-support/temp-dir';

const startScript = fileURLToPath(new URL('./start.js', import.meta.url));
const { version } = (await import('electron/package.json', { with: { type: 'json' } })).default as { version: string };

interface Mirror {
  url: string;
  requests: string[];
  server: Server;
}

function startMirror(): Promise<Mirror> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('no Electron here\n');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests, server }));
  });
}

/** Runs `node scripts/start.js --db FILE` and resolves with its output once it prints serve mode's URL. */
function startUntilUrl(env: Record<string, string>, db: string): Promise<{ child: ChildProcess; output: string; url: string }> {
  const inherited = { ...process.env };
  delete inherited.ELECTRON_SKIP_BINARY_DOWNLOAD;
  delete inherited.ELECTRON_MIRROR;
  delete inherited.ELECTRON_RUN_AS_NODE;
  const child = spawn(process.execPath, [startScript, '--db', db], {
    env: { ...inherited, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+/)?.[0];
      if (url) resolve({ child, output, url });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`start.js exited (${code}) before printing a URL:\n${output}`)));
  });
}

/** Stops start.js, which passes the signal to serve mode and exits once it has; serve's port then refuses. */
async function stop(child: ChildProcess, url: string): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  await expect(fetch(url)).rejects.toThrow();
}

describe("npm start without Electron's binary", () => {
  const tempDir = useTempDir();
  let mirror: Mirror;
  let dir: string;
  let noElectron: Record<string, string>;
  beforeEach(async () => {
    mirror = await startMirror();
    dir = tempDir();
    mkdirSync(join(dir, 'no-electron'));
    noElectron = { ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'no-electron'), electron_config_cache: join(dir, 'cache') };
  });
  afterEach(() => new Promise<void>((resolve) => mirror.server.close(() => resolve())));

  it("asks ELECTRON_MIRROR for Electron's zip, says why it failed in one line, and starts serve mode", { timeout: 180_000 }, async () => {
    const { child, output, url } = await startUntilUrl({ ...noElectron, ELECTRON_MIRROR: mirror.url }, join(dir, 'corpus.db'));
    try {
      expect(mirror.requests).toContain(`/v${version}/electron-v${version}-${process.platform}-${process.arch}.zip`);
      const lines = output.split('\n');
      expect(lines[0]).toMatch(/^Electron's binary is missing: downloading Electron .* from http:\/\/127\.0\.0\.1:\d+\//);
      expect(lines[1]).toMatch(/^No Electron \(HTTPError: Response code 404 \(Not Found\)\), so serve mode starts instead/);
    } finally {
      await stop(child, url);
    }
  });

  it('asks nothing with ELECTRON_SKIP_BINARY_DOWNLOAD=1 and starts serve mode', { timeout: 180_000 }, async () => {
    const { child, output, url } = await startUntilUrl(
      { ...noElectron, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', ELECTRON_MIRROR: mirror.url },
      join(dir, 'corpus.db'),
    );
    try {
      expect(mirror.requests).toEqual([]);
      expect(output.split('\n')[0]).toBe('No Electron (ELECTRON_SKIP_BINARY_DOWNLOAD is set), so serve mode starts instead: open the URL below in a browser.');
    } finally {
      await stop(child, url);
    }
  });
});
