import AxeBuilder from '@axe-core/playwright';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from './fixtures';
import { repoRoot } from './paths';

/**
 * Issue 27: the crafted experiment of workers/runs/arm-pair-research.test.ts on the Runs screen,
 * with the numbers worked out by hand there: treat against base, validity difference 0 in
 * [−0.5, +1], sensitivity 0 to 0, adverse endpoint −0.125 in [−0.5, +0.5], time per attempt
 * −50/7 s in [−50, +20], one case better (c1), worse (c3), tied (c2), unpaired (c4). Issue 32:
 * the bundle is imported while the Runs screen is open, which shows its experiment without a reload.
 */
test('the crafted experiment as the research reports it: the hand-computed numbers, their definitions, and the attempts behind them', async ({
  workbench,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Serve mode reads files only from its exports folder (or uploads): the fixture goes there first.
  const exports = join(dirname(workbench.dbPath), 'exports');
  mkdirSync(exports, { recursive: true });
  const crafted = join(exports, 'crafted-comparison.jsonl');
  copyFileSync(join(repoRoot, 'fixtures', 'runs', 'crafted-comparison.jsonl'), crafted);
  // The Runs screen is open while the bundle is imported: its experiments come in without a reload.
  const before = await workbench.call('experiments.list', {});
  await workbench.open('#/runs');
  await expect(page.getByRole('region', { name: 'Experiments' }).locator('.pane-meta')).toHaveText(String(before.length));
  const craftedRow = page.locator('[data-testid="experiment-row"][data-experiment-id="crafted-exp"]');
  await expect(craftedRow).toHaveCount(0);
  await workbench.call('import.files', { paths: [crafted] });
  await expect(craftedRow).toContainText('4 cases × 2 repeats');
  const research = await workbench.call('experiments.research', { experiment: 'crafted-exp' });
  await craftedRow.getByRole('link').click();
  await expect(page.getByTestId('experiment-panel')).toHaveAttribute('data-experiment-id', 'crafted-exp');
  await page.getByTestId('research-button').click();
  const pair = page.locator('[data-testid="research-pair"][data-a="treat"][data-b="base"]');
  await expect(pair).toBeVisible();
  const row = (name: string) => pair.getByTestId(`research-${name}`);

  await expect(row('validity')).toHaveAttribute('data-value', '0');
  await expect(row('validity')).toContainText('[−0.500, +1.000]');
  await expect(row('validity')).toContainText('10000 resamples, seed 20261129');
  await expect(row('sensitivity')).toContainText('0.000 to 0.000');
  await expect(row('sensitivity')).toContainText('Unknown: 1 of 8 treat slots, 1 of 8 base slots (1 never started)');
  await expect(row('adverse')).toHaveAttribute('data-value', '-0.125');
  await expect(row('adverse')).toContainText('−0.125');
  await expect(row('adverse')).toContainText('[−0.500, +0.500]');
  expect(research.pairs[0]!.time.value).toBeCloseTo(-50 / 7, 12);
  await expect(row('time')).toHaveAttribute('data-value', JSON.stringify(research.pairs[0]!.time.value));
  await expect(row('time')).toContainText('−7.14 s');
  await expect(row('time')).toContainText('[−50.00, +20.00]');
  for (const [kind, caseId] of [
    ['better', 'c1'],
    ['worse', 'c3'],
    ['tied', 'c2'],
    ['unpaired', 'c4'],
  ] as const) {
    await expect(row(kind)).toContainText(`1 (${caseId})`);
  }
  // Each definition is the one the operation gives; each number opens to its attempts.
  const figures = research.pairs[0]!;
  await expect(row('adverse')).toContainText(figures.adverse.definition);
  await expect(row('better')).toContainText(figures.outcomes.definition);
  const interrupted = figures.sensitivity.attempts[0]!;
  await row('sensitivity').getByTestId('research-sensitivity-attempts').locator('summary').click();
  await workbench.screenshot('research-comparison');

  // c4's never-started base slot comes in, valid at 0.7: the figures stay until recomputed, then
  // base is 7/8 valid (validity difference 6/8 − 7/8 = −0.125) and c4 pairs 0.7 with 0.7 (tied).
  const late = join(exports, 'late-attempt.jsonl');
  writeFileSync(
    late,
    `${JSON.stringify({ type: 'attempt', experiment: 'crafted-exp', case: 'c4', arm: 'base', repeat: 0, status: 'succeeded', exitCode: 0, wallS: 10, score: 0.7, valid: true })}\n`,
  );
  await workbench.call('import.files', { paths: [late] });
  await expect(page.getByTestId('research-since')).toBeVisible();
  await expect(row('validity')).toHaveAttribute('data-value', '0');
  await page.getByTestId('research-recompute').click();
  await expect(page.getByTestId('research-since')).toHaveCount(0);
  await expect(row('validity')).toHaveAttribute('data-value', '-0.125');
  await expect(row('tied')).toContainText('2 (c2, c4)');
  await expect(row('unpaired')).toContainText('0');
  const axe = await new AxeBuilder({ page }).include('[data-testid="research-dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await row('sensitivity')
    .getByRole('link', { name: `#${interrupted}` })
    .click();
  await expect(page.getByTestId('research-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/runs/crafted-exp\\?attempt=${interrupted}$`));
  await expect(page.locator(`[data-testid="attempt-cell"][data-attempt-id="${interrupted}"]`)).toHaveAttribute('data-status', 'interrupted');
});
