import { expect, test, type Workbench } from './fixtures';

const prices = (workbench: Workbench) => workbench.call('prices.list', {});
const priceOf = async (workbench: Workbench, model: string) => (await prices(workbench)).find((p) => p.model === model);

test('settings: the price table is edited in place; a refused value writes nothing', async ({ workbench, page }) => {
  await workbench.open('#/settings');
  const table = page.getByTestId('price-table');
  await table.scrollIntoViewIfNeeded();
  const sonnet = table.locator('[data-testid="price-row"][data-model="claude-sonnet-5"]');
  const sonnetOutput = sonnet.locator('input[name="outputPerMTok"]');
  await expect(sonnetOutput).toHaveValue('10');

  // Enter saves the row; Save is for a row with edits only.
  await sonnetOutput.fill('12.5');
  await expect(sonnet.getByTestId('price-save')).toBeEnabled();
  await sonnetOutput.press('Enter');
  await expect(sonnet.getByTestId('price-save')).toBeDisabled();
  await expect.poll(async () => (await priceOf(workbench, 'claude-sonnet-5'))?.outputPerMTok).toBe(12.5);
  const saved = await priceOf(workbench, 'claude-sonnet-5');
  expect(saved).toMatchObject({ inputPerMTok: 2, cacheWritePerMTok: 2.5, cacheReadPerMTok: 0.2 });
  expect(saved!.updatedAt).not.toBe('2026-11-29T00:00:00.000Z');

  // Escape reverts an edit without saving it.
  const sonnetCacheRead = sonnet.locator('input[name="cacheReadPerMTok"]');
  await sonnetCacheRead.fill('9');
  await sonnetCacheRead.press('Escape');
  await expect(sonnetCacheRead).toHaveValue('0.2');

  // A negative price is refused by the backend, named by its column, and nothing changes.
  const before = await prices(workbench);
  await sonnetOutput.fill('-1');
  await sonnet.getByTestId('price-save').click();
  const error = table.getByTestId('price-error');
  await expect(error).toContainText('Output $/MTok: Too small');
  await expect(sonnetOutput).toHaveAttribute('aria-invalid', 'true');
  expect(await prices(workbench)).toEqual(before);
  await sonnet.getByTestId('price-revert').click();
  await expect(sonnetOutput).toHaveValue('12.5');
  await expect(error).toHaveCount(0);

  // A new model, added from the last row; blanks and a bad id are refused first.
  const add = table.getByTestId('price-add-row');
  await add.getByTestId('price-add').click();
  await expect(table.getByTestId('price-error')).toContainText('Input $/MTok: enter a number');
  await add.locator('input[name="model"]').fill('claude mini');
  for (const [field, value] of [
    ['inputPerMTok', '0.25'],
    ['outputPerMTok', '1.25'],
    ['cacheWritePerMTok', '0.3'],
    ['cacheReadPerMTok', '0.03'],
  ] as const) {
    await add.locator(`input[name="${field}"]`).fill(value);
  }
  await add.getByTestId('price-add').click();
  await expect(table.getByTestId('price-error')).toContainText('Model: letters, digits');
  expect(await prices(workbench)).toEqual(before);
  await add.locator('input[name="model"]').fill('claude-mini-1');
  await add.locator('input[name="model"]').press('Enter');
  const mini = table.locator('[data-testid="price-row"][data-model="claude-mini-1"]');
  await expect(mini.locator('input[name="outputPerMTok"]')).toHaveValue('1.25');
  await expect(add.locator('input[name="model"]')).toHaveValue('');
  expect(await priceOf(workbench, 'claude-mini-1')).toMatchObject({ inputPerMTok: 0.25, outputPerMTok: 1.25, cacheWritePerMTok: 0.3, cacheReadPerMTok: 0.03 });

  // A change made elsewhere (the CLI, another window) shows up without a reload.
  await workbench.call('prices.save', { model: 'claude-opus-5', inputPerMTok: 7, outputPerMTok: 25, cacheWritePerMTok: 6.25, cacheReadPerMTok: 0.5 });
  await expect(table.locator('[data-testid="price-row"][data-model="claude-opus-5"] input[name="inputPerMTok"]')).toHaveValue('7');

  await mini.locator('input[name="cacheReadPerMTok"]').fill('-0.5');
  await mini.locator('input[name="cacheReadPerMTok"]').press('Enter');
  await expect(table.getByTestId('price-error')).toContainText('Cache read $/MTok');
  await add.scrollIntoViewIfNeeded();
  await workbench.screenshot('settings-prices');
  await mini.locator('input[name="cacheReadPerMTok"]').press('Escape');

  // Deleting asks first; the answer "Keep them" keeps them.
  await mini.getByTestId('price-delete').click();
  await page.getByTestId('price-delete-dialog').getByRole('button', { name: 'Keep them' }).click();
  await expect(mini).toHaveCount(1);
  await mini.getByTestId('price-delete').click();
  await page.getByTestId('price-delete-dialog-confirm').click();
  await expect(mini).toHaveCount(0);
  expect((await prices(workbench)).map((p) => p.model)).not.toContain('claude-mini-1');
});
