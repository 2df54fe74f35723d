import type { Locator, Page } from '@playwright/test';
import { expect, test, type Workbench } from './model-fixtures';

/** A pool rollout with a failure: the retrieval has rubrics for it and the judge a program to read. */
async function poolRollout(workbench: Workbench): Promise<string> {
  const list = await workbench.call('rollouts.list', { collection: 'pool', limit: 100 });
  const row = list.rows.find((r) => r.failures > 0);
  expect(row, 'the sample corpus has a pool rollout with a failure').toBeTruthy();
  return row!.id;
}

function runRow(page: Page, run: string): Locator {
  return page.locator(`[data-testid="pipeline-run-row"][data-run-id="${run}"]`);
}

test.describe('with a model', () => {
  // Slow enough answers that the run is seen running, quick enough for the test's 30 s.
  test.use({ modelDelayMs: 250 });

  test('a Quota curation started from the Pipeline screen: progress, funnel and costs, ledger, identical replay', async ({ workbench, page, fakeModel }) => {
    await workbench.open('#/pipeline');
    const form = page.getByTestId('new-run-form');
    await expect(page.getByTestId('models-status')).toHaveAttribute('data-state', 'ready');
    await expect(form.getByTestId('new-run-kind-mine')).toBeChecked();
    await expect(form.getByTestId('new-run-max-per-rollout')).toHaveValue('6');

    await form.getByTestId('new-run-kind-quota').check();
    await expect(form.getByTestId('new-run-model')).toHaveValue('claude-sonnet-5');
    // Checked as typed, beside the field; the start waits for a valid size.
    await form.getByTestId('new-run-target-size').fill('1.5');
    await expect(form.locator('[data-field="new-run-targetSize"] [data-testid="new-run-field-error"]')).toHaveText('a whole number');
    await form.getByTestId('new-run-target-size').fill('12');
    await expect(form.getByTestId('new-run-field-error')).toHaveCount(0);
    await form.getByTestId('new-run-collection').selectOption('pool');
    await form.getByTestId('new-run-max-usd').fill('5');
    await workbench.screenshot('pipeline-new-run-form');

    // Enter submits the form; the run shows in the table at once, running, with its progress bar.
    await form.getByTestId('new-run-target-size').press('Enter');
    const started = form.getByTestId('new-run-started');
    await expect(started).toBeVisible();
    const run = (await started.getAttribute('data-run-id'))!;
    const row = runRow(page, run);
    await expect(row).toHaveAttribute('data-state', 'running');
    await expect(row).toContainText('curate-quota');
    const bar = row.getByTestId('pipeline-progress').locator('progress');
    await expect(bar).toBeVisible();
    await expect(row).toHaveAttribute('data-state', 'done');

    const detail = await workbench.call('pipeline.get', { run });
    expect(detail.status).toBe('done');
    expect(detail.library).toMatch(/^quota-/);
    expect(detail.costs.costPerAccepted).not.toBeNull();
    await expect(row).toContainText(detail.library!);
    await expect(row.getByTestId('pipeline-progress')).toContainText(`${detail.done} / ${detail.total}`);

    // The detail: the funnel stage by stage and the costs, as the backend has them.
    await row.getByTestId('pipeline-run-details').click();
    const opened = page.getByTestId('run-detail');
    for (const [stage, count] of Object.entries(detail.report!.funnel!).filter(([k]) => k !== 'reasons')) {
      await expect(opened.locator(`[data-testid="funnel-stage"][data-stage="${stage}"]`)).toHaveAttribute('data-count', String(count));
    }
    const costs = opened.getByTestId('run-costs');
    await expect(costs).toHaveAttribute('data-cost-per-accepted', String(detail.costs.costPerAccepted));
    await expect(costs).toContainText(`${detail.report!.rubrics.length} rubrics`);

    // Every request the run sent is in the ledger, and only those reached the fake.
    expect(detail.costs.requests).toBe(fakeModel.received.length);
    await expect(page.getByTestId('ledger-table')).toHaveAttribute('data-total', String(detail.costs.requests));
    await expect(page.getByTestId('ledger-row').first()).toHaveAttribute('data-status', 'returned');
    await workbench.screenshot('pipeline-run-detail');

    await row.getByTestId('pipeline-replay').click();
    await expect(page.getByTestId('replay-result')).toHaveAttribute('data-state', 'identical');
    await expect(page.getByTestId('replay-result')).toContainText('Identical');
    expect(fakeModel.received.length, 'replay answers from the ledger').toBe(detail.costs.requests);
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
  });

  test('Judge with CWM from the rubrics panel puts a verdict on every card', async ({ workbench, page }) => {
    const { run: built } = await workbench.call('pipeline.curate', { method: 'quota', targetSize: 12, collection: 'pool', wait: true });
    const library = built.library!;
    const rollout = await poolRollout(workbench);

    await workbench.open(`#/rollouts/${encodeURIComponent(rollout)}`);
    const panel = page.getByTestId('rubrics-panel');
    await panel.getByTestId('retrieval-library').selectOption(library);
    const results = panel.getByTestId('retrieval-results');
    await expect(results).toHaveAttribute('data-fresh', 'true');
    const cards = panel.getByTestId('rubric-card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    await expect(cards.first().getByTestId('card-verdicts')).toHaveText('no CWM verdicts yet');

    await panel.getByTestId('judge-button').click();
    const judge = panel.getByTestId('rubrics-judge');
    await expect(judge.getByTestId('judge-progress')).toContainText(/judging… \d\/1/);
    await expect(judge).toHaveAttribute('data-state', 'done');
    await expect(judge.getByTestId('judge-done')).toContainText(`Judged: ${count} verdicts`);
    await expect(judge.getByTestId('judge-error')).toHaveCount(0);

    // Each card shows the backend's latest verdict on the judged program.
    const verdicts = await workbench.call('verdicts.list', { rollout, library });
    expect(verdicts).toHaveLength(count);
    for (const v of verdicts) {
      const badge = panel.locator(`[data-testid="rubric-card"][data-rubric-id="${v.rubric}"] [data-testid="card-verdict"]`);
      await expect(badge).toHaveAttribute('data-verdict', v.verdict);
      await expect(badge).toHaveAttribute('data-program', `${v.program.path}:${v.program.version}`);
    }
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
    await cards.first().evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await workbench.screenshot('rollout-judged');

    // The run, opened on the Pipeline screen.
    const runLink = judge.getByTestId('judge-run-link');
    const judgeRun = (await runLink.textContent())!;
    await runLink.click();
    await expect(page).toHaveURL(new RegExp(`#/pipeline\\?run=${judgeRun}$`));
    await expect(page.locator(`[data-testid="run-detail"][data-run-id="${judgeRun}"]`)).toBeVisible();
    await expect(page.getByTestId('run-targets')).toContainText(rollout);
    // The link is the run's address: a reload opens the same details.
    await page.reload();
    await expect(page.locator(`[data-testid="run-detail"][data-run-id="${judgeRun}"]`)).toBeVisible();
  });
});

test.describe('without a key', () => {
  test.use({ modelKey: false });

  test('model runs are off with the reason, a Filtered cut still starts, and the judge says why it cannot run', async ({ workbench, page }) => {
    await workbench.open('#/pipeline');
    const form = page.getByTestId('new-run-form');
    await expect(page.getByTestId('models-status')).toHaveAttribute('data-state', 'no-key');
    await expect(form.getByTestId('new-run-kind-mine')).toBeDisabled();
    await expect(form.getByTestId('new-run-kind-quota')).toBeDisabled();
    await expect(form.getByTestId('new-run-kind-filtered')).toBeChecked();
    const reason = form.getByTestId('new-run-model-reason');
    await expect(reason).toContainText('no API key');
    await expect(reason.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '#/settings');
    await expect(form.getByTestId('new-run-model-fields')).toHaveCount(0);

    // A start without a library is refused beside the field, and nothing is started.
    await form.getByTestId('new-run-start').click();
    await expect(form.getByTestId('new-run-field-error')).toHaveText('the library to cut');
    await expect(form.getByTestId('new-run-from')).toBeFocused();
    await form.getByTestId('new-run-from').selectOption('whole-rollout-pool');
    // The form previews the cut; a target above what the library has in some category is a warning before the start.
    const preview = form.getByTestId('new-run-cut-preview');
    await expect(preview.getByTestId('new-run-cut-summary')).toContainText(/^\d+ of 45 rubrics kept by the cut/);
    await form.getByTestId('new-run-target-size').fill('500');
    await expect(preview).toHaveAttribute('data-state', 'short');
    await expect(preview).toContainText('ask for more than the library has');
    await expect(preview.getByTestId('new-run-cut-summary')).toContainText(/short of the target: \w+ has \d+ for a quota of \d+/);
    const summary = (await preview.getByTestId('new-run-cut-summary').textContent())!;
    await form.getByTestId('new-run-start').click();
    const run = (await form.getByTestId('new-run-started').getAttribute('data-run-id'))!;
    await expect(runRow(page, run)).toHaveAttribute('data-state', 'done');
    await expect(runRow(page, run)).toContainText('curate-filtered');
    // The run row says what the preview said.
    await expect(runRow(page, run)).toContainText(summary);
    await workbench.screenshot('pipeline-no-key');

    await workbench.open(`#/rollouts/${encodeURIComponent(await poolRollout(workbench))}`);
    const judge = page.getByTestId('rubrics-judge');
    await expect(judge.getByTestId('judge-button')).toBeDisabled();
    await expect(judge.getByTestId('judge-reason')).toContainText('Judging calls the model, and there is no API key');
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
  });
});
