import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { expect, test } from './fixtures';

/** A raw HTTP request, so the test controls every header (fetch would fix Host and Origin). */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function wsStatus(url: string, headers: Record<string, string> = {}): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

test.describe('serve mode front door', () => {
  test('the page, assets and API refuse a missing token (401) and a wrong one (403)', async ({ workbench, playwright }) => {
    const { origin, token } = workbench;
    const request = await playwright.request.newContext();
    expect((await request.get(`${origin}/`)).status()).toBe(401);
    expect((await request.get(`${origin}/?token=wrong`)).status()).toBe(403);
    // The printed URL leads to the page's session path, which carries the token for the page and its assets.
    const redirect = await request.get(`${origin}/?token=${token}`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(303);
    expect(redirect.headers()['location']).toBe(`/s/${token}/`);
    const pageResponse = await request.get(`${origin}/s/${token}/`);
    expect(pageResponse.status()).toBe(200);
    expect(pageResponse.headers()['set-cookie']).toBeUndefined();
    const page = await pageResponse.text();
    const asset = page.match(/src="\.?\/?(assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    expect((await request.get(`${origin}/${asset}`)).status()).toBe(401);
    expect((await request.get(`${origin}/s/${token}/${asset}`)).status()).toBe(200);
    expect((await request.get(`${origin}/s/wrong/${asset}`)).status()).toBe(403);

    const stats = `${origin}/api/corpus.stats`;
    expect((await request.post(stats, { data: {} })).status()).toBe(401);
    expect((await request.post(stats, { data: {}, headers: { 'x-rwb-token': 'wrong' } })).status()).toBe(403);
    const ok = await request.post(stats, { data: {}, headers: { 'x-rwb-token': token } });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).value.rollouts).toBeGreaterThan(0);
    await request.dispose();
  });

  test('after the workbench has been opened, another server on this host receives no credential from the browser', async ({ workbench, page, context }) => {
    const seen: IncomingHttpHeaders[] = [];
    const other = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>other</title><img src="/pixel.png">');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      await workbench.open('#/labels');
      // The page has used the API and the events socket by now; then the user visits another local server.
      await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
      expect(await context.cookies()).toEqual([]);
      const otherPort = (other.address() as AddressInfo).port;
      const visit = await context.newPage();
      for (const host of ['127.0.0.1', 'localhost']) {
        await visit.goto(`http://${host}:${otherPort}/`);
        await expect(visit).toHaveTitle('other');
      }
      expect(seen.length).toBeGreaterThanOrEqual(2);
      for (const headers of seen) {
        expect(headers.cookie).toBeUndefined();
        expect(headers['x-rwb-token']).toBeUndefined();
        expect(JSON.stringify(headers)).not.toContain(workbench.token);
      }
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  test('a foreign Origin and a foreign Host are refused even with the token', async ({ workbench, request }) => {
    const { origin, token, port } = workbench;
    const foreign = await request.post(`${origin}/api/corpus.stats`, {
      data: {},
      headers: { 'x-rwb-token': token, origin: 'http://evil.example' },
    });
    expect(foreign.status()).toBe(403);
    expect(await rawGet(port, `/?token=${token}`, { host: `attacker.example:${port}` })).toBe(403);
  });

  test('the events WebSocket needs the token and this origin', async ({ workbench }) => {
    const base = `ws://127.0.0.1:${workbench.port}/events`;
    expect(await wsStatus(base)).toBe(401);
    expect(await wsStatus(`${base}?token=wrong`)).toBe(403);
    expect(await wsStatus(`${base}?token=${workbench.token}`, { origin: 'http://evil.example' })).toBe(403);
    expect(await wsStatus(`${base}?token=${workbench.token}`, { origin: workbench.origin })).toBe('open');
    expect(await wsStatus(`ws://127.0.0.1:${workbench.port}/s/${workbench.token}/events`, { origin: workbench.origin })).toBe('open');
    expect(await wsStatus(`ws://127.0.0.1:${workbench.port}/s/wrong/events`, { origin: workbench.origin })).toBe(403);
  });

  test('a bad request gets a typed error, not a crash', async ({ workbench, request }) => {
    const headers = { 'x-rwb-token': workbench.token };
    const bad = await request.post(`${workbench.origin}/api/steps.get`, { data: { rollout: 'x', index: -1 }, headers });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const unknown = await request.post(`${workbench.origin}/api/db.exec`, { data: {}, headers });
    expect(unknown.status()).toBe(404);
    const after = await request.post(`${workbench.origin}/api/corpus.stats`, { data: {}, headers });
    expect(after.status()).toBe(200);
  });

  test('the page has a strict CSP and cannot navigate away', async ({ workbench, page }) => {
    const response = await page.goto(workbench.url);
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
    const before = page.url();

    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = 'http://example.invalid/phish';
      link.textContent = 'external';
      link.dataset.testid = 'injected-link';
      document.body.appendChild(link);
    });
    await page.getByTestId('injected-link').click();
    expect(await page.evaluate(() => window.open('http://example.invalid/popup'))).toBeNull();
    await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
    expect(page.url()).toBe(before);
  });
});
