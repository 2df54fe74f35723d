import type { ResponseOf } from '../common/contract';
import { expect, test, type Workbench } from './fixtures';

type ProgramInfo = ResponseOf<'rollouts.get'>['programs'][number];

interface Side {
  rollout: string;
  path: string;
  version: number;
}

/** Every stored program version of the sample corpus, by rollout. */
async function samplePrograms(workbench: Workbench): Promise<Map<string, ProgramInfo[]>> {
  const list = await workbench.call('rollouts.list', { limit: 100 });
  const programs = new Map<string, ProgramInfo[]>();
  for (const row of list.rows) programs.set(row.id, (await workbench.call('rollouts.get', { id: row.id })).programs);
  return programs;
}

/** The Compare screen's hash for side A only (B defaults to A's next version). */
const compareA = (side: Side) => `#/compare?a=${encodeURIComponent(side.rollout)}:${encodeURIComponent(side.path)}:${side.version}`;

/**
 * A program with three or more versions, at a version whose last run failed while the next
 * version's last run succeeded (the agent's fix), or at version 0 when no such pair exists.
 */
async function findFixedProgram(workbench: Workbench): Promise<Side | undefined> {
  let fallback: Side | undefined;
  for (const [rollout, infos] of await samplePrograms(workbench)) {
    const paths = [...new Set(infos.map((p) => p.path))].filter((path) => infos.filter((p) => p.path === path).length >= 3);
    if (paths.length === 0) continue;
    fallback ??= { rollout, path: paths[0]!, version: 0 };
    const steps = await workbench.call('steps.list', { rollout });
    for (const path of paths) {
      const lastExit = (version: number) => steps.findLast((s) => s.program?.path === path && s.program.version === version)?.exitCode;
      const fixed = infos.find((p) => p.path === path && (lastExit(p.version) ?? 0) !== 0 && lastExit(p.version + 1) === 0);
      if (fixed) return { rollout, path, version: fixed.version };
    }
  }
  return fallback;
}

test('the Compare screen diffs consecutive versions of a program, side by side and inline, with both outcomes', async ({ workbench, page }) => {
  const a = await findFixedProgram(workbench);
  expect(a, 'the sample corpus has a program with three or more versions').toBeTruthy();

  await workbench.open(compareA(a!));
  await expect(page.getByTestId('compare-screen')).toBeVisible();
  // Only side A was given: B is its next version, and the URL now says so.
  await expect(page.getByTestId('compare-version-b')).toHaveValue(String(a!.version + 1));
  await expect(page.getByTestId('compare-rollout-b')).toHaveValue(a!.rollout);
  expect(page.url()).toContain(`&b=${encodeURIComponent(a!.rollout)}:${encodeURIComponent(a!.path)}:${a!.version + 1}`);

  const diff = page.getByTestId('compare-diff');
  await expect(diff).toHaveAttribute('data-ready', 'true');
  await expect(diff.locator('.editor.original .view-line').first()).toBeVisible();
  await expect(diff.locator('.editor.modified .view-line').first()).toBeVisible();
  await expect(page.getByTestId('compare-change-count')).not.toHaveAttribute('data-changes', '');
  const changes = Number(await page.getByTestId('compare-change-count').getAttribute('data-changes'));
  expect(changes, 'consecutive versions differ').toBeGreaterThan(0);
  await expect(diff.locator('.line-insert, .line-delete, .char-insert, .char-delete').first()).toBeVisible();

  // Both outcomes: the last step that ran each version, the rollout's grade and score, the delta.
  for (const which of ['a', 'b']) {
    const outcome = page.getByTestId(`compare-outcome-${which}`);
    await expect(outcome).toBeVisible();
    await expect(outcome).toContainText(/step \d+|no step ran this version/);
    await expect(outcome).toContainText('score');
  }
  await expect(page.getByTestId('compare-delta-score')).toContainText('same rollout');
  await expect(page.getByTestId('compare-delta-exit')).toContainText('exit');
  await workbench.screenshot('compare');

  await page.keyboard.press('i');
  await expect(diff).toHaveAttribute('data-view', 'inline');
  await expect(page.getByTestId('compare-view-inline')).toHaveAttribute('aria-pressed', 'true');
  // Inline: one editor across the whole width, deleted lines shown inside it.
  await expect
    .poll(async () => ((await diff.locator('.editor.modified').boundingBox())?.width ?? 0) / ((await diff.boundingBox())?.width ?? 1))
    .toBeGreaterThan(0.9);
  await page.keyboard.press(']');
  await workbench.screenshot('compare-inline');

  await page.getByTestId('compare-view-side-by-side').click();
  await expect(diff).toHaveAttribute('data-view', 'side-by-side');
  await expect(diff.locator('.editor.original .view-line').first()).toBeVisible();
  await page.keyboard.press('i');
  await page.keyboard.press('s');
  await expect(diff).toHaveAttribute('data-view', 'side-by-side');

  // The version picker moves side B to a third version.
  const versions = await page
    .getByTestId('compare-version-b')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const third = versions.find((v) => v !== String(a!.version) && v !== String(a!.version + 1))!;
  await page.getByTestId('compare-version-b').selectOption(third);
  await expect(page).toHaveURL((url) => url.hash.endsWith(`&b=${encodeURIComponent(a!.rollout)}:${encodeURIComponent(a!.path)}:${third}`));
  await expect(page.getByTestId('compare-change-count')).not.toHaveAttribute('data-changes', '');
});

