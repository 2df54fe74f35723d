import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures';

/** A rollout of the pool collection with a failed step that raised an exception. */
async function findFailedStep(request: APIRequestContext, workbench: Workbench) {
  const list = await workbench.call('rollouts.list', { collection: 'pool', limit: 100 });
  for (const row of list.rows) {
    const failures = await workbench.call('failures.list', { rollout: row.id });
    const failure = failures.find((f) => f.step !== null && f.exceptionClass);
    if (failure) return { rollout: row.id, step: failure.step! };
  }
  return undefined;
}

/** The allocation rows on screen, as the backend's numbers they carry. */
async function allocationRows(panel: Locator) {
  return panel.getByTestId('allocation-row').evaluateAll((rows) =>
    rows.map((r) => ({
      category: r.getAttribute('data-category'),
      slots: Number(r.getAttribute('data-slots')),
      available: Number(r.getAttribute('data-available')),
    })),
  );
}

test('the rubrics panel splits the slots by category, ranks the cards, and leads to a rubric and its evidence', async ({ workbench, page, request }) => {
  const target = await findFailedStep(request, workbench);
  expect(target, 'the sample corpus has a pool rollout with a failed step').toBeTruthy();
  const { rollout, step } = target!;
  const libraries = await workbench.call('libraries.list', {});

  await workbench.open(`#/rollouts/${encodeURIComponent(rollout)}?step=${step}`);
  const panel = page.getByTestId('rubrics-panel');
  const results = panel.getByTestId('retrieval-results');
  await expect(results).toHaveAttribute('data-fresh', 'true');
  await expect(panel.getByTestId('retrieval-library')).toHaveValue(libraries[0]!.id);

  // Every category's row, folded ones included: the filled slots are min(slots, rubrics available).
  await panel.getByTestId('allocation-toggle').click();
  const rows = await allocationRows(panel);
  const filled = rows.reduce((sum, r) => sum + r.slots, 0);
  const available = rows.reduce((sum, r) => sum + r.available, 0);
  expect(filled).toBe(Math.min(12, available));
  await expect(panel.getByTestId('allocation-total')).toHaveAttribute('data-slots', String(filled));

  // The numbers are the backend's, row for row.
  const expected = await workbench.call('retrieval.run', {
    library: libraries[0]!.id,
    rollout,
  });
  expect(rows).toEqual(expected.allocation.map(({ category, slots, available }) => ({ category, slots, available })));

  // One card per filled slot; within a category, ranks run 1, 2, ... in order.
  const cards = panel.getByTestId('rubric-card');
  await expect(cards).toHaveCount(filled);
  const ranks = await cards.evaluateAll((cs) => cs.map((c) => ({ category: c.getAttribute('data-category')!, rank: Number(c.getAttribute('data-rank')) })));
  const seen = new Map<string, number>();
  for (const { category, rank } of ranks) {
    expect(rank).toBe((seen.get(category) ?? 0) + 1);
    seen.set(category, rank);
  }
  await expect(cards.first().getByTestId('card-why')).toBeVisible();
  await expect(cards.first().getByTestId('card-verdicts')).toHaveText('no CWM verdicts yet');

  await panel.getByTestId('retrieval-slots').fill('6');
  await expect(panel.getByTestId('allocation-total')).toHaveAttribute('data-slots', String(Math.min(6, available)));
  await expect(results).toHaveAttribute('data-fresh', 'true');
  await expect(cards).toHaveCount(Math.min(6, available));

  // A protected category is served first and marked; its numbers are the backend's too.
  await panel.getByTestId('protect-category').selectOption('C08');
  await panel.getByTestId('protect-count').fill('2');
  await panel.getByTestId('protect-add').click();
  const guarded = await workbench.call('retrieval.run', {
    library: libraries[0]!.id,
    rollout,
    slots: 6,
    protect: { C08: 2 },
  });
  const c08 = guarded.allocation.find((a) => a.category === 'C08')!;
  const c08Row = panel.locator('[data-testid="allocation-row"][data-category="C08"]');
  await expect(c08Row).toHaveAttribute('data-protected', 'true');
  await expect(c08Row).toHaveAttribute('data-slots', String(c08.slots));
  await panel.getByRole('button', { name: 'Stop protecting C08' }).click();
  await expect(c08Row).toHaveAttribute('data-protected', 'false');
  await expect(cards).toHaveCount(Math.min(6, available));

  // Keyboard: Enter leaves the slots field, r focuses the cards, ↓ moves, Enter opens the focused rubric.
  await panel.getByTestId('retrieval-slots').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('r');
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(cards.nth(1)).toBeFocused();
  await expect(page.locator('[data-testid="step-row"][aria-selected="true"]')).toHaveAttribute('data-step-index', String(step));
  const second = await cards.nth(1).getAttribute('data-rubric-id');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rubric-screen')).toHaveAttribute('data-rubric-id', second!);
  await page.goBack();

  // The failed step's own retrieval, from the library mined from whole rollouts.
  await expect(results).toBeVisible();
  await panel.getByTestId('retrieval-library').selectOption('whole-rollout-pool');
  await panel.getByTestId('retrieval-slots').fill('12');
  await panel.getByTestId('scope-step').click();
  await expect(results).toHaveAttribute('data-fresh', 'true');
  await expect(results).toContainText(`for step ${step}`);
  // Labels load once a card nears the viewport.
  await cards.first().scrollIntoViewIfNeeded();
  await expect(cards.first().getByTestId('card-labels')).toBeVisible();
  await panel.locator('.rubrics-scroll').evaluate((scroller) => scroller.scrollTo({ top: 0 }));
  await workbench.screenshot('rubrics-panel');

  // A retrieved rubric's detail, then its first source rollout.
  const first = cards.first();
  const id = await first.getAttribute('data-rubric-id');
  const title = await first.getByTestId('rubric-card-title').textContent();
  await first.getByTestId('rubric-card-title').click();
  const screen = page.getByTestId('rubric-screen');
  await expect(screen).toHaveAttribute('data-rubric-id', id!);
  await expect(page.getByTestId('rubric-title')).toHaveText(title!);
  await expect(page.getByTestId('rubric-pattern')).not.toBeEmpty();
  await expect(page.getByTestId('support-row').first()).toBeVisible();
  await workbench.screenshot('rubric-detail');

  const support = page.getByTestId('support-link').first();
  const source = (await support.textContent())!;
  await support.click();
  await expect(page.getByTestId('rollout-screen')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/rollouts/${source}`));
  await expect(page.getByTestId('step-row').first()).toBeVisible();
});
