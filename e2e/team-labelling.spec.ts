import { execFileSync } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { rwbBin } from './paths';

const queueRoute = '#/labels?schema=category&library=whole-rollout-pool';

/** `rwb people add`, as the box's owner runs it: the person's own sign-in link. */
function addPerson(dbPath: string, origin: string, name: string, role = 'auditor'): string {
  return execFileSync(process.execPath, [rwbBin, 'people', 'add', name, '--role', role, '--url', origin, '--db', dbPath], { encoding: 'utf8' }).trim();
}

/** A browser of its own (no storage shared with the other person's) signed in with a link. */
async function signIn(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(link + queueRoute);
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
  return page;
}

/** Labels the queue's next items with the category keys given, one item each, and waits until every save is acknowledged. */
async function label(page: Page, keys: string[]): Promise<void> {
  const item = page.getByTestId('queue-item');
  for (const key of keys) {
    const before = await item.getAttribute('data-target-id');
    await page.keyboard.press(key);
    await expect(item).not.toHaveAttribute('data-target-id', before!);
  }
  await expect(page.getByTestId('queue-progress')).toHaveAttribute('data-in-flight', '0');
}

test('two people in two browsers label the same items as themselves, and Settings → People shows their agreement', async ({ workbench, browser }) => {
  const ann = await signIn(browser, addPerson(workbench.dbPath, workbench.origin, 'ann'));
  const bob = await signIn(browser, addPerson(workbench.dbPath, workbench.origin, 'bob'));
  await expect(ann.getByTestId('status-person')).toHaveAttribute('data-person', 'ann');
  await expect(bob.getByTestId('status-person')).toHaveAttribute('data-person', 'bob');
  await expect(bob.getByTestId('status-person')).toContainText('bob · auditor');
  // An auditor is not offered what the role cannot do.
  await expect(ann.getByTestId('label-import')).toHaveCount(0);
  // Nor, in blind mode, a category filter the server would refuse.
  await expect(ann.getByTestId('label-category-filter')).toBeDisabled();

  // Both start on the same first item; four labels each, the third one different.
  await expect(ann.getByTestId('queue-item')).toHaveAttribute('data-target-id', 'rb-0011');
  await expect(bob.getByTestId('queue-item')).toHaveAttribute('data-target-id', 'rb-0011');
  await Promise.all([label(ann, ['3', '4', '5', '6']), label(bob, ['3', '4', '7', '6'])]);

  const history = await workbench.call('labels.history', { schema: 'category' });
  const made = history.labels.filter((l) => l.annotator === 'ann' || l.annotator === 'bob');
  expect(made.map((l) => `${l.annotator}:${l.target.id}:${String(l.value)}`).sort()).toEqual(
    [
      'ann:rb-0011:C03',
      'ann:rb-0012:C04',
      'ann:rb-0013:C05',
      'ann:rb-0014:C06',
      'bob:rb-0011:C03',
      'bob:rb-0012:C04',
      'bob:rb-0013:C07',
      'bob:rb-0014:C06',
    ].sort(),
  );

  // Kappa on their 4 shared items, from the rows above: observed 3/4, chance 3 × (1/4 × 1/4) = 3/16, so (0.75 − 0.1875) / 0.8125 = 0.692.
  await ann.evaluate(() => (location.hash = '#/settings'));
  const withBob = ann.locator('[data-testid="people-row"][data-person="ann"] [data-testid="people-agreement"][data-with="bob"]');
  await expect(withBob).toContainText('κ with bob 0.69 on 4');
  expect(Number(await withBob.getAttribute('data-kappa'))).toBeCloseTo((0.75 - 3 / 16) / (1 - 3 / 16), 12);
  await ann.getByTestId('people-settings').scrollIntoViewIfNeeded();
  await ann.screenshot({ path: 'e2e/screenshots/team-people.png' });
  // The Libraries screen does not offer her the category filter either.
  await ann.evaluate(() => (location.hash = '#/libraries'));
  await expect(ann.getByTestId('filter-rubric-category')).toBeDisabled();
  await expect(ann.getByTestId('filter-rubric-family')).toBeEnabled();
  await bob.context().close();
  await ann.context().close();
});