test('two rollouts compare across, picked by typing a rollout id', async ({ workbench, page }) => {
  const programs = await samplePrograms(workbench);
  // Two rollouts that both wrote a program of the same name, so the picker keeps the path.
  const byPath = new Map<string, string[]>();
  for (const [rollout, infos] of programs) for (const path of new Set(infos.map((p) => p.path))) byPath.set(path, [...(byPath.get(path) ?? []), rollout]);
  const [path, rollouts] = [...byPath].find(([, ids]) => ids.length >= 2)!;
  const [first, second] = rollouts as [string, string];

  await workbench.open(compareA({ rollout: first, path, version: 0 }));
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-ready', 'true');
  const input = page.getByTestId('compare-rollout-b');
  await input.fill(second);
  await input.press('Enter');

  await expect(page.getByTestId('compare-rollout-b')).toHaveValue(second);
  await expect(page.getByTestId('compare-path-b')).toHaveValue(path);
  await expect(page).toHaveURL((url) => url.hash.includes(`&b=${encodeURIComponent(second)}:${encodeURIComponent(path)}:`));
  await expect(page.getByTestId('compare-outcome-a')).toBeVisible();
  await expect(page.getByTestId('compare-outcome-b')).toBeVisible();
  await expect(page.getByTestId('compare-delta-score')).not.toContainText('same rollout');
  await expect(page.getByTestId('compare-change-count')).not.toHaveAttribute('data-changes', '');
  await expect(page.getByTestId('compare-diff').locator('.editor.modified .view-line').first()).toBeVisible();
});

test('the largest sample program opens in the diff, and the landing form leads to a pair', async ({ workbench, page }) => {
  const programs = await samplePrograms(workbench);
  let largest: (Side & { lines: number }) | undefined;
  for (const [rollout, infos] of programs) for (const p of infos) if (!largest || p.lines > largest.lines) largest = { rollout, ...p };

  await workbench.open(compareA(largest!));
  const diff = page.getByTestId('compare-diff');
  await expect(diff).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('compare-change-count')).not.toHaveAttribute('data-changes', '');
  await expect(diff.locator('.editor.modified .view-line').first()).toBeVisible();

  await page.getByRole('link', { name: 'Compare', exact: true }).click();
  await expect(page.getByTestId('compare-landing')).toBeVisible();
  await page.getByTestId('compare-landing-rollout').fill(largest!.rollout);
  await page.getByTestId('compare-landing-rollout').press('Enter');
  await page.getByTestId('compare-landing').getByRole('link', { name: 'v0 → v1' }).first().click();
  await expect(page.getByTestId('compare-version-a')).toHaveValue('0');
  await expect(page.getByTestId('compare-version-b')).toHaveValue('1');
  await expect(diff).toHaveAttribute('data-ready', 'true');
});
