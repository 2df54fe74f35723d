import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures';
import { repoRoot, rwbBin } from './paths';

/** Two crafted runs of one task whose alignment is written out in fixtures/compare-rollouts/README.md. */
const twoRuns = join(repoRoot, 'fixtures', 'compare-rollouts', 'two-runs.jsonl');

/** The alignment the README gives: each row's step positions and what differs. */
const expectedRows = [
  { a: '0', b: '0', differs: '' },
  { a: '1', b: '1', differs: '' },
  { a: '2', b: '2', differs: 'outcome program' },
  { a: '3', b: '', differs: 'only_a' },
  { a: '4', b: '3', differs: '' },
  { a: '', b: '4', differs: 'only_b' },
  { a: '5', b: '5', differs: 'command' },
];

/** Imports the two runs with the CLI into the test's corpus, beside the running server (several processes share a corpus). */
function importTwoRuns(workbench: Workbench): void {
  execFileSync(process.execPath, [rwbBin, 'import', twoRuns, '--db', workbench.dbPath, '--json'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

const row = (page: Page, index: number) => page.locator(`[data-testid="aligned-row"][data-row="${index}"]`);

test('Compare rollouts aligns two runs of one task, marks where they part, and shows both sides of a row', async ({ workbench, page }) => {
  importTwoRuns(workbench);
  await page.setViewportSize({ width: 1280, height: 800 });
  const aligned: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/rollouts.compare')) aligned.push(request.postData() ?? '');
  });
  await workbench.open('#/compare-rollouts?a=cmp-pass&b=cmp-fail');

  const rows = page.getByTestId('aligned-row');
  await expect(rows).toHaveCount(expectedRows.length);
  // Asked for once: on navigation, while the screen's code loaded, and the screen joined that request.
  expect(aligned).toEqual([JSON.stringify({ a: 'cmp-pass', b: 'cmp-fail' })]);
  for (const [i, want] of expectedRows.entries()) {
    await expect(row(page, i)).toHaveAttribute('data-a', want.a);
    await expect(row(page, i)).toHaveAttribute('data-b', want.b);
    await expect(row(page, i)).toHaveAttribute('data-differs', want.differs);
  }
  // Where they part: the summary names row 2, the row is marked, and it is selected first.
  await expect(page.getByTestId('first-divergence')).toHaveAttribute('data-row', '2');
  await expect(page.getByTestId('first-divergence')).toContainText('outcome differs, program differs');
  await expect(row(page, 2)).toHaveClass(/first-divergence/);
  await expect(row(page, 2)).toHaveAttribute('data-fails-alone', 'b');
  await expect(row(page, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('aligned-gap-b')).toHaveCount(1);

  // The summary: grades and the failures only B has, the crash opening its row.
  await expect(page.getByTestId('compared-a')).toContainText('correct');
  await expect(page.getByTestId('compared-b')).toContainText('wrong');
  await expect(page.getByTestId('only-a')).toContainText('none');
  await expect(page.getByTestId('only-b')).toContainText('KeyError');
  await expect(page.getByTestId('only-b')).toContainText('at grading');

  // The rubrics each side gets from the first library, split into only A, only B and both: as retrieval.run answers.
  const library = (await workbench.call('libraries.list', {}))[0]!.id;
  const [forA, forB] = [
    await workbench.call('retrieval.run', { library, rollout: 'cmp-pass' }),
    await workbench.call('retrieval.run', { library, rollout: 'cmp-fail' }),
  ];
  const idsA = new Set(forA.rubrics.map((r) => r.id));
  const idsB = new Set(forB.rubrics.map((r) => r.id));
  await expect(page.getByTestId('rubrics-only-a')).toHaveAttribute('data-count', String(forA.rubrics.filter((r) => !idsB.has(r.id)).length));
  await expect(page.getByTestId('rubrics-only-b')).toHaveAttribute('data-count', String(forB.rubrics.filter((r) => !idsA.has(r.id)).length));
  await expect(page.getByTestId('rubrics-difference')).toContainText(`both: ${forA.rubrics.filter((r) => idsB.has(r.id)).length}`);

  // Both sides of the selected row: commands, B's failure and stderr, and the diff of the two programs.
  await expect(page.getByTestId('side-command-a')).toHaveText('python solution.py');
  await expect(page.getByTestId('side-command-b')).toHaveText('python solution.py');
  await expect(page.getByTestId('side-failure-b')).toContainText('KeyError');
  await expect(page.getByTestId('side-stderr-b')).toContainText("KeyError: 'Agee'");
  await expect(page.getByTestId('side-stdout-a')).toContainText('29.7');
  await expect(page.getByTestId('program-pair-diff')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('program-pair-changes')).toHaveAttribute('data-changes', '1');
  await expect(page.getByTestId('program-pair-diff').locator('.editor.modified .view-line').first()).toBeVisible();
  await workbench.screenshot('compare-rollouts-1280');

  // Keys: j to the next row, n/p between differing rows, [ and ] between sides, Esc back.
  await page.getByTestId('aligned-list').focus();
  await page.keyboard.press('j');
  await expect(row(page, 3)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('side-step-b')).toContainText('No step of B on this row');
  await expect(page.getByTestId('program-pair')).toHaveCount(0);
  await page.keyboard.press('n');
  await expect(row(page, 5)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('n');
  await expect(row(page, 6)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('n');
  await expect(page.getByTestId('aligned-note')).toHaveText('No row after row 6 differs');
  await page.keyboard.press('p');
  await expect(row(page, 5)).toHaveAttribute('aria-selected', 'true');
  expect(page.url()).toContain('row=5');
  await page.keyboard.press(']');
  await expect(page.getByTestId('compare-rollouts-screen')).toHaveAttribute('data-focus', 'b');
  await page.keyboard.press('[');
  await expect(page.getByTestId('compare-rollouts-screen')).toHaveAttribute('data-focus', 'a');

  // Clicking a row's side selects the row and focuses that side.
  await row(page, 4).locator('[data-testid="step-row"]').nth(1).click();
  await expect(row(page, 4)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('compare-rollouts-screen')).toHaveAttribute('data-focus', 'b');
  await expect(page.getByTestId('program-pair-changes')).toHaveAttribute('data-changes', '0');

  // `?` lists the screen's keys, as the palette does.
  await page.keyboard.press('?');
  const help = page.getByTestId('key-help');
  for (const id of [
    'compare-rollouts.next-row',
    'compare-rollouts.next-difference',
    'compare-rollouts.previous-difference',
    'compare-rollouts.focus-a',
    'compare-rollouts.back',
  ])
    await expect(help.locator(`[data-command-id="${id}"]`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('corpus-screen')).toBeVisible();
});

test('Compare rollouts fits 1280 x 800 and 1024 x 768 and passes axe', async ({ workbench, page }) => {
  importTwoRuns(workbench);
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await workbench.open('#/compare-rollouts?a=cmp-pass&b=cmp-fail');
    await expect(page.getByTestId('program-pair-diff')).toHaveAttribute('data-ready', 'true');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${width} px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    await workbench.screenshot(`compare-rollouts-${width}`);
  }
  const serious = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(serious((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations)).toEqual([]);
  // A theme changes only colours, so the dark one is checked with the colour rules.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(serious((await new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']).analyze()).violations)).toEqual([]);
  await workbench.screenshot('compare-rollouts-dark');
});

test("the Corpus screen (c on two rollouts), a rollout's other runs and an experiment's attempt open Compare rollouts", async ({ workbench, page }) => {
  importTwoRuns(workbench);
  await workbench.open('#/corpus');
  const task = await page.getByTestId('filter-task').locator('option', { hasText: 'cmp-mean-age' }).getAttribute('value');
  await page.getByTestId('filter-task').selectOption(task!);
  // The filtered rows, not the whole corpus's (whose count may also hold a 2), before the keys.
  await expect(page.getByTestId('corpus-count')).toHaveText(/^2 of /);
  await expect(page.getByTestId('rollout-row')).toHaveCount(2);
  await page.getByTestId('rollout-table').locator('.table-body').focus();
  await page.keyboard.press('j');
  await page.keyboard.press('c');
  await expect(page.getByTestId('compare-mark')).toHaveAttribute('data-marked', 'cmp-fail');
  await page.keyboard.press('j');
  await page.keyboard.press('c');
  await expect(page.getByTestId('compare-rollouts-screen')).toBeVisible();
  expect(page.url()).toContain('#/compare-rollouts?a=cmp-fail&b=cmp-pass');
  await expect(page.getByTestId('aligned-row')).toHaveCount(expectedRows.length);

  await workbench.open('#/rollouts/cmp-pass');
  await page.getByTestId('other-runs').locator('summary').click();
  await page.getByTestId('other-run-compare').filter({ hasText: 'cmp-fail' }).click();
  await expect(page.getByTestId('first-divergence')).toHaveAttribute('data-row', '2');
  expect(page.url()).toContain('a=cmp-pass&b=cmp-fail');

  // An attempt whose program came from a rollout: its line names the rollout and lists the task's other runs; `v` compares with one.
  const experiment = await workbench.call('experiments.get', { id: 'exp-1' });
  const attempt = experiment.attempts.find((a) => a.case === 'case-1')!;
  const source = experiment.cases.find((c) => c.id === 'case-1')!.program;
  expect('rollout' in source, 'case-1 runs a stored program version').toBe(true);
  const sourceId = 'rollout' in source ? source.rollout : '';
  const { taskId, grade } = await workbench.call('rollouts.get', { id: sourceId });
  const others = (await workbench.call('rollouts.list', { task: taskId, limit: 51 })).rows.filter((r) => r.id !== sourceId);
  const preferred = others.find((r) => r.grade !== grade) ?? others[0]!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await workbench.open(`#/runs/exp-1?attempt=${attempt.id}`);
  const line = page.getByTestId('attempt-rollout');
  await expect(line).toHaveAttribute('data-rollout', sourceId);
  await line.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(line.getByTestId('other-run-compare')).toHaveCount(others.length);
  await expect(line.getByTestId('other-run-compare').first()).toBeVisible();
  await workbench.screenshot('runs-compare-entry-1280');
  await page.getByTestId('attempt-grid').focus();
  await page.keyboard.press('v');
  await expect(page.getByTestId('compare-rollouts-screen')).toBeVisible();
  expect(page.url()).toContain(`a=${sourceId}&b=${preferred.id}`);
});

test('rwb compare-rollouts prints the same alignment', async ({ workbench }) => {
  importTwoRuns(workbench);
  const json = JSON.parse(
    execFileSync(process.execPath, [rwbBin, 'compare-rollouts', 'cmp-pass', 'cmp-fail', '--db', workbench.dbPath, '--json'], { encoding: 'utf8' }),
  ) as {
    firstDivergence: number;
    rows: { a: { position: number; command: string } | null; b: { position: number; command: string } | null; differs: string[] }[];
  };
  expect(json.firstDivergence).toBe(2);
  expect(json.rows.map((r) => ({ a: r.a ? String(r.a.position) : '', b: r.b ? String(r.b.position) : '', differs: r.differs.join(' ') }))).toEqual(
    expectedRows,
  );
  expect(json.rows[3]!.a!.command).toBe('pip list | grep pandas');
  const text = execFileSync(process.execPath, [rwbBin, 'compare-rollouts', 'cmp-pass', 'cmp-fail', '--db', workbench.dbPath], { encoding: 'utf8' });
  expect(text).toContain('first divergence: row 2');
  expect(text).toMatch(/▶\s+2\s+2\s+0\s+python solution\.py\s+2\s+1\s+python solution\.py\s+outcome, program/);
});
