import { expect, test } from './fixtures';

interface Step {
  index: number;
  exitCode: number | null;
  timedOut: boolean;
  killed: boolean;
  failureKind: string | null;
  program: unknown;
}

const failed = (s: Step) => s.failureKind !== null || s.timedOut || s.killed || (s.exitCode !== null && s.exitCode !== 0);

test('a traceback folds its library frames behind the agent frame, and unfolds them on request', async ({ workbench, page }) => {
  await workbench.open('#/rollouts/r-0101?step=13');
  const traceback = page.getByTestId('traceback');
  // r-0101 step 13: one frame in train.py, then five in sklearn.
  await expect(traceback.getByTestId('traceback-frame')).toHaveCount(1);
  await expect(traceback.locator('[data-testid="traceback-frame"][data-agent-frame="true"]')).toHaveAttribute('data-frame-line', '23');
  const folded = traceback.getByTestId('traceback-library-frames');
  await expect(folded).toHaveText('▸ 5 library frames in sklearn');
  await workbench.screenshot('rollout-density');
  await folded.focus();
  await page.keyboard.press('Enter');
  await expect(traceback.getByTestId('traceback-frame')).toHaveCount(6);
  await expect(folded).toHaveCount(0);
});

test('step rows are one line unless they carry a failure or program, and n at the last failure says so', async ({ workbench, page }) => {
  const steps = await workbench.call('steps.list', { rollout: 'r-0101' });
  const last = steps.filter(failed).at(-1)!;
  const plain = steps.find((s) => !failed(s) && s.program === null);
  expect(plain, 'r-0101 has a step without failure or program').toBeTruthy();

  await workbench.open(`#/rollouts/r-0101?step=${last.index}`);
  const row = page.locator(`[data-testid="step-row"][data-step-index="${plain!.index}"]`);
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual(26);

  const selected = page.locator('[data-testid="step-row"][aria-selected="true"]');
  await expect(selected).toHaveAttribute('data-step-index', String(last.index));
  await page.keyboard.press('n');
  await expect(page.getByTestId('step-list-note')).toHaveText(`No failed step after step ${last.index}: it is the last failure`);
  await expect(selected).toHaveAttribute('data-step-index', String(last.index));
  // The note lasts until the selection moves.
  await page.keyboard.press('p');
  await expect(selected).not.toHaveAttribute('data-step-index', String(last.index));
  await expect(page.getByTestId('step-list-note')).toHaveText('');
});

test('the rubrics panel says the chosen library has no rubric in the failure category and offers one that has', async ({ workbench, page }) => {
  const libraries = await workbench.call('libraries.list', {});
  const counts = await Promise.all(
    libraries.map(async (l) => ({ id: l.id, total: (await workbench.call('rubrics.list', { library: l.id, category: 'C03', limit: 1 })).total })),
  );
  expect(counts[0]!.total, 'the default library has no C03 rubric').toBe(0);
  const best = counts.reduce((a, b) => (b.total > a.total ? b : a));

  await workbench.open('#/rollouts/r-0101?step=13');
  const panel = page.getByTestId('rubrics-panel');
  await expect(panel.getByTestId('retrieval-library')).toHaveValue(libraries[0]!.id);
  await panel.getByTestId('scope-step').click();
  const gap = panel.getByTestId('category-gap');
  await expect(gap).toHaveAttribute('data-category', 'C03');
  await expect(gap.getByTestId('category-gap-offer')).toHaveAttribute('data-library', best.id);
  await workbench.screenshot('rubrics-category-gap');

  await gap.getByTestId('category-gap-offer').click();
  await expect(panel.getByTestId('retrieval-library')).toHaveValue(best.id);
  await expect(gap).toHaveCount(0);
  await expect(panel.getByTestId('retrieval-results')).toHaveAttribute('data-fresh', 'true');
  await expect(panel.locator('[data-testid="rubric-card"][data-category="C03"]').first()).toBeVisible();
});
