import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { expectImported, expectRefused, openImportDialog } from './import-dialog';

/** A small valid bundle whose ids do not clash with the sample corpus: one rollout, two steps, one failing. */
function goodBundle(): string {
  const traceback = [
    'Traceback (most recent call last):',
    '  File "/workspace/solution.py", line 4, in <module>',
    '    print(df["Agee"].mean())',
    "KeyError: 'Agee'",
  ].join('\n');
  const records = [
    { type: 'benchmark', id: 'e2e-bench', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 'e2e-task', benchmark: 'e2e-bench', statement: 'Report the mean age.', metric: 'accuracy', higherIsBetter: true },
    { type: 'collection', id: 'e2e-collection', name: 'E2E import', createdAt: '2026-10-01' },
    { type: 'rollout', id: 'r-e2e-import', task: 'e2e-task', collection: 'e2e-collection', agent: 'haiku', seed: 7, grade: 'wrong', score: 0.2 },
    {
      type: 'program',
      rollout: 'r-e2e-import',
      path: 'solution.py',
      version: 0,
      content: 'import pandas as pd\n\ndf = pd.read_csv("train.csv")\nprint(df["Agee"].mean())\n',
    },
    { type: 'step', rollout: 'r-e2e-import', index: 0, command: 'ls', stdout: 'train.csv\n', exitCode: 0, durationMs: 15 },
    {
      type: 'step',
      rollout: 'r-e2e-import',
      index: 1,
      command: 'python solution.py',
      stderr: traceback,
      exitCode: 1,
      durationMs: 640,
      program: { path: 'solution.py', version: 0 },
    },
  ];
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** A bundle whose third line is a step with a non-numeric index. */
function badBundle(): string {
  return [
    { type: 'benchmark', id: 'e2e-bad-bench', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 'e2e-bad-task', benchmark: 'e2e-bad-bench', statement: 'Never lands.' },
    { type: 'step', rollout: 'r-e2e-bad', index: 'two', command: 'ls' },
  ]
    .map((r) => JSON.stringify(r))
    .join('\n');
}

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rwb-e2e-import-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('files import through the dialog; a bad line is refused whole, naming file:line and field', async ({ workbench, page }) => {
  const good = join(dir, 'e2e-import.jsonl');
  const bad = join(dir, 'e2e-bad-line.jsonl');
  writeFileSync(good, goodBundle());
  writeFileSync(bad, badBundle());
  const { dialog, corpusCount } = await openImportDialog(workbench, page);
  await expect(page.getByTestId('import-drop-zone')).toBeVisible();
  await expect(page.getByTestId('import-format')).toHaveValue('auto');
  await expect(page.getByTestId('import-start')).toBeDisabled();
  await page.getByTestId('import-file-input').setInputFiles(good);
  await page.getByTestId('import-start').click();

  const goodRow = await expectImported(page, 'e2e-import.jsonl', { format: 'bundle', rollouts: 1, steps: 2 });
  await expect(goodRow.locator('td').nth(4)).toHaveText('1');
  await expect(page.getByTestId('import-progress')).toContainText('1 file imported');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(corpusCount).toContainText('25 of 25 rollouts');
  await page.getByTestId('filter-benchmark').selectOption('e2e-bench');
  await expect(page.locator('[data-testid="rollout-row"][data-rollout-id="r-e2e-import"]')).toBeVisible();
  await page.getByTestId('filter-benchmark').selectOption('');

  // The key `i` opens the dialog again; the good file goes along to show a re-import only counts duplicates.
  await page.keyboard.press('i');
  await expect(dialog).toBeVisible();
  await page.getByTestId('import-file-input').setInputFiles([bad, good]);
  await page.getByTestId('import-start').click();

  const error = await expectRefused(page, 'e2e-bad-line.jsonl');
  await expect(error).toContainText('e2e-bad-line.jsonl:3');
  await expect(error).toContainText('index');
  await expect(goodRow).toHaveAttribute('data-status', 'ok');
  await expect(goodRow.locator('td').nth(2)).toHaveText('0');
  await expect(goodRow.locator('td').nth(6)).not.toHaveText('0');
  await workbench.screenshot('import-dialog');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(corpusCount).toContainText('25 of 25 rollouts');
  await expect(page.getByTestId('filter-benchmark').locator('option[value="e2e-bad-bench"]')).toHaveCount(0);
});
