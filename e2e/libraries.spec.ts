import { expect, test } from './fixtures';

test('libraries: sizes, the mix against the pool with its distance, and the rubric table filtered', async ({ workbench, page }) => {
  await workbench.open('#/libraries');
  await expect(page.getByTestId('library-row')).toHaveCount(3);
  for (const [id, size] of [
    ['wrong-answer-1st', '10'],
    ['whole-rollout-pool', '45'],
    ['quota-24', '24'],
  ] as const) {
    await expect(page.locator(`[data-testid="library-row"][data-library-id="${id}"] [data-testid="library-size"]`)).toHaveText(size);
  }

  await page.locator('[data-testid="library-row"][data-library-id="whole-rollout-pool"]').getByRole('link').click();
  await expect(page).toHaveURL(/#\/libraries\/whole-rollout-pool$/);
  await expect(page.getByTestId('library-detail')).toHaveAttribute('data-library-id', 'whole-rollout-pool');

  // The distance on screen is the backend's, for every pool and for one collection.
  const mix = await workbench.call('libraries.mix', { library: 'whole-rollout-pool' });
  const distance = page.getByTestId('mix-distance');
  await expect(distance).toHaveAttribute('data-distance', String(mix.distance));
  await expect(distance).toHaveText(mix.distance!.toFixed(1));
  const bars = page.getByTestId('mix-chart').locator('.recharts-bar-rectangle');
  await expect(bars.first()).toBeVisible();
  await bars.first().hover();
  await expect(page.getByTestId('mix-tooltip')).toContainText(`of ${mix.libraryTotal} rubrics`);

  const poolOnly = await workbench.call('libraries.mix', { library: 'whole-rollout-pool', collection: 'pool' });
  await page.getByTestId('mix-pool').selectOption('pool');
  await expect(distance).toHaveAttribute('data-distance', String(poolOnly.distance));
  await page.getByTestId('mix-pool').selectOption('');
  await expect(distance).toHaveAttribute('data-distance', String(mix.distance));

  // The rubric table: all 45, then one category, then a search word.
  const count = page.getByTestId('rubric-count');
  const rows = page.getByTestId('rubric-row');
  await expect(count).toContainText('45');
  await page.getByTestId('filter-rubric-category').selectOption('C03');
  await expect(count).toContainText(String(mix.counts.library.C03));
  await expect(rows).toHaveCount(mix.counts.library.C03!);
  for (const category of await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-category')))) expect(category).toBe('C03');

  await page.getByTestId('filter-rubric-category').selectOption('');
  const found = await workbench.call('rubrics.list', { library: 'whole-rollout-pool', query: 'column' });
  expect(found.total).toBeGreaterThan(0);
  expect(found.total).toBeLessThan(45);
  await page.getByTestId('rubric-search').fill('column');
  await expect(count).toContainText(`${found.total} rubric`);
  await expect(rows).toHaveCount(found.total);
  await page.mouse.move(0, 0);
  await workbench.screenshot('libraries');

  await rows.first().getByRole('link').click();
  await expect(page.getByTestId('rubric-screen')).toBeVisible();
  await expect(page.getByTestId('rubric-libraries')).toContainText('Whole-rollout');
});
