import { expect, test } from './fixtures';

test('settings: annotator, a guideline edit and a split saved as a new taxonomy version; labels naming the split category are flagged, not rewritten', async ({
  workbench,
  page,
}) => {
  await workbench.open('#/settings');
  await page.getByTestId('settings-annotator').fill('ana');
  await page.getByTestId('settings-annotator-save').click();
  await expect(page.getByTestId('settings-screen')).toContainText('✓ saved');
  // The SSH hosts runs use are kept in Settings too (the same panel as on the Runs screen).
  await expect(page.getByTestId('settings-screen').getByTestId('hosts-table')).toBeVisible();

  const editor = page.getByTestId('taxonomy-editor');
  await editor.getByRole('button', { name: /C01/ }).click();
  await page.getByTestId('guideline-input').fill('Use **only** when the module cannot be imported at all.');
  await expect(editor.locator('.guideline-preview strong')).toHaveText('only');
  await editor.getByRole('button', { name: /C03/ }).click();
  await editor.getByPlaceholder(/Split into codes/).fill('C03a, C03b');
  await editor.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(editor.getByRole('button', { name: /C03a/ })).toBeVisible();
  await expect(page.getByTestId('taxonomy-version')).toHaveValue('v2');

  const before = await workbench.call('labels.history', { schema: 'category', limit: 1000 });
  const namingC03 = before.labels.filter((l) => l.value === 'C03').length;
  expect(namingC03).toBeGreaterThan(0);
  await page.getByTestId('taxonomy-save').click();
  await expect(editor).toContainText(`Saved as taxonomy v2; ${namingC03} label record(s) flagged for review.`);
  await workbench.screenshot('label-settings');

  const after = await workbench.call('labels.history', { schema: 'category', limit: 1000 });
  expect(after.labels.filter((l) => l.needsReview).map((l) => [l.value, l.taxonomyVersion])).toEqual(Array(namingC03).fill(['C03', 'v1']));

  // The queue shows the flag on ana's C03 label, and the new codes with the edited guideline.
  await workbench.open('#/labels?schema=category&library=whole-rollout-pool');
  await expect(page.getByTestId('queue-item')).toHaveAttribute('data-target-id', 'rb-0041');
  const c03Row = page.locator('[data-testid="queue-row"]', { hasText: 'C03 ⟳' }).first();
  await c03Row.click();
  await expect(page.getByTestId('needs-review')).toBeVisible();
  await expect(page.getByTestId('option-keys')).toContainText('C03a');
  await page.keyboard.press('1');
  await expect(page.getByTestId('focused-guideline')).toContainText('Use only when the module cannot be imported at all.');
  await page.keyboard.press('Escape');

  // A schema edit is a new version; labels keep the version they were made under.
  await workbench.open('#/settings');
  await page.getByTestId('schema-editor-select').selectOption('quality_audit');
  const json = page.getByTestId('schema-editor-json');
  await json.fill((await json.inputValue()).replace('"overlapTarget": 2', '"overlapTarget": 3'));
  await page.getByTestId('schema-editor-save').click();
  await expect(page.getByTestId('schema-editor-message')).toHaveText('Saved as version 2.');
  await json.fill('{"title": "broken"}');
  await page.getByTestId('schema-editor-save').click();
  await expect(page.getByTestId('schema-editor-message')).toContainText('target');
});
