import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screenshotDir } from './paths';

/** A browser of its own signed in with a person's link, on Settings. */
async function signIn(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${link}#/settings`);
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
  return page;
}

async function peopleShot(page: Page, name: string): Promise<void> {
  await page.getByTestId('people-settings').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshotDir}/${name}.png` });
}

test('an admin adds a person in Settings → People, copies their link, changes their role and revokes it; an auditor sees no such controls', async ({
  workbench,
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await workbench.open('#/settings');
  await page.getByTestId('people-add-name').fill('cara');
  await page.getByTestId('people-add-role').selectOption('auditor');
  await page.getByTestId('people-add-submit').click();
  const link = await page.getByTestId('people-link').inputValue();
  expect(link).toMatch(new RegExp(`^${workbench.origin}/\\?token=[A-Za-z0-9_-]{20,}$`));
  const cara = page.locator('[data-testid="people-row"][data-person="cara"]');
  await expect(cara).toContainText('own link');
  await peopleShot(page, 'team-people-admin');

  // Cara signs in with the link: the status bar and the palette say who she is, and she is offered no management.
  const caraPage = await signIn(browser, link);
  await expect(caraPage.getByTestId('status-person')).toContainText('cara · auditor');
  await caraPage.keyboard.press('Control+K');
  await expect(caraPage.getByTestId('palette-person')).toHaveAttribute('data-person', 'cara');
  await caraPage.keyboard.press('Escape');
  await expect(caraPage.locator('[data-testid="people-row"][data-person="cara"]')).toBeVisible();
  await expect(caraPage.getByTestId('people-add')).toHaveCount(0);
  await expect(caraPage.getByTestId('people-role')).toHaveCount(0);
  await expect(caraPage.getByTestId('people-revoke')).toHaveCount(0);
  await peopleShot(caraPage, 'team-people-auditor');

  // A new role counts from her next request, with the same link.
  await cara.getByTestId('people-role').selectOption('researcher');
  await expect(cara.getByTestId('people-role')).toHaveValue('researcher');
  await caraPage.reload();
  await expect(caraPage.getByTestId('status-person')).toContainText('cara · researcher');

  // The only admin cannot make themself an auditor: the refusal says why, beside the row.
  const owner = page.locator('[data-testid="people-row"]').filter({ has: page.locator('[data-testid="people-role"] option:checked', { hasText: 'admin' }) });
  await owner.getByTestId('people-role').selectOption('auditor');
  await expect(owner.getByTestId('people-row-error')).toContainText('is the only admin');
  await expect(owner.getByTestId('people-role')).toHaveValue('admin');

  await cara.getByTestId('people-revoke').click();
  await page.getByTestId('people-revoke-dialog-confirm').click();
  await expect(cara).toContainText('revoked');
  const token = new URL(link).searchParams.get('token')!;
  const refused = await request.post(`${workbench.origin}/api/settings.get`, { data: {}, headers: { 'x-rwb-token': token } });
  expect(refused.status()).toBe(403);
  await caraPage.context().close();
});

test("each person's density is their own: compact for one leaves the other's window as it was", async ({ workbench, page, browser }) => {
  const { token } = await workbench.call('people.add', { name: 'dana', role: 'auditor' });
  const dana = await signIn(browser, `${workbench.origin}/?token=${token}`);
  await dana.getByTestId('settings-density-compact').click();
  await expect(dana.getByTestId('settings-density-compact')).toBeChecked();
  await expect(dana.locator('html')).toHaveAttribute('data-density', 'compact');
  const row = (p: Page) => p.locator('[data-testid="people-row"][data-person="dana"]');
  const compactHeight = (await row(dana).boundingBox())!.height;
  await dana.screenshot({ path: `${screenshotDir}/team-density-compact.png` });

  await workbench.open('#/settings');
  await expect(page.locator('html')).toHaveAttribute('data-density', 'comfortable');
  await expect(page.getByTestId('settings-density-comfortable')).toBeChecked();
  expect((await row(page).boundingBox())!.height).toBeGreaterThan(compactHeight);
  await dana.reload();
  await expect(dana.locator('html')).toHaveAttribute('data-density', 'compact');
  // The virtualised tables follow: rows drawn and placed 26 px apart in compact, 32 in comfortable.
  for (const [p, height] of [
    [dana, 26],
    [page, 32],
  ] as const) {
    for (const [hash, testId] of [
      ['#/libraries', 'rubric-row'],
      ['#/corpus', 'rollout-row'],
    ] as const) {
      await p.evaluate((to) => (location.hash = to), hash);
      const rows = p.getByTestId(testId);
      await expect(rows.nth(1)).toBeVisible();
      const first = (await rows.nth(0).boundingBox())!;
      const second = (await rows.nth(1).boundingBox())!;
      expect(first.height, `${testId} in ${height} px rows`).toBeCloseTo(height, 0);
      expect(second.y - first.y, `${testId} spacing`).toBeCloseTo(height, 0);
    }
  }
  await dana.screenshot({ path: `${screenshotDir}/team-density-compact-corpus.png` });
  await dana.context().close();
});
