import { expect, test } from './fixtures';

test('run audit: a form with one row per scope, saved as a label, exported as Markdown with its evidence links', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'ana' });
  await workbench.open('#/labels/audit?rollout=r-0001');
  const rows = page.getByTestId('audit-scope');
  await expect(rows).toHaveCount(10);

  const timing = page.locator('[data-testid="audit-scope"][data-scope="submission_timing"]');
  await timing.getByRole('combobox').selectOption('confirmed');
  await timing.getByLabel('Submission timing: evidence').fill('submit.json: 2,322 s left while step 4 had an unevaluated checkpoint');
  await timing.getByLabel('Submission timing: impact').fill('Exploration cut short; formal scores stand');
  const dataset = page.locator('[data-testid="audit-scope"][data-scope="dataset"]');
  await dataset.getByRole('combobox').selectOption('clean');
  await dataset.getByLabel('Dataset and data sources: evidence').fill('fixed 8,005/128 split; the patch holds no data');
  await page.getByTestId('audit-save').click();

  const markdown = page.getByTestId('audit-markdown');
  await expect(markdown).toContainText('# Run audit: r-0001');
  await expect(markdown).toContainText(
    '| Submission timing | Confirmed | submit.json: 2,322 s left while step 4 had an unevaluated checkpoint | Exploration cut short; formal scores stand |',
  );
  await expect(markdown).toContainText('- Step 4: `rwb failures --rollout r-0001 --step 4`');
  const report = await workbench.call('labels.auditReport', { rollout: 'r-0001', annotator: 'ana' });
  await expect(markdown).toHaveText(report.markdown!.trimEnd());
  await workbench.screenshot('label-run-audit');

  // Reopened, the form shows the saved audit.
  await page.reload();
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
  await expect(timing.getByRole('combobox')).toHaveValue('confirmed');
  await expect(page.getByTestId('audit-save')).toHaveText('Save a new version of my audit');
});
