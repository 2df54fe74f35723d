import { expect, test } from './fixtures';

test('run audit: the schema guideline, each scope guideline and the audited rollout beside the form', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'ana' });
  const failures = await workbench.call('failures.list', { rollout: 'r-0101' });
  await workbench.open('#/labels/audit?rollout=r-0101');
  await expect(page.getByTestId('audit-guideline')).toContainText('Not checked is never read as clean');
  await expect(page.getByTestId('audit-scope-guideline')).toHaveCount(10);
  const evidence = page.getByTestId('run-audit-evidence');
  await expect(evidence.getByTestId('run-audit-failure')).toHaveCount(failures.length);
  const step13 = evidence.locator('[data-testid="run-audit-failure"][data-step="13"]');
  await expect(step13).toContainText('ValueError');
  await expect(step13.getByRole('link')).toHaveAttribute('href', '#/rollouts/r-0101?step=13');
  // Beside the form, not under it.
  const form = (await page.locator('.audit-form').boundingBox())!;
  const pane = (await evidence.boundingBox())!;
  expect(pane.x).toBeGreaterThanOrEqual(form.x + form.width);
  // The rollout id reads as written (r-0101), not in a section heading's capitals.
  const heading = evidence.locator('h3').first();
  await expect(heading.getByRole('link')).toHaveText('r-0101');
  expect(await heading.evaluate((h) => getComputedStyle(h).textTransform)).toBe('none');
  await workbench.screenshot('label-run-audit-evidence');
});

test('adjudication shows the evidence and notes when the adjudicator labelled the item', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'ana' });
  const disputed = await workbench.call('labels.disagreements', { schema: 'category' });
  const own = disputed.findIndex((d) => d.labels.some((l) => l.annotator === 'ana'));
  const other = disputed.findIndex((d) => d.labels.every((l) => l.annotator !== 'ana'));
  expect(own, 'ana labelled a disputed item').toBeGreaterThanOrEqual(0);

  await workbench.open('#/labels/adjudicate?schema=category');
  await page.getByTestId('disagreement-row').nth(own).click();
  const item = page.getByTestId('disagreement');
  await expect(item).toHaveAttribute('data-target-id', disputed[own]!.target.id);
  await expect(item.getByTestId('self-adjudication')).toContainText('You labelled this item yourself (as ana)');
  await expect(item.getByTestId('evidence-pane')).toContainText('Source rollouts');
  await workbench.screenshot('label-adjudication-evidence');
  if (other >= 0) {
    await page.getByTestId('disagreement-row').nth(other).click();
    await expect(item).toHaveAttribute('data-target-id', disputed[other]!.target.id);
    await expect(item.getByTestId('self-adjudication')).toHaveCount(0);
  }
});

test('the Labels toolbar keeps its controls in place when the item set changes', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'ana' });
  await workbench.open('#/labels?schema=category&library=quota-24');
  await expect(page.getByTestId('queue-view')).toBeVisible();
  const blind = page.getByTestId('blind-toggle');
  const before = (await blind.boundingBox())!;
  await page.getByTestId('label-target-set').selectOption('sample:2');
  await expect(page.getByTestId('label-category-filter')).toBeDisabled();
  const after = (await blind.boundingBox())!;
  expect([after.x, after.y]).toEqual([before.x, before.y]);
});
