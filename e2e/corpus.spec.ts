import { expect, test } from './fixtures';

test('the corpus screen shows the sample corpus and filters it', async ({ workbench, page }) => {
  await workbench.open('#/corpus');
  await expect(page.getByTestId('corpus-screen')).toBeVisible();
  await expect(page.getByTestId('corpus-count')).toContainText('24');
  await expect(page.getByTestId('rollout-row').first()).toBeVisible();
  await workbench.screenshot('corpus');

  const wrong = await page.getByTestId('filter-grade').locator('option', { hasText: 'wrong' }).getAttribute('value');
  await page.getByTestId('filter-grade').selectOption(wrong!);
  await expect(page.getByTestId('corpus-count')).not.toContainText('24 of');
  const rows = page.getByTestId('rollout-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(24);
});

test('a rollout opens step by step and its failed command reads as a traceback', async ({ workbench, page }) => {
  const list = await workbench.call('rollouts.list', { limit: 100 });
  const withFailures = list.rows.find((r) => r.failures > 0);
  expect(withFailures, 'the sample corpus has a rollout with failures').toBeTruthy();

  await workbench.open('#/corpus');
  await page.locator(`[data-testid="rollout-row"][data-rollout-id="${withFailures!.id}"]`).click();
  await expect(page.getByTestId('rollout-screen')).toBeVisible();
  await expect(page.getByTestId('step-row').first()).toBeVisible();

  await page.keyboard.press('n');
  const selected = page.locator('[data-testid="step-row"][aria-selected="true"]');
  await expect(selected).toHaveCount(1);
  await expect(selected).not.toHaveAttribute('data-exit-code', '0');
  await expect(page.getByTestId('step-command')).not.toBeEmpty();
  await expect(page.getByTestId('step-stderr').or(page.getByTestId('step-stdout')).first()).toBeVisible();
  await workbench.screenshot('rollout');
});

test('a traceback names its exception and frames, pointing into the program', async ({ workbench, page }) => {
  const list = await workbench.call('rollouts.list', { limit: 100 });
  let target: { rollout: string; step: number; exceptionClass: string } | undefined;
  for (const row of list.rows) {
    const failures = await workbench.call('failures.list', { rollout: row.id });
    const withProgram = failures.find((f) => f.step !== null && f.exceptionClass && f.program);
    if (withProgram) {
      target = { rollout: row.id, step: withProgram.step!, exceptionClass: withProgram.exceptionClass! };
      break;
    }
  }
  expect(target, 'the sample corpus has a traceback that points into a stored program').toBeTruthy();

  await workbench.open(`#/rollouts/${encodeURIComponent(target!.rollout)}?step=${target!.step}`);
  await expect(page.getByTestId('traceback')).toBeVisible();
  await expect(page.getByTestId('traceback-exception')).toContainText(target!.exceptionClass);
  await expect(page.getByTestId('traceback-frame').first()).toBeVisible();
  await expect(page.getByTestId('program-excerpt')).toBeVisible();
  await workbench.screenshot('traceback');
});
