import { expect, test } from './fixtures';

test('pipeline: model status without a key, the runs and the request ledger, no error', async ({ workbench, page }) => {
  const status = await workbench.call('models.status', {});
  const ledger = await workbench.call('ledger.list', { offset: 0, limit: 50 });
  const runs = await workbench.call('pipeline.list', {});

  await workbench.open('#/corpus');
  await page.getByRole('link', { name: 'Pipeline' }).click();
  await expect(page).toHaveURL(/#\/pipeline$/);
  await expect(page.getByTestId('pipeline-screen')).toBeVisible();

  // The status is the backend's; the sample corpus is served without a key in live mode.
  const models = page.getByTestId('models-status');
  await expect(models).toHaveAttribute('data-has-key', String(status.hasKey));
  await expect(models).toHaveAttribute('data-mode', status.mode);
  if (!status.hasKey && status.mode === 'live') {
    await expect(models).toHaveAttribute('data-state', 'no-key');
    await expect(models).toContainText('no API key');
    await expect(models).toContainText('ANTHROPIC_API_KEY');
    await expect(models).toContainText('replay mode');
  }

  // Runs and ledger rows as the backend lists them (the sample corpus may have none).
  await expect(page.getByTestId('pipeline-run-row')).toHaveCount(runs.length);
  const table = page.getByTestId('ledger-table');
  await expect(table).toBeVisible();
  await expect(table).toHaveAttribute('data-total', String(ledger.total));
  await expect(page.getByTestId('ledger-row')).toHaveCount(ledger.rows.length);
  if (ledger.total === 0) await expect(page.getByTestId('ledger-empty')).toHaveText('No model requests yet.');

  // A status filter asks the backend again and still shows the table.
  await page.getByTestId('ledger-status-filter').selectOption('failed');
  const failed = await workbench.call('ledger.list', { status: 'failed', offset: 0, limit: 50 });
  await expect(table).toHaveAttribute('data-total', String(failed.total));
  await expect(page.getByTestId('ledger-row')).toHaveCount(failed.rows.length);
  await page.getByTestId('ledger-status-filter').selectOption('');

  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await workbench.screenshot('pipeline');
});

test('pipeline: a finished run (a Filtered cut, no model calls) shows its cost and replays identical', async ({ workbench, page }) => {
  const started = await workbench.call('pipeline.curate', {
    method: 'filtered',
    from: 'whole-rollout-pool',
    wait: true,
  });
  expect(started.run.status).toBe('done');

  await workbench.open('#/pipeline');
  const row = page.locator(`[data-testid="pipeline-run-row"][data-run-id="${started.run.id}"]`);
  await expect(row).toHaveAttribute('data-state', 'done');
  await expect(row).toContainText('curate-filtered');
  await expect(row).toContainText(started.run.library!);

  const report = await workbench.call('pipeline.replay', { run: started.run.id });
  await row.getByTestId('pipeline-replay').click();
  const result = page.getByTestId('replay-result');
  await expect(result).toHaveAttribute('data-state', report.identical ? 'identical' : 'different');
  if (report.identical) await expect(result).toContainText('Identical');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
});
