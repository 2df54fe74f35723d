import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callOperation } from './api';
import { expect, test } from './fixtures';
import { screenshotDir } from './paths';
import { startServe } from './serve-process';

/**
 * Issue 27 on screen: the sample's judged library, then a re-run of one of its judged failures
 * (r-0002's analysis.py v0, a ZeroDivisionError in the rollout). The figures on screen stay as
 * computed and say a re-run came since; recompute counts it as a re-run, and precision and
 * recall stay what they were.
 */
test('a re-run of a judged failure never moves precision and recall; the screen says it came and counts it apart on recompute', async ({ page, request }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rwb-e2e-pr-reruns-'));
  const server = await startServe(null, { RWB_DATA_DIR: dataDir, ANTHROPIC_API_KEY: undefined });
  try {
    mkdirSync(screenshotDir, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    const runs = await callOperation(request, server, 'pipeline.list', {});
    const mined = runs.find((r) => r.kind === 'mine')!;
    const library = (await callOperation(request, server, 'pipeline.get', { run: mined.id })).library!;
    await page.goto(`${server.url}#/libraries/${encodeURIComponent(library)}`);
    await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
    const section = page.getByTestId('precision-recall');
    await expect(section.getByTestId('pr-basis')).toBeVisible();
    const judged = await callOperation(request, server, 'rubrics.precisionRecall', { library });
    expect(judged.basis.rollouts).toContain('r-0002');
    const cells = () =>
      section
        .getByTestId('pr-by-family')
        .locator('td[data-value]')
        .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value')));
    const before = await cells();
    expect(before).toEqual(judged.families.flatMap((f) => [JSON.stringify(f.precision), JSON.stringify(f.recall)]));
    await expect(section.getByTestId('pr-reruns-figure')).toContainText(`of 0 re-run judged failures`);
    await expect(section.getByTestId('pr-since')).toHaveCount(0);

    const rerun = await callOperation(request, server, 'runs.rerun', {
      rollout: 'r-0002',
      path: 'analysis.py',
      version: 0,
      command: 'python3 analysis.py',
      wait: true,
    });
    await expect(section.getByTestId('pr-since')).toContainText('1 re-run since these figures were computed');
    expect(await cells()).toEqual(before);
    await page.getByTestId('pr-since').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'pr-reruns-since.png') });

    await section.getByTestId('pr-recompute').click();
    await expect(section.getByTestId('pr-since')).toHaveCount(0);
    const recomputed = await callOperation(request, server, 'rubrics.precisionRecall', { library });
    expect(recomputed.families).toEqual(judged.families);
    expect(recomputed.reruns.rerun).toBe(1);
    const failure = recomputed.reruns.failures[0]!;
    expect(failure).toMatchObject({ rollout: 'r-0002', path: 'analysis.py', version: 0, exceptionClass: 'ZeroDivisionError' });
    expect(failure.attempts.map((a) => a.experiment)).toEqual([rerun.experiment]);
    await expect(section.getByTestId('pr-reruns-figure')).toContainText(
      `reproduced ${recomputed.reruns.reproduced} of 1 re-run judged failure (${recomputed.reruns.different} different, ${recomputed.reruns.environment} environment`,
    );
    await expect(section.getByTestId('pr-rerun-failure')).toHaveAttribute('data-outcome', failure.outcome!);
    expect(await cells()).toEqual(before);
    await section.getByTestId('pr-reruns').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'pr-reruns.png') });
    const axe = await new AxeBuilder({ page }).include('[data-testid="precision-recall"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
