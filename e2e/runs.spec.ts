import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { ResponseOf } from '../common/contract';
import { expect, test, type Workbench } from './fixtures';

/**
 * A Python program that prints six ticks and writes its score. After the second tick it waits
 * for the file `gate` (the test creates it once it has seen the attempt running), so the test
 * sees it live however slow the machine is.
 */
const ticker = (score: number, gate: string) => `import json, os, time
for i in range(6):
    print(f"tick {i} of arm {os.environ['RWB_ARM']}", flush=True)
    while i == 1 and not os.path.exists(${JSON.stringify(gate)}):
        time.sleep(0.05)
json.dump({"score": ${score}}, open("score.json", "w"))
`;

/** A program that announces itself and then sleeps far past any cap in these tests. */
const sleeper = `import time
print("sleeping now", flush=True)
time.sleep(60)
`;

/**
 * The same in the shell, for a test with a 2-second cap: a shell builtin prints at once however
 * loaded the machine is, where Python's start-up alone could take a loaded machine's 2 seconds.
 */
const shellSleeper = 'echo "sleeping now"; exec sleep 60';

/** An inline case (of a sample task) and an experiment over it; returns the experiment's id. */
async function makeExperiment(
  workbench: Workbench,
  id: string,
  options: { program: string; command?: string; arms: string[]; repeats: number; variants?: { arm: string; program: { path: string; content: string } }[] },
): Promise<string> {
  const created = await workbench.call('cases.create', {
    task: 'dabench-17',
    program: { path: 'job.py', content: options.program },
    command: options.command ?? 'python3 job.py',
    score: { from: 'json', path: 'score.json', field: 'score' },
  });
  await workbench.call('experiments.create', {
    id,
    name: `${id}: ${options.arms.join(' vs ')}`,
    arms: options.arms,
    repeats: options.repeats,
    cases: [created.id],
    variants: options.variants ?? [],
  });
  return id;
}

const cell = (page: Page, arm: string, repeat: number): Locator => page.locator(`[data-testid="attempt-cell"][data-arm="${arm}"][data-repeat="${repeat}"]`);

/** The visible text of the terminal (xterm's DOM renderer draws each row as text). */
const terminalText = (page: Page): Locator => page.getByTestId('attempt-terminal').locator('.xterm-rows');

/** The comparison on screen must carry exactly the backend's numbers. */
async function expectComparisonEquals(page: Page, c: ResponseOf<'experiments.compare'>): Promise<void> {
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('comparison-effect')).toHaveAttribute('data-value', JSON.stringify(c.effect));
  await expect(page.getByTestId('comparison-ci')).toHaveAttribute('data-value', JSON.stringify(c.ci));
  await expect(page.getByTestId('comparison-coverage')).toHaveAttribute('data-value', JSON.stringify([c.pairedCases, c.cases, c.coverage]));
  await expect(page.getByTestId('comparison-coverage')).toContainText(`${c.pairedCases}/${c.cases} cases`);
  await expect(page.getByTestId('comparison-pairs')).toHaveAttribute('data-value', String(c.pairs));
  await expect(page.getByTestId('comparison-validity')).toHaveAttribute('data-value', JSON.stringify(c.validity.difference));
  await expect(page.getByTestId('comparison-sensitivity')).toHaveAttribute('data-value', JSON.stringify(c.validity.sensitivity));
  await expect(page.getByTestId('comparison-resamples')).toHaveAttribute('data-value', JSON.stringify([c.resamples, c.seed]));
}

