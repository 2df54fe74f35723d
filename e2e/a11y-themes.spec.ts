import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type Workbench } from './fixtures';
import { overflowing } from './overflow';
import { sampleScreens, visit, type Screen } from './sample-screens';

/** Every screen at 1280 x 800 (layout-fit.spec.ts checks 1024 x 768 too). */
test.use({ viewport: { width: 1280, height: 800 } });

/** The WCAG 2.1 A and AA rules. */
const allRules = (axe: AxeBuilder) => axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
/**
 * The rules whose outcome depends on colour. A theme changes only colours (every one is a CSS
 * variable), so in the second theme the structural rules would repeat the first theme's verdicts.
 */
const colourRules = (axe: AxeBuilder) => axe.withRules(['color-contrast', 'link-in-text-block']);

/** Axe's serious and critical findings, each as one line naming the rule and the elements. */
async function seriousViolations(page: Page, rules: (axe: AxeBuilder) => AxeBuilder): Promise<string[]> {
  const result = await rules(new AxeBuilder({ page }))
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}; ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`).join(' | ')}`,
    );
}

/** Checks one theme of what is on show: axe's findings, anything cut off or sticking out, and a screenshot. */
async function checkTheme(page: Page, workbench: Workbench, shown: string, theme: 'light' | 'dark', rules: (axe: AxeBuilder) => AxeBuilder): Promise<string[]> {
  // The corpus's setting is "system", so the window follows the emulated system preference.
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await workbench.screenshot(`theme-${theme}-${shown}`);
  return [...(await seriousViolations(page, rules)), ...(await overflowing(page))].map((p) => `${theme} ${shown}: ${p}`);
}

/** Both themes of what is on show: every rule in the light theme, the colour rules in the dark one. */
async function checkThemes(page: Page, workbench: Workbench, shown: string): Promise<string[]> {
  return [...(await checkTheme(page, workbench, shown, 'light', allRules)), ...(await checkTheme(page, workbench, shown, 'dark', colourRules))];
}

/**
 * The command palette over a screen, open and then showing no match: it is one component on
 * every screen, so it is checked over the first screen of each sweep.
 */
async function checkPalette(page: Page, workbench: Workbench, screen: Screen): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('command-query')).toBeFocused();
  const open = await checkThemes(page, workbench, `${screen.name}-palette`);
  await page.keyboard.type('no such command zq');
  await expect(page.getByTestId('command-none')).toBeVisible();
  const none = await checkThemes(page, workbench, `${screen.name}-palette-no-match`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
  return [...open, ...none];
}

// Two halves of the screens of every route (sample-screens.ts), so the two sweeps run side by
// side. Each screen is loaded once and checked in both themes.
for (const half of [0, 1]) {
  test(`${half === 0 ? 'first' : 'second'} half of the screens, in both themes and under the palette: no serious or critical axe violation, nothing cut off`, async ({
    workbench,
    page,
  }) => {
    // Six screens on one server, each loaded, checked by axe twice and photographed twice: a
    // bound on a hang, not a wait. Axe alone took 20 to 70 s a screen on the 2-core machine under a load of 30.
    test.setTimeout(900_000);
    const all = await sampleScreens(workbench);
    const middle = Math.ceil(all.length / 2);
    const screens = half === 0 ? all.slice(0, middle) : all.slice(middle);
    await page.emulateMedia({ colorScheme: 'light' });
    await workbench.open('');
    const problems: string[] = [];
    for (const screen of screens) {
      await visit(page, screen);
      problems.push(...(await checkThemes(page, workbench, screen.name)));
      if (screen === screens[0]) problems.push(...(await checkPalette(page, workbench, screen)));
    }
    expect(problems).toEqual([]);
  });
}

test('the theme chosen in Settings overrides the system, is kept in the corpus and follows the system again on System', async ({ workbench, page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await workbench.open('#/settings');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByTestId('settings-theme-system')).toBeChecked();

  await page.getByTestId('settings-theme-dark').click();
  await expect(page.getByTestId('settings-theme-dark')).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => (await workbench.call('settings.get', {})).theme).toBe('dark');
  // A new page (serve mode's origin changes every start, so nothing is in the browser) still shows dark.
  await page.reload();
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByTestId('settings-theme-system').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a corpus set to Dark shows dark from the first paint, before the app has run, on a light system', async ({ workbench, page }) => {
  await workbench.call('settings.set', { theme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  // Without the app's scripts nothing but the page itself can choose the theme.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(workbench.url);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = background.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!, `body background ${background}`).toBeLessThan(200);

  // The app, once it runs, keeps the same theme rather than switching to the system's first.
  await page.unroute('**/assets/*.js');
  const themes: string[] = [];
  await page.exposeFunction('recordTheme', (theme: string) => themes.push(theme));
  await page.addInitScript(() => {
    new MutationObserver(() => (window as unknown as { recordTheme(t: string): void }).recordTheme(document.documentElement.dataset.theme ?? '')).observe(
      document.documentElement,
      { attributes: true, attributeFilter: ['data-theme'] },
    );
  });
  await workbench.open('');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(themes.filter((t) => t !== 'dark')).toEqual([]);
});
