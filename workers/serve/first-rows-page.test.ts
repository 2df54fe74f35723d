/**
 * The Corpus screen's first rows written into the page serve serves, through a real server,
 * worker and corpus, and the writes such a page misses until its events socket opens.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { firstRolloutsPage, firstRowsElementId } from '../../common/corpus/first-rollouts-page';
import { useSampleCorpus } from '../test-support/serve-fixture';
import { useTempDir } from '../test-support/temp-dir';
import { firstRowsElement, pageAroundFirstRows } from './first-rows-page';
import { startServer, type RunningServer } from './server';

const tempDir = useTempDir();
const sampleCorpus = useSampleCorpus();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const token = 'first-rows-token-0123456789';

async function start(): Promise<{ server: RunningServer; base: string }> {
  const dir = tempDir();
  const dbPath = await sampleCorpus(dir);
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  const server = await startServer({ dbPath, port: 0, seedSample: false, rendererDir, token });
  running.push(server);
  return { server, base: `http://127.0.0.1:${server.port}/s/${token}` };
}

async function call(server: RunningServer, op: string, body: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/${op}`, {
    method: 'POST',
    headers: { 'x-rwb-token': token },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { value: unknown }).value;
}

/** The JSON the page carries as its first rows, or undefined. */
function carried(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${firstRowsElementId}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

/** The first message the events socket of the page's session sends, or null if none comes within `ms`. */
function firstEvent(server: RunningServer, ms: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/s/${token}/events`, { headers: { origin: `http://127.0.0.1:${server.port}` } });
    const timer = setTimeout(() => (ws.close(), resolve(null)), ms);
    ws.on('message', (data: Buffer) => {
      clearTimeout(timer);
      ws.close();
      resolve(JSON.parse(data.toString()));
    });
    ws.on('error', reject);
  });
}

describe('the first rows in the page', () => {
  it("carries the answer the page's own first request would get, and the page's request is then not prefetched", async () => {
    const { server, base } = await start();
    const html = await (await fetch(`${base}/`)).text();
    expect(carried(html)).toEqual(await call(server, 'rollouts.list', firstRolloutsPage));
    const own = await fetch(`http://127.0.0.1:${server.port}/api/rollouts.list`, {
      method: 'POST',
      headers: { 'x-rwb-token': token },
      body: JSON.stringify(firstRolloutsPage),
    });
    expect(own.headers.get('server-timing')).not.toMatch(/prefetch/);
  });

  it("tells the page's socket, as it opens, of a write made after the page was served, once", async () => {
    const { server, base } = await start();
    expect(carried(await (await fetch(`${base}/`)).text())).toBeDefined();
    await call(server, 'settings.set', { density: 'compact' });
    const told = (await firstEvent(server, 5000)) as { type: string; tables: string[] };
    expect(told.type).toBe('db:changed');
    expect(told.tables).toEqual(expect.arrayContaining(['user_settings']));
    expect(await firstEvent(server, 500)).toBeNull();
  });

  it('tells a page served with no write since nothing when its socket opens', async () => {
    const { server, base } = await start();
    expect(carried(await (await fetch(`${base}/`)).text())).toBeDefined();
    expect(await firstEvent(server, 500)).toBeNull();
  });
});

describe('the page around its first rows', () => {
  it('puts the rows at the end of the body, in an element no text in them can close', () => {
    const { before, after } = pageAroundFirstRows('<html><head></head><body><div id="root"></div></body></html>');
    expect(before).toBe('<html><head></head><body><div id="root"></div>');
    expect(after).toBe('</body></html>');
    const html = `${before}${firstRowsElement({ rows: [{ id: '</script><script>alert(1)</script>' }] })}${after}`;
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(carried(html)).toEqual({ rows: [{ id: '</script><script>alert(1)</script>' }] });
  });

  it('keeps a page without a body whole, with the rows after it', () => {
    expect(pageAroundFirstRows('<p>no body</p>')).toEqual({ before: '<p>no body</p>', after: '' });
  });
});
