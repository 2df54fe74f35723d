import type { Page } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures';

const library = { kind: 'library', library: 'whole-rollout-pool' } as const;
const queueRoute = '#/labels?schema=category&library=whole-rollout-pool';

/**
 * The category schema's number keys follow the taxonomy: C01–C11 are 1–11, Q01–Q07 12–18,
 * P01–P04 19–22. Two-digit numbers that cannot go on pick at once ("14"); "1" and "2" wait.
 */
const keyed: [string[], string][] = [
  [['3'], 'C03'],
  [['1', '4'], 'Q03'],
  [['2', '2'], 'P04'],
  [['5'], 'C05'],
  [['1', '2'], 'Q01'],
  [['9'], 'C09'],
  [['1', '1'], 'C11'],
  [['2', '0'], 'P02'],
  [['6'], 'C06'],
  [['1', '8'], 'Q07'],
  [['4'], 'C04'],
  [['1', '5'], 'Q04'],
  [['7'], 'C07'],
  [['2', 'Enter'], 'C02'],
  [['1', '6'], 'Q05'],
  [['8'], 'C08'],
  [['1', '9'], 'P01'],
  [['1', '3'], 'Q02'],
  [['2', '1'], 'P03'],
  [['1', '0'], 'C10'],
];

/**
 * Types keys. A digit that could begin a two-digit number waits 900 ms for the next one, so a
 * chord goes to the page in one task: its keys then arrive together however slow the machine is.
 */
async function press(page: Page, keys: string[]): Promise<void> {
  if (keys.length === 1) return page.keyboard.press(keys[0]!);
  await page.evaluate((chord) => {
    for (const key of chord) (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, keys);
}

async function currentLabels(workbench: Workbench, annotator: string): Promise<Map<string, unknown>> {
  const queue = await workbench.call('labels.queue', { schema: 'category', annotator, targetSet: library, blind: false });
  return new Map(queue.items.filter((i) => i.mine).map((i) => [i.target.id, i.mine!.value]));
}

async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('queue-progress')).toHaveAttribute('data-in-flight', '0');
}

