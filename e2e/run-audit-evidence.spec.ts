import { expect, test } from './fixtures';

test('the run audit form refuses a Confirmed scope without evidence and impact, then saves it once they are given', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'ana' });
  await workbench.open('#/labels/audit?rollout=r-0002');
  const dataset = page.locator('[data-testid="audit-scope"][data-scope="dataset"]');
  await dataset.getByRole('combobox').selectOption('confirmed');
  await page.getByTestId('audit-save').click();
  await expect(page.getByTestId('audit-refused')).toContainText('2 fields are required by run_audit version 2');
  await expect(dataset.locator('[data-testid="audit-field-error"][data-field="evidence"]')).toContainText(
    'Dataset and data sources (dataset) is Confirmed, which needs evidence',
  );
  await expect(dataset.locator('[data-testid="audit-field-error"][data-field="impact"]')).toBeVisible();
  const refused = await workbench.call('labels.auditReport', { rollout: 'r-0002', annotator: 'ana' });
  expect(refused.mine).toBeNull();

  await dataset.getByLabel('Dataset and data sources: evidence').fill('train.csv holds 128 rows of the test split');
  await dataset.getByLabel('Dataset and data sources: impact').fill('validation score inflated');
  await page.getByTestId('audit-save').click();
  await expect(page.getByTestId('audit-markdown')).toContainText(
    '| Dataset and data sources | Confirmed | train.csv holds 128 rows of the test split | validation score inflated |',
  );
  await expect(page.getByTestId('audit-refused')).toHaveCount(0);
});
