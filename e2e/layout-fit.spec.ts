import { expect, test } from './fixtures';
import { overflowing } from './overflow';
import { sampleScreens, visit } from './sample-screens';

/** The two window sizes the workbench must fit: a 1280 x 800 laptop and a 1024 x 768 projector. */
const sizes = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
];

for (const size of sizes) {
  test.describe(`at ${size.width} x ${size.height}`, () => {
    test.use({ viewport: size });
    test('every screen fits: nothing cut off without a scroll bar, nothing sticking out of its container', async ({ workbench, page }) => {
      // A dozen screens loaded one after another on one server: a bound on a hang, not a wait.
      test.setTimeout(300_000);
      const screens = await sampleScreens(workbench);
      await workbench.open('');
      const problems: string[] = [];
      for (const screen of screens) {
        await visit(page, screen);
        await workbench.screenshot(`fit-${size.width}-${screen.name}`);
        problems.push(...(await overflowing(page)).map((p) => `${screen.name}: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  });
}

test('a confusion matrix over the whole taxonomy scrolls inside its half of the Agreement view at 1024 x 768', async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await workbench.call('settings.set', { annotator: 'ana' });
  const taxonomy = await workbench.call('taxonomy.get', {});
  const codes = taxonomy.categories.map((c) => c.code);
  const queue = await workbench.call('labels.queue', { schema: 'category', annotator: 'ana', targetSet: { kind: 'filter' }, blind: false });
  const open = queue.items.filter((item) => item.mine === null).slice(0, codes.length);
  expect(open.length, 'the sample corpus has a rubric per category without ana’s label').toBe(codes.length);
  // ana and ben each use every category once, so the matrix has a row and a column for each.
  for (const [i, item] of open.entries()) {
    for (const [annotator, value] of [
      ['ana', codes[i]!],
      ['ben', codes[(i + 1) % codes.length]!],
    ] as const) {
      await workbench.call('labels.add', { annotator, schema: 'category', target: item.target, value, reasons: [], note: '' });
    }
  }
  await workbench.open('#/labels/agreement?schema=category');
  const matrix = page.getByTestId('confusion-matrix');
  await expect(matrix.locator('thead th.mono')).toHaveCount(codes.length);
  const region = page.getByRole('region', { name: 'Confusion matrix' });
  const [scrollWidth, clientWidth] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  expect((await region.boundingBox())!.x + clientWidth).toBeLessThanOrEqual(1024);
  // The last category's column is reached by scrolling the matrix itself.
  const last = matrix.locator('thead th.mono').last();
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(last).toBeInViewport();
  expect(await overflowing(page)).toEqual([]);
  await workbench.screenshot('agreement-whole-taxonomy-1024');
});