test('an experiment runs locally from the screen: live terminal, cells turn succeeded, the comparison shows effect and CI', async ({ workbench, page }) => {
  const gate = join(dirname(workbench.dbPath), 'go');
  const id = await makeExperiment(workbench, 'ticks', {
    program: ticker(0.5, gate),
    arms: ['original', 'fixed'],
    repeats: 2,
    variants: [{ arm: 'fixed', program: { path: 'job.py', content: ticker(0.75, gate) } }],
  });
  // A saved host, so the backend picker and the hosts table show one (nothing connects to it here).
  await workbench.call('hosts.save', { name: 'gpu-box-2', user: 'ana', host: 'gpu-box-2.lab', workDir: '~/rwb-runs', gpuLabel: '2x A100 80GB' });
  await workbench.open(`#/runs/${id}`);
  await expect(page.getByTestId('runs-screen')).toBeVisible();
  await expect(page.getByTestId('run-backend').locator('option[value="ssh:gpu-box-2"]')).toHaveCount(1);
  await expect(page.locator(`[data-testid="experiment-row"][data-experiment-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid="attempt-cell"][data-status="queued"]')).toHaveCount(4);

  await page.getByTestId('run-backend').selectOption('local');
  await page.getByTestId('run-start').click();

  // The first attempt streams while it runs.
  const first = cell(page, 'original', 0);
  const terminal = page.getByTestId('attempt-terminal');
  await expect(terminal).toHaveAttribute('data-attempt-id', (await first.getAttribute('data-attempt-id'))!);
  await expect(terminalText(page)).toContainText('tick 1 of arm original');
  await expect(terminal).toHaveAttribute('data-live', 'true');
  await expect(first).toHaveAttribute('data-status', 'running');
  writeFileSync(gate, '');

  for (const arm of ['original', 'fixed']) for (const repeat of [0, 1]) await expect(cell(page, arm, repeat)).toHaveAttribute('data-status', 'succeeded');
  // Once over, the terminal holds the attempt's whole stored log.
  await expect(terminal).toHaveAttribute('data-live', 'false');
  await expect(terminal).toHaveAttribute('data-phase', 'log');
  await expect(terminalText(page)).toContainText('tick 5 of arm original');

  // A = fixed (the last arm), B = original: every pair differs by 0.75 - 0.5.
  await expect(page.getByTestId('compare-arm-a')).toHaveValue('fixed');
  await expectComparisonEquals(page, await workbench.call('experiments.compare', { experiment: id, a: 'fixed', b: 'original' }));
  await expect(page.getByTestId('comparison-effect')).toContainText('0.25');
  await expect(page.getByTestId('comparison-ci')).toContainText('[0.25, 0.25]');

  // Keyboard: arrows move the cursor, Enter shows that attempt.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(terminal).toHaveAttribute('data-attempt-id', (await cell(page, 'fixed', 1).getAttribute('data-attempt-id'))!);
  await expect(terminalText(page)).toContainText('tick 5 of arm fixed');
  await expect(page.getByTestId('run-start')).toBeDisabled();
  await workbench.screenshot('runs');

  // The arms' programs diffed: the fixed arm's variant against the case's own program.
  await page.getByTestId('arm-diff-button').click();
  const dialog = page.getByTestId('arm-diff-dialog');
  await expect(dialog.getByTestId('arm-diff')).toHaveAttribute('data-ready', 'true');
  await expect(dialog.getByTestId('arm-diff-changes')).toContainText('1 change');
  await expect(dialog.getByTestId('arm-diff')).toContainText('0.75');
  await workbench.screenshot('arm-diff');
});

test('a 2-second time cap kills a sleeping program: the attempt is a timeout', async ({ workbench, page }) => {
  const id = await makeExperiment(workbench, 'sleepy', { program: sleeper, command: shellSleeper, arms: ['original'], repeats: 1 });
  await workbench.open(`#/runs/${id}`);
  await page.getByTestId('run-timeout').fill('2');
  await page.getByTestId('run-start').click();
  await expect(terminalText(page)).toContainText('sleeping now');
  await expect(cell(page, 'original', 0)).toHaveAttribute('data-status', 'timeout');
  await expect(page.getByTestId('attempt-facts')).toContainText('cap 2 s');
  // One arm: nothing to compare, and the panel says so.
  await expect(page.getByTestId('comparison-panel')).toContainText('nothing to compare');
});

test('cancelling a running attempt (c, then confirm) records it interrupted and leaves the rest to continue', async ({ workbench, page }) => {
  const id = await makeExperiment(workbench, 'cancel-me', { program: sleeper, arms: ['original'], repeats: 2 });
  await workbench.open(`#/runs/${id}`);
  await page.getByTestId('run-start').click();
  await expect(cell(page, 'original', 0)).toHaveAttribute('data-status', 'running');
  await expect(terminalText(page)).toContainText('sleeping now');

  await page.keyboard.press('c');
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('cancel-dialog-confirm').click();
  await expect(cell(page, 'original', 0)).toHaveAttribute('data-status', 'interrupted');
  await expect(cell(page, 'original', 1)).toHaveAttribute('data-status', 'queued');
  await expect(page.getByTestId('run-cancel')).toHaveCount(0);
  await expect(page.getByTestId('run-start')).toHaveText(/Continue 1 slot/);
});

test("the sample exp-1's comparison on screen equals experiments.compare, and SSH hosts are validated by field", async ({ workbench, page }) => {
  await workbench.open('#/runs');
  await expect(page).toHaveURL(/#\/runs\/exp-1$/);
  await expect(page.getByTestId('attempt-cell')).toHaveCount(12);
  await expect(page.locator('[data-testid="attempt-cell"][data-status="unknown"]')).toHaveCount(1);
  await expect(page.getByTestId('compare-arms')).toBeVisible();
  await expectComparisonEquals(page, await workbench.call('experiments.compare', { experiment: 'exp-1', a: 'lesson_guided', b: 'original' }));
  await page.getByTestId('compare-arm-a').selectOption('no_lesson');
  await expectComparisonEquals(page, await workbench.call('experiments.compare', { experiment: 'exp-1', a: 'no_lesson', b: 'original' }));

  // Hosts: the backend's validation lands on the field it is about.
  await page.getByTestId('host-add').click();
  const dialog = page.getByTestId('host-dialog');
  await dialog.getByTestId('host-name').fill('gpu-box-2');
  await dialog.getByTestId('host-address').fill('ana@gpu box');
  await dialog.getByTestId('host-port').fill('70000');
  await dialog.getByTestId('host-save').click();
  await expect(dialog.locator('[data-testid="field-error"][data-field="host-port"]')).toContainText('1-65535');
  await expect(dialog.locator('[data-testid="field-error"][data-field="host-address"]')).toContainText('DNS name');
  await dialog.getByTestId('host-address').fill('ana@gpu-box-2.lab');
  await dialog.getByTestId('host-port').fill('2222');
  await dialog.getByTestId('host-gpu').fill('2x A100');
  await dialog.getByTestId('host-save').click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('host-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('ana@gpu-box-2.lab:2222');
  await expect(page.getByTestId('run-backend').locator('option[value="ssh:gpu-box-2"]')).toHaveCount(1);
  await row.getByTestId('host-delete').click();
  await page.getByTestId('host-delete-dialog-confirm').click();
  await expect(page.getByTestId('host-row')).toHaveCount(0);
});

test('Rerun on a rollout step makes an experiment and opens its first attempt in the Runs screen', async ({ workbench, page }) => {
  const list = await workbench.call('rollouts.list', { limit: 20 });
  let target: { rollout: string; step: number } | undefined;
  for (const row of list.rows) {
    const steps = await workbench.call('steps.list', { rollout: row.id });
    const step = steps.find((s) => s.program !== null);
    if (step) {
      target = { rollout: row.id, step: step.index };
      break;
    }
  }
  expect(target, 'the sample corpus has a step that ran a stored program version').toBeTruthy();
  // This machine runs one attempt at a time unless a run says otherwise.
  await workbench.call('hosts.saveLocal', { slots: 1, envNames: [] });
  await workbench.open(`#/rollouts/${encodeURIComponent(target!.rollout)}?step=${target!.step}`);
  await page.getByTestId('step-detail').getByTestId('rerun-button').click();
  const dialog = page.getByTestId('rerun-dialog');
  await expect(dialog.getByTestId('rerun-repeats')).toHaveValue('3');
  await dialog.getByTestId('rerun-repeats').fill('2');
  // The slot field defaults to the host's setting and says so; a bad count starts nothing.
  const slots = dialog.getByTestId('run-parallel');
  await expect(slots).toHaveAttribute('placeholder', '1 (host)');
  await slots.fill('300');
  await dialog.getByTestId('rerun-start').click();
  await expect(dialog.getByTestId('rerun-parallel-error')).toContainText('whole number');
  await page.setViewportSize({ width: 1280, height: 800 });
  await workbench.screenshot('rerun-dialog-1280');
  expect((await workbench.call('experiments.list', {})).length).toBe(1);
  await slots.fill('2');
  await dialog.getByTestId('rerun-start').click();

  await expect(page).toHaveURL(/#\/runs\/[^?]+\?attempt=\d+$/);
  const attempt = /attempt=(\d+)/.exec(page.url())![1]!;
  await expect(page.getByTestId('attempt-terminal')).toHaveAttribute('data-attempt-id', attempt);
  // The sample's data files are not here, so the program fails; its output is still shown and kept.
  await expect(page.locator(`[data-testid="attempt-cell"][data-attempt-id="${attempt}"]`)).toHaveAttribute('data-status', /failed|succeeded/);
  await expect(page.getByTestId('attempt-terminal')).toHaveAttribute('data-phase', 'log');
  await expect(terminalText(page)).not.toHaveText(/^\s*$/);
  // Two slots on this machine, as the dialog asked, rather than its setting of one.
  const experiment = /#\/runs\/([^?]+)/.exec(page.url())![1]!;
  await expect
    .poll(async () => (await workbench.call('experiments.get', { id: decodeURIComponent(experiment) })).attempts.map((a) => a.slot).sort())
    .toEqual(['local#1', 'local#2']);

  // Back on the step, its reruns list this attempt with its outcome against the step, and the link leads back to it.
  const diagnosis = await workbench.call('attempts.diagnosis', { id: Number(attempt) });
  await workbench.open(`#/rollouts/${encodeURIComponent(target!.rollout)}?step=${target!.step}`);
  const rerun = page
    .getByTestId('step-reruns')
    .getByTestId('step-rerun')
    .filter({ has: page.getByRole('link', { name: `attempt ${attempt}`, exact: true }) });
  await expect(rerun).toHaveAttribute('data-outcome', diagnosis.outcome);
  await expect(rerun).toContainText(diagnosis.outcome.replace('_', ' '));
  await rerun.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/runs/[^?]+\\?attempt=${attempt}$`));
  await expect(page.getByTestId('attempt-terminal')).toHaveAttribute('data-attempt-id', attempt);
});

test('two slots from the start form: running cells show slot and elapsed time, two terminals stream at once, Stop leaves the queued slot never started', async ({
  workbench,
  page,
}) => {
  const release = join(mkdtempSync(join(tmpdir(), 'rwb-e2e-stop-')), 'release');
  const waiter = `import json, os, time
print("waiting in", os.environ["RWB_ATTEMPT"], flush=True)
while not os.path.exists(${JSON.stringify(release)}):
    time.sleep(0.05)
json.dump({"score": 1}, open("score.json", "w"))
`;
  const id = await makeExperiment(workbench, 'two-slots', { program: waiter, arms: ['original'], repeats: 3 });
  await workbench.open(`#/runs/${id}`);
  await page.getByTestId('run-parallel').fill('2');
  await page.getByTestId('run-start').click();
  for (const repeat of [0, 1]) {
    await expect(cell(page, 'original', repeat)).toHaveAttribute('data-status', 'running');
    await expect(cell(page, 'original', repeat).getByTestId('cell-slot')).toContainText(/local#[12]/);
    await expect(cell(page, 'original', repeat).locator('.cell-value')).toHaveText(/^\d+s$/);
  }
  await expect(cell(page, 'original', 2)).toHaveAttribute('data-status', 'queued');

  // Keep the first attempt's terminal open, then select the second: both stream.
  await cell(page, 'original', 0).click();
  await page.getByTestId('terminal-keep').click();
  await cell(page, 'original', 1).click();
  await expect(page.getByTestId('terminal-panes')).toHaveAttribute('data-count', '2');
  const panes = page.getByTestId('terminal-pane');
  await expect(panes.nth(0).locator('.xterm-rows')).toContainText('waiting in');
  await expect(panes.nth(1).locator('.xterm-rows')).toContainText('waiting in');

  await page.getByTestId('run-stop').click();
  writeFileSync(release, '');
  await expect(cell(page, 'original', 0)).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
  await expect(cell(page, 'original', 1)).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
  await expect(cell(page, 'original', 2)).toHaveAttribute('data-status', 'queued');
  await expect(page.getByTestId('run-stop')).toHaveCount(0);
  await expect(page.getByTestId('plan-coverage')).toContainText('3 slots planned, 1 never started');
  // The cell and the legend say what the coverage line says: never started, none queued.
  await expect(cell(page, 'original', 2)).toHaveAttribute('data-shown', 'never_started');
  await expect(cell(page, 'original', 2).locator('.cell-letter')).toHaveText('N');
  const legend = page.getByTestId('status-legend');
  await expect(legend.locator('[data-status="never_started"] .legend-count')).toHaveText('1');
  await expect(legend.locator('[data-status="queued"] .legend-count')).toHaveText('0');
  await workbench.screenshot('runs-after-stop');
  await expect(page.getByTestId('run-start')).toHaveText(/Continue 1 slot/);
});
