import type { Page } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures';

/** Opens the palette with Ctrl+K, types `query` and runs the first command it lists, checking that it is `id`. */
async function runFromPalette(page: Page, query: string, id: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  await expect(page.getByTestId('command-query')).toBeFocused();
  await page.keyboard.type(query);
  await expect(palette.locator('[data-testid="command-option"][aria-selected="true"]')).toHaveAttribute('data-command-id', id);
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
}

/** The values of a select's options, in order. */
async function optionValues(page: Page, testId: string): Promise<string[]> {
  return page
    .getByTestId(testId)
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

/** A failed step whose traceback has a frame in a stored program version, the version before it stored too. */
async function failureInLaterVersion(workbench: Workbench) {
  const list = await workbench.call('rollouts.list', { limit: 200 });
  for (const row of list.rows) {
    const failures = await workbench.call('failures.list', { rollout: row.id });
    const candidates = failures.filter(
      (f) => f.step !== null && f.program && f.program.version > 0 && f.frames.some((fr) => fr.file.endsWith(`/${f.program!.path}`)),
    );
    if (candidates.length === 0) continue;
    const { programs } = await workbench.call('rollouts.get', { id: row.id });
    const failure = candidates.find((f) => programs.some((p) => p.path === f.program!.path && p.version === f.program!.version - 1));
    if (failure) return { rollout: row.id, step: failure.step!, program: failure.program! };
  }
  return undefined;
}

test('an auditor switches label schema, item set and blind mode from the keyboard, by key and by palette', async ({ workbench, page }) => {
  // Five queue reloads and two settings writes in one test: a longer bound for a hang.
  test.slow();
  await workbench.call('settings.set', { annotator: 'kai', blind: true });
  await workbench.open('#/labels?schema=category&library=whole-rollout-pool');
  const schema = page.getByTestId('label-schema');
  const items = page.getByTestId('label-target-set');
  await expect(schema).toHaveValue('category');
  await expect(page.getByTestId('queue-view')).toHaveAttribute('data-schema', 'category');

  // Shift+S: the next schema in the list, and the queue follows it.
  const schemas = await optionValues(page, 'label-schema');
  expect(schemas.length, 'the sample corpus has more than one schema').toBeGreaterThan(1);
  const nextSchema = schemas[(schemas.indexOf('category') + 1) % schemas.length]!;
  await page.keyboard.press('Shift+S');
  await expect(schema).toHaveValue(nextSchema);
  await expect(page).toHaveURL(new RegExp(`schema=${nextSchema}`));

  // The palette names each schema: back to category by typing its title.
  const categoryTitle = await schema.locator('option[value="category"]').innerText();
  await runFromPalette(page, `schema: ${categoryTitle.replace(/ \(v\d+\)$/, '')}`, 'labels.schema.category');
  await expect(schema).toHaveValue('category');
  await expect(page.getByTestId('queue-view')).toHaveAttribute('data-schema', 'category');

  // Shift+I: the next item set.
  const sets = await optionValues(page, 'label-target-set');
  const currentSet = await items.inputValue();
  await page.keyboard.press('Shift+I');
  await expect(items).toHaveValue(sets[(sets.indexOf(currentSet) + 1) % sets.length]!);
  await runFromPalette(page, 'items every rubric', 'labels.items.all');
  await expect(items).toHaveValue('all');

  // Shift+B turns blind mode off and the choice is kept in the corpus; the palette turns it back on.
  const blind = page.getByTestId('blind-toggle');
  await expect(blind).toBeChecked();
  await page.keyboard.press('Shift+B');
  await expect(blind).not.toBeChecked();
  await expect.poll(async () => (await workbench.call('settings.get', {})).blind).toBe(false);
  await runFromPalette(page, 'blind', 'labels.blind');
  await expect(blind).toBeChecked();
  await expect.poll(async () => (await workbench.call('settings.get', {})).blind).toBe(true);

  // Nothing of that moved focus into a control: the queue's own keys still work.
  await page.keyboard.press('j');
  await expect(page.getByTestId('queue-item')).toHaveAttribute('data-position', '1');

  // `?` lists the same commands with their keys.
  await page.keyboard.press('?');
  const help = page.getByTestId('key-help');
  await expect(help).toBeVisible();
  for (const id of ['labels.next-schema', 'labels.next-items', 'labels.blind', 'label.next', 'label.undo', 'app.palette'])
    await expect(help.locator(`[data-command-id="${id}"]`)).toBeVisible();
  await expect(help.locator('[data-command-id="labels.next-schema"] kbd')).toHaveText('Shift+S');
  await workbench.screenshot('key-overlay-labels');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('schema');
  await expect(page.getByTestId('command-option').first()).toBeVisible();
  await workbench.screenshot('command-palette-labels');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
});

test('the palette finds and runs an action on each screen, and the rollout keys reach the rubrics scope, frame, diff and rerun', async ({
  workbench,
  page,
}) => {
  // Six screens, a program viewer and a diff in one test: a longer bound for a hang.
  test.slow();
  await workbench.open('');
  // Corpus: Import… from the palette.
  await runFromPalette(page, 'import files', 'corpus.import');
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);

  // Rollout: the palette moves between steps; the new keys do the rest on a failed step.
  const target = await failureInLaterVersion(workbench);
  expect(target, 'the sample corpus has a failure in a program version after the first').toBeTruthy();
  const { rollout, step, program } = target!;
  await workbench.open(`#/rollouts/${encodeURIComponent(rollout)}`);
  const selectedStep = page.locator('[data-testid="step-row"][aria-selected="true"]');
  const rows = page.getByTestId('step-row');
  await expect(selectedStep).toHaveAttribute('data-step-index', (await rows.first().getAttribute('data-step-index'))!);
  await runFromPalette(page, 'last step', 'rollout.last-step');
  await expect(selectedStep).toHaveAttribute('data-step-index', (await rows.last().getAttribute('data-step-index'))!);
  await workbench.open(`#/rollouts/${encodeURIComponent(rollout)}?step=${step}`);
  await expect(selectedStep).toHaveAttribute('data-step-index', String(step));
  // `o` belongs to the step's traceback, which comes with the step's detail after the row is selected.
  const detail = page.getByTestId('step-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(`Step ${step}`);
  await expect(detail.getByTestId('traceback')).toBeVisible();

  const scopeStep = page.getByTestId('scope-step');
  await page.keyboard.press('t');
  await expect(scopeStep).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('w');
  await expect(scopeStep).toHaveAttribute('aria-pressed', 'false');

  await page.keyboard.press('o');
  const viewer = page.getByTestId('program-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('heading')).toHaveText(`${program.path}@v${program.version}`);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await page.keyboard.press('Shift+R');
  await expect(page.getByTestId('rerun-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('rerun-dialog')).toHaveCount(0);

  await page.keyboard.press('d');
  await expect(page.getByTestId('compare-screen')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`v${program.version - 1}.*v${program.version}|${program.version - 1}.*${program.version}`));

  // Compare: the inline view from the palette.
  await expect(page.getByTestId('compare-view-side-by-side')).toHaveAttribute('aria-pressed', 'true');
  await runFromPalette(page, 'inline', 'compare.show-the-diff-inline');
  await expect(page.getByTestId('compare-view-inline')).toHaveAttribute('aria-pressed', 'true');

  // Every other screen is a palette command away, and lists its own commands first.
  for (const [screen, id] of [
    ['libraries', 'app.go.libraries'],
    ['runs', 'app.go.runs'],
    ['pipeline', 'app.go.pipeline'],
    ['settings', 'app.go.settings'],
  ] as const) {
    await runFromPalette(page, `go to ${screen}`, id);
    await expect(page).toHaveURL(new RegExp(`#/${screen}`));
  }

  // Libraries, Pipeline and Settings have keys and commands of their own.
  const libraries = await workbench.call('libraries.list', {});
  await runFromPalette(page, 'go to libraries', 'app.go.libraries');
  await expect(page).toHaveURL(new RegExp(`#/libraries/${encodeURIComponent(libraries[0]!.id)}`));
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`#/libraries/${encodeURIComponent(libraries[1]!.id)}`));
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`#/libraries/${encodeURIComponent(libraries[0]!.id)}`));

  await runFromPalette(page, 'go to pipeline', 'app.go.pipeline');
  await runFromPalette(page, 'new run filtered', 'pipeline.new-filtered');
  await expect(page.getByTestId('new-run-form')).toHaveAttribute('data-kind', 'filtered');

  await runFromPalette(page, 'go to settings', 'app.go.settings');
  // The palette lists what the screen offers when it opens: the Settings screen loads first.
  await expect(page.getByTestId('settings-theme')).toBeVisible();
  await runFromPalette(page, 'theme dark', 'settings.theme-dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await runFromPalette(page, 'theme light', 'settings.theme-light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await runFromPalette(page, 'density compact', 'settings.density-compact');
  await expect(page.locator('html')).toHaveAttribute('data-density', 'compact');
});

test('the palette closes when back or forward moves to another screen, and later keys reach that screen', async ({ workbench, page }) => {
  const libraries = await workbench.call('libraries.list', {});
  await workbench.open('#/corpus');
  await page.evaluate(() => {
    location.hash = '#/libraries';
  });
  await expect(page).toHaveURL(new RegExp(`#/libraries/${encodeURIComponent(libraries[0]!.id)}`));
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('command-query')).toBeFocused();
  await page.keyboard.type('zzz');
  await expect(page.getByTestId('command-none')).toHaveText('No command matches “zzz”.');
  await expect(page.getByTestId('command-list')).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/#\/corpus/);
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('command-query')).toHaveValue('');
  await page.goForward();
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
  // j moves to the next library: the key went to the screen, not into a palette.
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`#/libraries/${encodeURIComponent(libraries[1]!.id)}`));
});
