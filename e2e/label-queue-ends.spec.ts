import { expect, test, type Workbench } from './fixtures';

/** A category of the whole-rollout-pool library with two or three rubrics: a queue short enough to finish. */
async function shortCategory(workbench: Workbench): Promise<{ category: string; ids: string[] }> {
  const whole = await workbench.call('labels.queue', {
    schema: 'quality_audit',
    annotator: 'eve',
    targetSet: { kind: 'library', library: 'whole-rollout-pool' },
    blind: false,
  });
  const byCategory = new Map<string, string[]>();
  for (const item of whole.items) {
    const category = item.rubric?.category;
    if (category) byCategory.set(category, [...(byCategory.get(category) ?? []), item.target.id]);
  }
  const found = [...byCategory].find(([, ids]) => ids.length >= 2 && ids.length <= 3);
  if (!found) throw new Error('the sample library has no category with two or three rubrics');
  return { category: found[0], ids: found[1] };
}

test('a finished queue says so, sums it up, ignores further labels and offers the next unlabelled set', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'eve' });
  const { category, ids } = await shortCategory(workbench);
  const targetSet = { kind: 'filter', library: 'whole-rollout-pool', category } as const;
  await workbench.open(`#/labels?schema=quality_audit&library=whole-rollout-pool&category=${category}`);
  await expect(page.getByTestId('queue-item')).toHaveAttribute('data-target-id', ids[0]!);

  // Accept every item but the first, which is flagged and skipped.
  await page.keyboard.press('f');
  await page.keyboard.press('s');
  for (let i = 1; i < ids.length; i++) await page.keyboard.press('a');
  const finished = page.getByTestId('queue-finished');
  await expect(finished).toBeVisible();
  await expect(page.getByTestId('queue-item')).toHaveCount(0);
  await expect(page.getByTestId('queue-finished-summary')).toHaveText(
    `${ids.length - 1} of ${ids.length} items have your label, 1 skipped without one, 1 flagged for another look.`,
  );
  await expect(page.getByTestId('queue-progress')).toHaveAttribute('data-in-flight', '0');

  // A further key changes nothing: the last item keeps its label, and the queue says why.
  await page.keyboard.press('a');
  await expect(page.getByTestId('queue-progress')).toContainText('The queue is finished');
  const labels = async () =>
    (await workbench.call('labels.history', { annotator: 'eve', schema: 'quality_audit' })).labels.filter((l) => ids.includes(l.target.id));
  expect((await labels()).map((l) => l.value)).toEqual(ids.slice(1).map(() => 'accept'));
  await workbench.screenshot('label-queue-finished');

  // k opens the item before the last one again, j the last; its label can then be changed.
  await page.keyboard.press('k');
  await expect(finished).toHaveCount(0);
  await expect(page.getByTestId('queue-item')).toHaveAttribute('data-target-id', ids.at(-2)!);

  // The next unlabelled set is another item set of the same schema, with an item eve has not labelled.
  await page.keyboard.press('j');
  await page.keyboard.press('a');
  await expect(finished).toBeVisible();
  await page.getByTestId('next-unlabelled-set').click();
  await expect(page).not.toHaveURL(new RegExp(`category=${category}`));
  await expect(page.getByTestId('queue-item')).toBeVisible();
  const now = await workbench.call('labels.queue', { schema: 'quality_audit', annotator: 'eve', targetSet, blind: false });
  expect(now.items.every((item) => item.mine !== null || item.skipped)).toBe(true);
});

test('Shift+S in the queue steps over the run-audit schema with a note, and no error is shown', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'eve' });
  const schemas = (await workbench.call('labels.schemas', {})).map((s) => s.name);
  const at = schemas.indexOf('run_audit');
  expect(at, 'the sample corpus has a run_audit schema').toBeGreaterThan(-1);
  const before = schemas[(at - 1 + schemas.length) % schemas.length]!;
  const after = schemas[(at + 1) % schemas.length]!;
  await workbench.open(`#/labels?schema=${before}&library=whole-rollout-pool`);
  await expect(page.getByTestId('queue-view')).toHaveAttribute('data-schema', before);

  await page.keyboard.press('Shift+S');
  await expect(page.getByTestId('label-schema')).toHaveValue(after);
  await expect(page.getByTestId('queue-view')).toHaveAttribute('data-schema', after);
  await expect(page.getByTestId('schema-skip-note')).toContainText('filled in per rollout in Run audit');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);

  // Reaching the run-audit schema from the address explains itself instead of failing.
  await page.evaluate(() => {
    location.hash = '#/labels?schema=run_audit&library=whole-rollout-pool';
  });
  await expect(page.getByTestId('labels-screen')).toContainText('is filled in per rollout with its form');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
});
