import { readFileSync } from 'node:fs';
import { postOperation } from './api';
import { expect, fakeModelKey, test } from './model-fixtures';

// Serve starts without a key: the user sets one in Settings.
test.use({ modelKey: false });

test('the API key set in Settings runs the model for the session, never leaks, and is removed again', async ({ workbench, page, fakeModel }) => {
  // Everything the server prints, from here on, must be free of the key.
  let output = '';
  workbench.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  workbench.child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  await workbench.open('#/settings');
  const section = page.getByTestId('model-key-settings');
  await expect(section).toHaveAttribute('data-key-source', 'none');
  await expect(section).toContainText('no API key');

  // A key the backend refuses: the reason beside the field, and still no key.
  const input = section.getByTestId('model-key-input');
  await input.fill('short');
  await input.press('Enter');
  await expect(section.getByTestId('model-key-error')).toContainText('the key is too short');
  expect((await workbench.call('models.status', {})).hasKey).toBe(false);

  await input.fill(fakeModelKey);
  await section.getByTestId('model-key-save').click();
  await expect(section).toHaveAttribute('data-key-source', 'session');
  await expect(section).toContainText('API key set');
  await expect(section).toContainText('until it stops');
  await expect(section.getByTestId('model-key-error')).toHaveCount(0);
  // Sent once, never kept in the page.
  await expect(input).toHaveValue('');
  expect(await page.content()).not.toContain(fakeModelKey);
  await workbench.screenshot('settings-model-key');

  // The key reaches the model: a Quota curation runs against the fake Messages API.
  const started = await workbench.call('pipeline.curate', {
    method: 'quota',
    targetSize: 12,
    collection: 'pool',
    wait: true,
  });
  expect(started.run.status).toBe('done');
  expect(fakeModel.received.length).toBeGreaterThan(0);
  expect(fakeModel.received.every((r) => r.authorization === `Bearer ${fakeModelKey}`)).toBe(true);

  // How the library was built, read from its build record and its run's proposals.
  const library = started.run.library!;
  const build = await workbench.call('libraries.build', { library });
  const detail = await workbench.call('pipeline.get', { run: build.run! });
  await workbench.open(`#/libraries/${encodeURIComponent(library)}`);
  const section2 = page.getByTestId('library-build');
  await expect(section2).toBeVisible();
  for (const stage of ['proposed', 'passedChecks', 'unique', 'accepted'] as const) {
    await expect(section2.locator(`[data-testid="funnel-stage"][data-stage="${stage}"]`)).toHaveAttribute('data-count', String(build.funnel![stage]));
  }
  await expect(section2.getByTestId('build-category')).toHaveCount(build.categories.length);
  const reasons = Object.entries(build.funnel!.reasons).filter(([, n]) => n > 0);
  expect(reasons.length, 'the fake miner proposes rubrics the checks reject').toBeGreaterThan(0);
  const [reason, count] = reasons[0]!;
  const entry = section2.locator(`[data-testid="funnel-reason"][data-reason="${reason}"]`);
  await expect(entry).toHaveAttribute('data-count', String(count));
  await entry.getByRole('button').click();
  const rejected = detail.report!.proposals.filter((p) => p.reasons.some((r) => r === reason)).length;
  await expect(entry.getByTestId('funnel-proposals').locator('li')).toHaveCount(rejected);
  await expect(section2.getByTestId('origin-audit')).toHaveAttribute('data-passed', 'true');
  await section2.scrollIntoViewIfNeeded();
  await workbench.screenshot('library-build');

  // Removed: model features say so again, and nothing was recorded for the refused start.
  await workbench.open('#/settings');
  await page.getByTestId('model-key-clear').click();
  await expect(section).toHaveAttribute('data-key-source', 'none');
  const runsBefore = (await workbench.call('pipeline.list', {})).length;
  const body = await postOperation(page.request, workbench, 'pipeline.mine', { collection: 'pool' });
  expect(body).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/^no API key/) } });
  expect(await workbench.call('pipeline.list', {})).toHaveLength(runsBefore);

  // Neither the corpus (its WAL included) nor the server's output holds the key.
  await workbench.stop();
  expect(readFileSync(workbench.dbPath).includes(fakeModelKey)).toBe(false);
  expect(output).not.toContain(fakeModelKey);
});
