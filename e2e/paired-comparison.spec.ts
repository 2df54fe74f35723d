import { expect, test } from './fixtures';

test('the sample exp-1 (RMSLE and speedup) shows a per-case table by direction and a relative effect, warned for two tasks', async ({ workbench, page }) => {
  await workbench.open('#/runs/exp-1');
  await expect(page.getByTestId('compare-arm-a')).toHaveValue('lesson_guided');
  await expect(page.getByTestId('compare-arm-b')).toHaveValue('original');
  const c = await workbench.call('experiments.compare', { experiment: 'exp-1', a: 'lesson_guided', b: 'original' });
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-loaded', 'true');

  await expect(page.getByTestId('comparison-effect')).toHaveAttribute('data-value', 'null');
  await expect(page.getByTestId('comparison-effect')).toContainText('different metrics or directions');
  await expect(page.getByTestId('comparison-relative-effect')).toHaveAttribute('data-value', JSON.stringify(c.relativeEffect));
  await expect(page.getByTestId('comparison-relative-effect')).toContainText('0.1115');
  await expect(page.getByTestId('comparison-relative-effect').getByTestId('comparison-few-tasks')).toContainText('2 tasks only');
  await expect(page.getByTestId('comparison-ci')).toHaveAttribute('data-value', JSON.stringify(c.ci));
  await expect(page.getByTestId('comparison-win-rate')).toContainText('100%');

  const rows = page.getByTestId('comparison-case');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('rmsle');
  await expect(rows.nth(0)).toContainText('lower is better');
  await expect(rows.nth(0)).toContainText('+0.0801');
  await expect(rows.nth(1)).toContainText('speedup');
  await expect(rows.nth(1)).toContainText('higher is better');
  await expect(rows.nth(1)).toContainText('+0.06');
  await expect(page.getByTestId('comparison-notes')).toContainText('Only 2 tasks behind the pooled figure');
});
