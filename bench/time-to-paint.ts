/** First paint of a screen in Chromium, and API round trips through serve mode, as the paint benchmarks measure them. */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';

/**
 * Debian's headless shell where installed, as the e2e tests run in: the full browser, headless,
 * opens its own omnibox page in a second renderer for every new page, which took more CPU than
 * the page measured (495 against 345 ms at the Corpus screen's first rows) on the same 2 cores.
 */
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.RWB_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : '/usr/lib/chromium/chromium');

/** Debian's Chromium (or `RWB_CHROMIUM`), headless, with its background work off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * Runs in the page: changes the hash route and resolves with the ms until `selector` exists
 * and one more frame has been painted. A string, because the bench runs under tsx, whose
 * helpers a serialised function would reference but the page does not have.
 */
const paintScript = `({ route, selector }) => new Promise((resolve) => {
  const start = performance.now();
  location.hash = route;
  const check = () => {
    if (document.querySelector(selector)) requestAnimationFrame(() => resolve(performance.now() - start));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/** Goes to the Corpus screen, then measures from navigating to `route` until `selector` is painted. */
export async function timeToPaint(page: Page, route: string, selector: string): Promise<number> {
  await page.evaluate(`location.hash = '#/corpus'`);
  await page.waitForSelector('[data-testid="corpus-screen"]');
  return page.evaluate(`(${paintScript})(${JSON.stringify({ route, selector })})`) as Promise<number>;
}

/** A function that calls one operation of a running serve mode over HTTP and resolves with its round trip in ms. */
export function apiTimer(server: { port: number; token: string }): (op: string, body: object) => Promise<number> {
  const origin = `http://127.0.0.1:${server.port}`;
  return async (op, body) => {
    const start = performance.now();
    const response = await fetch(`${origin}/api/${op}`, {
      method: 'POST',
      headers: { 'x-rwb-token': server.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.json();
    return performance.now() - start;
  };
}
