import type { Page } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures';

/**
 * A rollout whose first failed step (where `n` jumps) has a traceback frame, with its source
 * line, in the stored program version the step ran.
 */
async function findFailureInProgram(workbench: Workbench) {
  const list = await workbench.call('rollouts.list', { limit: 100 });
  for (const row of list.rows) {
    const steps = await workbench.call('steps.list', { rollout: row.id });
    const first = steps.find((s) => s.failureKind !== null || s.timedOut || s.killed || (s.exitCode !== null && s.exitCode !== 0));
    if (!first) continue;
    const failures = await workbench.call('failures.list', { rollout: row.id });
    const failure = failures.find((f) => f.step === first.index && f.program);
    const frame = failure?.frames.findLast((f) => f.file.endsWith(`/${failure.program!.path}`) && f.code?.trim());
    if (failure?.program && frame) return { rollout: row.id, step: first.index, program: failure.program, frame };
  }
  return undefined;
}

/** The vertical centre of an element, to tell which rendered line a decoration sits on. */
async function middle(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} is rendered`).not.toBeNull();
  return box!.y + box!.height / 2;
}

test('a traceback frame opens its program version in Monaco at the failing line', async ({ workbench, page }) => {
  const target = await findFailureInProgram(workbench);
  expect(target, 'the sample corpus has a first failure whose traceback points into a stored program').toBeTruthy();
  const { rollout, step, program, frame } = target!;

  await workbench.open(`#/rollouts/${encodeURIComponent(rollout)}`);
  await expect(page.getByTestId('step-row').first()).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.locator('[data-testid="step-row"][aria-selected="true"]')).toHaveAttribute('data-step-index', String(step));

  // Keyboard: the frame in the agent's program is a button; Enter on it opens the viewer.
  const agentFrame = page.locator('[data-testid="traceback-frame"][data-agent-frame="true"]');
  await expect(agentFrame).toHaveAttribute('data-frame-line', String(frame.line));
  await agentFrame.getByTestId('traceback-frame-open').focus();
  await page.keyboard.press('Enter');

  const viewer = page.getByTestId('program-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('heading')).toHaveText(`${program.path}@v${program.version}`);
  const code = page.getByTestId('program-code');
  await expect(code).toHaveAttribute('data-ready', 'true');
  await expect(code).toHaveAttribute('data-line', String(frame.line));
  // The marked line number is the frame's, and the marked row shows the frame's source.
  await expect(code.locator('.monaco-focus-line-number')).toHaveText(String(frame.line));
  await expect(code.locator('.monaco-focus-glyph')).toHaveCount(1);
  const sourceLine = code.locator('.view-line', { hasText: frame.code!.trim() });
  await expect(sourceLine.first()).toBeVisible();
  const marked = await middle(page, '[data-testid="program-code"] .monaco-focus-line');
  const source = await sourceLine.first().boundingBox();
  expect(marked).toBeGreaterThan(source!.y);
  expect(marked).toBeLessThan(source!.y + source!.height);
  await workbench.screenshot('program');

  if (program.version > 0) {
    await expect(page.getByTestId('program-diff-link')).toHaveAttribute(
      'href',
      `#/compare?a=${encodeURIComponent(rollout)}:${encodeURIComponent(program.path)}:${program.version - 1}&b=${encodeURIComponent(rollout)}:${encodeURIComponent(program.path)}:${program.version}`,
    );
  } else {
    await expect(page.getByTestId('program-diff-link')).toHaveCount(0);
  }

  // Escape closes the viewer (and frees its editor), stays on the rollout and gives focus back.
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(page.locator('.monaco-editor')).toHaveCount(0);
  await expect(page.getByTestId('rollout-screen')).toBeVisible();
  await expect(agentFrame.getByTestId('traceback-frame-open')).toBeFocused();
});

test('"Show whole program" opens the viewer, and its diff link goes to the Compare screen', async ({ workbench, page }) => {
  const list = await workbench.call('rollouts.list', { limit: 100 });
  let target: { rollout: string; step: number; line: number; program: { path: string; version: number } } | undefined;
  for (const row of list.rows) {
    const failures = await workbench.call('failures.list', { rollout: row.id });
    const failure = failures.find((f) => f.step !== null && f.program && f.program.version > 0 && f.programLine !== null);
    if (failure) {
      target = { rollout: row.id, step: failure.step!, line: failure.programLine!, program: failure.program! };
      break;
    }
  }
  expect(target, 'the sample corpus has a failure in a program version after the first').toBeTruthy();

  await workbench.open(`#/rollouts/${encodeURIComponent(target!.rollout)}?step=${target!.step}`);
  await page.getByTestId('program-show-whole').click();
  const code = page.getByTestId('program-code');
  await expect(code).toHaveAttribute('data-ready', 'true');
  await expect(code.locator('.monaco-focus-line-number')).toHaveText(String(target!.line));

  await page.getByTestId('program-diff-link').click();
  await expect(page.getByTestId('compare-screen')).toBeVisible();
  await expect(page.getByTestId('compare-version-a')).toHaveValue(String(target!.program.version - 1));
  await expect(page.getByTestId('compare-version-b')).toHaveValue(String(target!.program.version));
  await expect(page.getByTestId('compare-diff')).toHaveAttribute('data-ready', 'true');
});
