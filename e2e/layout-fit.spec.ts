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
