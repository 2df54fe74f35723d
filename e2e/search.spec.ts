import type { Page } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures';

/** A failed step of the sample corpus whose traceback ends in an exception line of a few words. */
async function findTracebackStep(workbench: Workbench) {
  const list = await workbench.call('rollouts.list', { limit: 100 });
  for (const row of list.rows) {
    const failures = await workbench.call('failures.list', { rollout: row.id });
    for (const failure of failures) {
      if (failure.step === null || !failure.exceptionClass) continue;
      const step = await workbench.call('steps.get', { rollout: row.id, index: failure.step });
      const line = step.stderr
        .split('\n')
        .map((l) => l.trim())
        .findLast((l) => l.startsWith(`${failure.exceptionClass}:`));
      if (line && line.split(/\s+/).length >= 3) return { rollout: row.id, step: failure.step, line };
    }
  }
  return undefined;
}

/** The number at the start of the hit count ("12 matches"). */
async function matchCount(page: Page): Promise<number> {
  const text = await page.getByTestId('search-count').textContent();
  return Number((text ?? '').replace(/,/g, '').match(/^(\d+)/)?.[1] ?? NaN);
}

test('a pasted exception line finds its step, and Enter opens the rollout there', async ({ workbench, page }) => {
  const target = await findTracebackStep(workbench);
  expect(target, 'the sample corpus has a traceback with a distinctive exception line').toBeTruthy();
  const { rollout, step, line } = target!;

  await workbench.open('#/corpus');
  await page.keyboard.press('/');
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  await input.fill(line);

  await expect(page.getByTestId('search-results')).toBeVisible();
  await expect(page.getByTestId('search-count')).toHaveText(/^\d+ match/);
  const hit = page.locator(`[data-testid="search-hit"][data-rollout-id="${rollout}"][data-step-index="${step}"]`);
  await expect(hit).toBeVisible();
  await expect(hit).toHaveAttribute('data-field', 'stderr');
  await expect(hit.locator('mark').first()).toBeVisible();
  const exceptionClass = line.slice(0, line.indexOf(':'));
  await expect(hit.locator('mark', { hasText: exceptionClass })).not.toHaveCount(0);

  // The best hit starts selected; ↓ walks down to ours.
  const position = Number(await hit.getAttribute('data-index'));
  for (let i = 0; i < position; i++) await input.press('ArrowDown');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await workbench.screenshot('search');

  await input.press('Enter');
  await expect(page.getByTestId('rollout-screen')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/rollouts/${encodeURIComponent(rollout)}\\?step=${step}$`));
  await expect(page.locator(`[data-testid="step-row"][data-step-index="${step}"]`)).toHaveAttribute('aria-selected', 'true');

  // Back on the corpus, the search is still there; Escape clears it and the table returns.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-results')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-input')).toHaveValue('');
  await expect(page.getByTestId('rollout-table')).toBeVisible();
});

test('the grade filter narrows the search hits to rollouts of that grade', async ({ workbench, page }) => {
  const wrong = await workbench.call('rollouts.list', { grade: 'wrong', limit: 100 });
  const wrongIds = new Set(wrong.rows.map((r) => r.id));

  await workbench.open('#/corpus');
  await page.getByTestId('search-input').fill('Traceback');
  await expect(page.getByTestId('search-count')).toHaveText(/^\d+ match/);
  const all = await matchCount(page);
  expect(all).toBeGreaterThan(1);

  await page.getByTestId('filter-grade').selectOption('wrong');
  await expect.poll(() => matchCount(page)).toBeLessThan(all);
  const narrowed = await matchCount(page);
  expect(narrowed).toBeGreaterThan(0);
  const shown = await page.getByTestId('search-hit').evaluateAll((els) => els.map((el) => el.getAttribute('data-rollout-id')));
  expect(shown.length).toBeGreaterThan(0);
  for (const id of shown) expect(wrongIds.has(id!), `${id} has grade wrong`).toBe(true);

  await page.getByTestId('filter-grade').selectOption('');
  await expect.poll(() => matchCount(page)).toBe(all);
});
