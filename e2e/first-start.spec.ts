import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callOperation } from './api';
import { expect, test } from './fixtures';
import { startServe } from './serve-process';

/**
 * A new user's first start: no corpus named, an empty data folder. The sample corpus is made
 * there with its recorded judging replayed (no key, no network), so the Libraries screen shows a
 * mined library's funnel, precision and recall straight away.
 */
test('first start on the sample corpus: the mined library shows its funnel, precision and recall', async ({ page, request }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rwb-e2e-first-start-'));
  const server = await startServe(null, { RWB_DATA_DIR: dataDir, ANTHROPIC_API_KEY: undefined });
  try {
    const runs = await callOperation(request, server, 'pipeline.list', {});
    expect(runs.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['judge', 'done'],
      ['mine', 'done'],
    ]);
    const mined = runs.find((r) => r.kind === 'mine')!;
    const library = (await callOperation(request, server, 'pipeline.get', { run: mined.id })).library!;

    await page.goto(`${server.url}#/libraries/${encodeURIComponent(library)}`);
    await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
    const funnel = page.getByTestId('curation-funnel');
    await expect(funnel).toBeVisible();
    await expect(funnel.locator('[data-testid="funnel-stage"][data-stage="accepted"]')).not.toHaveAttribute('data-count', '0');
    const precisionRecall = page.getByTestId('precision-recall');
    await expect(precisionRecall.getByTestId('pr-row').first()).toBeVisible();
    await expect(precisionRecall.getByTestId('pr-empty')).toHaveCount(0);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
