import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { expectImported, expectRefused, openImportDialog } from './import-dialog';
import { repoRoot } from './paths';

const agents = join(repoRoot, 'fixtures', 'agents');

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rwb-e2e-formats-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('agent runs whose format shows only past 64 KiB import through the dialog, each row naming the format that read it', async ({ workbench, page }) => {
  const mini = join(agents, 'm1-mini-swe-agent-1x.traj.json');
  const openhands = join(agents, 'o1-openhands-swe-bench-long-line.jsonl');
  // The OpenHands output cut in its second line: recognised, then refused whole.
  const cut = join(dir, 'cut-output.jsonl');
  writeFileSync(cut, `${readFileSync(openhands, 'utf8').split('\n')[0]}\n{"instance_id": \n`);
  const { dialog } = await openImportDialog(workbench, page);
  await page.getByTestId('import-file-input').setInputFiles([mini, openhands, cut]);
  await page.getByTestId('import-start').click();

  await expectImported(page, 'm1-mini-swe-agent-1x.traj.json', { format: 'mini-swe-agent', rollouts: 1, steps: 13 });
  await expectImported(page, 'o1-openhands-swe-bench-long-line.jsonl', { format: 'openhands', rollouts: 2, steps: 7 });
  const error = await expectRefused(page, 'cut-output.jsonl');
  await expect(error).toContainText('cut-output.jsonl:2: not valid JSON');
  await expect(page.locator('[data-testid="import-result-row"][data-file="cut-output.jsonl"] td').nth(1)).toHaveText('openhands');
  await workbench.screenshot('import-agent-formats');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByTestId('filter-benchmark').selectOption('mini-swe-agent');
  await page.getByTestId('rollout-row').first().click();
  await expect(page.getByTestId('rollout-screen')).toContainText('mini-swe-agent exit status: Submitted (not graded)');
  await workbench.open('#/corpus');
  await page.getByTestId('filter-benchmark').selectOption('openhands');
  await expect(page.getByTestId('rollout-row')).toHaveCount(2);
  await page.locator('[data-testid="rollout-row"]', { hasText: 'pallets__flask-5063' }).click();
  await expect(page.getByTestId('rollout-screen')).toContainText('SWE-bench evaluation: resolved');
  await workbench.screenshot('rollout-openhands-graded');
});
