import type { Route, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';

const library = { kind: 'library', library: 'whole-rollout-pool' } as const;
const before = 6;
const during = 6;
/** Failed tries of the first label made during the outage before the connection comes back (backoff 0.5 + 1 + 2 + 4 s: about 8 s and more). */
const failedTries = 5;

test('label queue: the connection to serve mode cut and restored, every label is saved exactly once and nothing waited on it', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'olga' });
  const queue = await workbench.call('labels.queue', { schema: 'category', annotator: 'olga', targetSet: library, blind: false });
  const targets = queue.items.slice(0, before + during).map((i) => i.target.id);

  // The outage: every labels.add fails, half of them after the server stored the label (its answer lost),
  // and the event socket is dropped and refused, as when the server is unreachable.
  let cut = false;
  let failed = 0;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/events/, (ws) => {
    if (cut) return ws.close();
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.route('**/api/labels.add', async (route: Route) => {
    if (!cut) return route.continue();
    failed += 1;
    if (failed % 2 === 0) await route.fetch();
    await route.abort('connectionreset');
  });

  await workbench.open('#/labels?schema=category&library=whole-rollout-pool');
  const item = page.getByTestId('queue-item');
  const progress = page.getByTestId('queue-progress');
  const values = targets.map((_, i) => `C0${3 + (i % 7)}`);
  for (let i = 0; i < before; i++) {
    await expect(item).toHaveAttribute('data-target-id', targets[i]!);
    await page.keyboard.press(values[i]!.slice(-1));
  }
  await expect(progress).toHaveAttribute('data-saved', String(before));

  cut = true;
  for (const ws of sockets.splice(0)) await ws.close();
  // The queue moves on at once although nothing saves.
  for (let i = before; i < before + during; i++) {
    await expect(item).toHaveAttribute('data-target-id', targets[i]!);
    await page.keyboard.press(values[i]!.slice(-1));
  }
  const unsaved = page.getByTestId('queue-unsaved');
  await expect(unsaved).toHaveText(`unsaved: ${during} (sending again)`);
  await expect(page.getByTestId('error-banner')).toBeVisible();
  await expect.poll(() => failed, { message: 'the page keeps trying the first unsaved label' }).toBeGreaterThanOrEqual(failedTries);

  // Leaving the page now asks first; staying keeps the labels.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(unsaved).toHaveText(`unsaved: ${during} (sending again)`);

  cut = false;
  // The next try comes at the latest one backoff step (8 s) after the connection is back, or at once on reconnect.
  await expect(progress).toHaveAttribute('data-unsaved', '0');
  await expect(unsaved).toHaveCount(0);
  await expect(progress).toHaveAttribute('data-saved', String(before + during));
  await expect(page.getByTestId('error-banner')).toHaveCount(0);

  const history = await workbench.call('labels.history', { annotator: 'olga', schema: 'category' });
  expect(history.labels.map((l) => [l.target.id, l.value])).toEqual(targets.map((id, i) => [id, values[i]]));
});
