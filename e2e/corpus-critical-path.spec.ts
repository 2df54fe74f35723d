import { expect, test } from './fixtures';

/**
 * What the Corpus screen's first rows wait for on a fresh page, checked without timing: the
 * first rows' answer was asked for when serve served the page (its Server-Timing says so), the
 * rows come before any other API call, and no script of the editors, terminals, charts or
 * contract schemas is loaded before the rows are painted.
 */
test('the first rows are prefetched with the page, asked first, and need none of the heavy chunks', async ({ page, workbench }) => {
  // A first load lets serve's start-up work finish: a write it reports (a sweep of attempts left running) rightly drops a prefetch.
  await workbench.open('#/corpus');
  const scripts: string[] = [];
  const asked: string[] = [];
  const serverTimings = new Map<string, string[]>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname.slice('/api/'.length));
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
    const op = url.pathname.startsWith('/api/') ? url.pathname.slice('/api/'.length) : null;
    if (op) serverTimings.set(op, [...(serverTimings.get(op) ?? []), response.headers()['server-timing'] ?? '']);
  });
  await page.reload();
  await expect(page.getByTestId('rollout-row').first()).toBeVisible();
  const beforeRows = [...scripts];

  expect(
    beforeRows.some((name) => name.startsWith('index-')),
    'the main chunk was seen loading',
  ).toBe(true);
  expect(asked[0]).toBe('rollouts.list');
  const listTimings = serverTimings.get('rollouts.list') ?? [];
  expect(listTimings[0]).toMatch(/prefetch;dur=/);
  expect(listTimings.filter((t) => t.includes('prefetch'))).toHaveLength(1);
  for (const heavy of [/^monaco-api-/, /^xterm-api-/, /^libraries-screen-/, /^bundle-/]) {
    expect(
      beforeRows.filter((name) => heavy.test(name)),
      String(heavy),
    ).toEqual([]);
  }
});