test('label queue: 20 rubrics with the keyboard only, reload and resume, undo, blind mode, agreement and adjudication', async ({ workbench, page }) => {
  await workbench.open(queueRoute);
  await page.getByTestId('annotator-input').fill('cara');
  await page.keyboard.press('Enter');
  const item = page.getByTestId('queue-item');
  await expect(item).toHaveAttribute('data-target-id', 'rb-0011');
  await expect(page.getByTestId('progress-mine')).toHaveText('0 / 45');

  // Blind mode: ana labelled rb-0011, and her label stays hidden until cara has labelled it.
  await expect(page.getByTestId('evidence-pane')).toContainText('Hidden until you label this item');

  // The first ten, then an undo of the tenth and a different label for it.
  for (const [keys] of keyed.slice(0, 10)) await press(page, keys);
  await settled(page);
  await expect(page.getByTestId('progress-mine')).toHaveText('10 / 45');
  await page.keyboard.press('u');
  await expect(item).toHaveAttribute('data-target-id', 'rb-0020');
  await expect(page.getByTestId('label-state')).toHaveAttribute('data-state', 'none');
  await press(page, ['1', '7']);
  await settled(page);
  keyed[9] = [['1', '7'], 'Q06'];

  // Back to the first item: its label is saved, and ana's label is no longer hidden.
  await expect(item).toHaveAttribute('data-target-id', 'rb-0021');
  for (let i = 0; i < 10; i++) await page.keyboard.press('k');
  await expect(item).toHaveAttribute('data-target-id', 'rb-0011');
  await expect(page.getByTestId('label-state')).toHaveAttribute('data-value', 'C03');
  await expect(page.getByTestId('other-labels')).toContainText('ana');

  // Moving on without labelling, then a reload: the queue resumes where cara was.
  for (let i = 0; i < 12; i++) await page.keyboard.press('j');
  await expect(item).toHaveAttribute('data-target-id', 'rb-0023');
  await expect.poll(async () => (await workbench.call('labels.queue', { schema: 'category', annotator: 'cara', targetSet: library })).resume).toBe(12);
  await page.reload();
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
  await expect(item).toHaveAttribute('data-target-id', 'rb-0023');
  await expect(page.getByTestId('progress-mine')).toHaveText('10 / 45');
  await workbench.screenshot('label-queue');

  // The other ten, from rb-0021 on.
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(item).toHaveAttribute('data-target-id', 'rb-0021');
  for (const [keys] of keyed.slice(10)) await press(page, keys);
  await settled(page);
  await expect(page.getByTestId('progress-mine')).toHaveText('20 / 45');

  // What the corpus holds is what was typed, item by item; the undone label stays in the history.
  const labels = await currentLabels(workbench, 'cara');
  expect([...labels.entries()]).toEqual(keyed.map(([, code], i) => [`rb-${String(11 + i).padStart(4, '0')}`, code]));
  const history = await workbench.call('labels.history', { annotator: 'cara' });
  expect(history.labels.filter((l) => l.retracts !== null)).toHaveLength(1);
  expect(history.labels).toHaveLength(22);

  // Agreement: three annotators now, so Krippendorff's alpha, as the backend computes it.
  const agreement = await workbench.call('labels.agreement', { schema: 'category' });
  await page.getByTestId('labels-tab-agreement').click();
  const overall = page.getByTestId('agreement-overall');
  await expect(overall).toHaveAttribute('data-method', 'alpha');
  await expect(overall).toHaveAttribute('data-items', String(agreement.items));
  await expect(overall).toHaveAttribute('data-coefficient', String(agreement.method === 'alpha' && agreement.alpha));
  await expect(page.getByTestId('agreement-annotators')).toHaveText('ana, ben, cara');
  await expect(page.getByTestId('category-agreement').first()).toBeVisible();
  await workbench.screenshot('label-agreement');

  // Adjudication: the items the three disagree on; one keyed resolution is a new record.
  const disputed = await workbench.call('labels.disagreements', { schema: 'category' });
  await page.getByTestId('labels-tab-adjudicate').click();
  await expect(page.getByTestId('disagreement-row')).toHaveCount(disputed.length);
  const first = disputed[0]!.target.id;
  await expect(page.getByTestId('disagreement')).toHaveAttribute('data-target-id', first);
  await press(page, ['1', '3']);
  await expect(page.getByTestId('adjudication-count')).toHaveAttribute('data-resolved', '1');
  const records = await workbench.call('labels.history', { target: { kind: 'rubric', id: first } });
  expect(records.labels.filter((l) => l.adjudication).map((l) => [l.annotator, l.value])).toEqual([['cara', 'Q02']]);
  expect(records.labels.filter((l) => !l.adjudication).length).toBeGreaterThanOrEqual(2);
  await workbench.screenshot('label-adjudication');
});

test('label queue: a quality audit with reasons by letter, a note, a flag and a skip', async ({ workbench, page }) => {
  await workbench.call('settings.set', { annotator: 'dan' });
  await workbench.open('#/labels?schema=quality_audit&library=quota-24');
  const item = page.getByTestId('queue-item');
  const firstId = (await item.getAttribute('data-target-id'))!;

  // r without reasons waits for them; d and m toggle duplicate and format; Enter commits.
  await page.keyboard.press('r');
  await expect(page.getByTestId('label-typed')).toContainText('press reason letters');
  await page.keyboard.press('n');
  await page.getByTestId('label-note').pressSequentially('same lesson as rb-0013');
  await page.keyboard.press('Enter');
  await press(page, ['d', 'm', 'Enter']);
  await settled(page);
  // a accepts the second item and moves on; f flags the third, s skips it.
  await press(page, ['a', 'f', 's']);
  await settled(page);
  const items = async () =>
    (await workbench.call('labels.queue', { schema: 'quality_audit', annotator: 'dan', targetSet: { kind: 'library', library: 'quota-24' } })).items;
  // Flags and skips are working state, not labels: they are not counted in flight, so the test waits for them.
  await expect.poll(async () => (await items())[2]).toMatchObject({ mine: null, flagged: true, skipped: true });
  const queue = await items();
  expect(queue[0]).toMatchObject({ target: { id: firstId }, mine: { value: 'reject', reasons: ['duplicate', 'format'], note: 'same lesson as rb-0013' } });
  expect(queue[1]).toMatchObject({ mine: { value: 'accept', reasons: [] }, flagged: false });
  await expect(item).toHaveAttribute('data-position', '3');
  await page.keyboard.press('?');
  await expect(page.getByTestId('key-help')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('key-help')).toHaveCount(0);
});
