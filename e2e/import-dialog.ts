import type { Locator, Page } from '@playwright/test';
import { expect, type Workbench } from './fixtures';

/** Opens the corpus (the sample's 24 rollouts) and its Import dialog; returns the dialog and the corpus's count line. */
export async function openImportDialog(workbench: Workbench, page: Page): Promise<{ dialog: Locator; corpusCount: Locator }> {
  const corpusCount = page.getByTestId('corpus-count');
  await workbench.open('#/corpus');
  await expect(corpusCount).toContainText('24 of 24 rollouts');
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();
  return { dialog, corpusCount };
}

/** Expects the result row of `file` to say it was imported, in `format`, adding these rollouts and steps; returns the row. */
export async function expectImported(page: Page, file: string, added: { format: string; rollouts: number; steps: number }): Promise<Locator> {
  const row = page.locator(`[data-testid="import-result-row"][data-file="${file}"]`);
  await expect(row).toHaveAttribute('data-status', 'ok');
  const cells = row.locator('td');
  await expect(cells.nth(1)).toHaveText(added.format);
  await expect(cells.nth(2)).toHaveText(String(added.rollouts));
  await expect(cells.nth(3)).toHaveText(String(added.steps));
  return row;
}

/** Expects the result row of `file` to say it failed; returns its error cell. */
export async function expectRefused(page: Page, file: string): Promise<Locator> {
  const row = page.locator(`[data-testid="import-result-row"][data-file="${file}"]`);
  await expect(row).toHaveAttribute('data-status', 'failed');
  return row.getByTestId('import-error');
}
