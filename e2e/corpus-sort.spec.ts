import { failureKinds } from '../common/corpus/bundle';
import type { RequestOf } from '../common/contract';
import { expect, test } from './fixtures';

test('a column header sorts the rollouts on the server, by click or by keyboard, and filters narrow them', async ({ workbench, page }) => {
  const order = async (body: RequestOf<'rollouts.list'>) => (await workbench.call('rollouts.list', { limit: 5, ...body })).rows.map((r) => r.id);

  await workbench.open('#/corpus');
  const rows = page.getByTestId('rollout-row');
  await expect(rows.first()).toBeVisible();
  const header = (key: string) => page.locator('[role="columnheader"]', { has: page.getByTestId(`sort-${key}`) });
  await expect(header('rollout')).toHaveAttribute('aria-sort', 'ascending');

  await page.getByTestId('sort-steps').click();
  await expect(header('steps')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header('rollout')).toHaveAttribute('aria-sort', 'none');
  const ascending = await order({ sort: 'steps', direction: 'asc' });
  await expect(rows.first()).toHaveAttribute('data-rollout-id', ascending[0]!);

  await page.getByTestId('sort-steps').focus();
  await page.keyboard.press('Enter');
  await expect(header('steps')).toHaveAttribute('aria-sort', 'descending');
  const descending = await order({ sort: 'steps', direction: 'desc' });
  await expect(rows.first()).toHaveAttribute('data-rollout-id', descending[0]!);

  const offered = await page.getByTestId('filter-kind').locator('option').nth(1).getAttribute('value');
  const kind = failureKinds.find((k) => k === offered);
  expect(kind, `the kind filter offers a failure kind, not ${offered}`).toBeDefined();
  await page.getByTestId('filter-kind').selectOption(kind!);
  const filtered = await order({ kind, sort: 'steps', direction: 'desc' });
  await expect(rows.first()).toHaveAttribute('data-rollout-id', filtered[0]!);
  await expect(page.getByTestId('corpus-count')).not.toContainText('24 of');
});
