import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * What the Corpus screen's first rows wait for on a fresh page, checked without timing: they
 * come in the page serve serves, so the page never asks for them, and no script of the editors,
 * terminals, charts or contract schemas is loaded before they are painted.
 */
test('the first rows come with the page, unasked, and need none of the heavy chunks', async ({ page, workbench }) => {
  // A first load lets serve's start-up work finish: a write it reports (a sweep of attempts left running) rightly keeps the rows out of a page.
  await workbench.open('#/corpus');
  const scripts: string[] = [];
  const asked: string[] = [];
  const documents: Response[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname.slice('/api/'.length));
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
    if (response.request().resourceType() === 'document') documents.push(response);
  });
  await page.reload();
  await expect(page.getByTestId('rollout-row').first()).toBeVisible();
  const beforeRows = [...scripts];
  const askedBeforeRows = [...asked];

  expect(
    beforeRows.some((name) => name.startsWith('index-')),
    'the main chunk was seen loading',
  ).toBe(true);
  expect(askedBeforeRows).not.toContain('rollouts.list');
  expect(await documents[0]?.text()).toContain('id="rwb-first-rows"');
  // Taken by the store, so nothing later reads it as current.
  await expect(page.locator('#rwb-first-rows')).toHaveCount(0);
  for (const heavy of [/^monaco-api-/, /^xterm-api-/, /^libraries-screen-/, /^bundle-/]) {
    expect(
      beforeRows.filter((name) => heavy.test(name)),
      String(heavy),
    ).toEqual([]);
  }
});
