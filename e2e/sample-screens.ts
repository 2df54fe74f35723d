import type { Page } from '@playwright/test';
import type { Route } from '../renderer/src/router/route';
import { expect, type Workbench } from './fixtures';

/** One address of a screen, with what shows once it has its data. */
export interface Screen {
  name: string;
  route: string;
  /** What shows once the screen has its data (beyond the app's ready mark and no loading state). */
  loaded(page: Page): Promise<void>;
  /** Opens what the screen hides until asked (a form's extra controls), so the checks see it too. */
  expand?(page: Page): Promise<void>;
}

/** Ids of the sample corpus the screens are shown with. */
interface SampleIds {
  rollout: string;
  /** Another run of the rollout's task. */
  sibling: string;
  failedStep: number;
  library: string;
  rubric: string;
  program: { path: string };
  attempt: number;
}

const visible = (testId: string) => async (page: Page) => expect(page.getByTestId(testId)).toBeVisible();
// The Labels views share one screen element, so each waits for its own view.
const labelsView = (view: string) => async (page: Page) => expect(page.getByTestId('labels-screen')).toHaveAttribute('data-view', view);

/**
 * The screens of every route the router knows, keyed by route name: a route added to
 * `renderer/src/router/route.ts` fails the type check here until it has its screens, so the
 * sweeps that read this list cover it.
 */
const screensOfRoute: { [K in Route['name']]: (ids: SampleIds) => Screen[] } = {
  corpus: () => [{ name: 'corpus', route: '#/corpus', loaded: visible('corpus-screen') }],
  rollout: (ids) => [{ name: 'rollout', route: `#/rollouts/${ids.rollout}?step=${ids.failedStep}`, loaded: visible('rollout-screen') }],
  libraries: (ids) => [{ name: 'libraries', route: `#/libraries/${encodeURIComponent(ids.library)}`, loaded: visible('mix-chart') }],
  rubric: (ids) => [{ name: 'rubric', route: `#/rubrics/${encodeURIComponent(ids.rubric)}`, loaded: visible('rubric-screen') }],
  compare: (ids) => [
    {
      name: 'compare',
      route: `#/compare?a=${ids.rollout}:${encodeURIComponent(ids.program.path)}:0`,
      loaded: async (page) => expect(page.getByTestId('compare-diff')).toHaveAttribute('data-ready', 'true'),
    },
  ],
  'compare-rollouts': (ids) => [
    { name: 'compare-rollouts', route: `#/compare-rollouts?a=${ids.rollout}&b=${ids.sibling}`, loaded: visible('first-divergence') },
  ],
  labels: (ids) => [
    { name: 'labels-queue', route: `#/labels?schema=category&library=${encodeURIComponent(ids.library)}`, loaded: labelsView('queue') },
    { name: 'labels-agreement', route: '#/labels/agreement?schema=category', loaded: labelsView('agreement') },
    { name: 'labels-adjudicate', route: '#/labels/adjudicate?schema=category', loaded: labelsView('adjudicate') },
    { name: 'labels-audit', route: `#/labels/audit?rollout=${ids.rollout}`, loaded: labelsView('audit') },
  ],
  runs: (ids) => [{ name: 'runs', route: `#/runs/exp-1?attempt=${ids.attempt}`, loaded: visible('runs-screen') }],
  pipeline: () => [{ name: 'pipeline', route: '#/pipeline', loaded: visible('pipeline-screen') }],
  settings: () => [
    {
      name: 'settings',
      route: '#/settings',
      // People fills its table once the team has loaded; serve mode's first admin is always on it.
      loaded: async (page) => expect(page.getByTestId('people-row').first()).toBeVisible(),
      // The taxonomy's split and merge controls, the ones that used to stick out of the card.
      expand: async (page) => {
        await page.locator('.taxonomy-item').first().click();
        await expect(page.getByLabel('Merge into')).toBeVisible();
      },
    },
  ],
};

/** Every screen of every route (and each Labels view), with ids from the sample corpus. */
export async function sampleScreens(workbench: Workbench): Promise<Screen[]> {
  const rollout = 'r-0101';
  // The Labels screens ask who labels before anything else.
  await workbench.call('settings.set', { annotator: 'ana' });
  const failures = await workbench.call('failures.list', { rollout });
  const libraries = await workbench.call('libraries.list', {});
  const library = libraries[0]!.id;
  const rubrics = await workbench.call('rubrics.list', { library, limit: 1 });
  const programs = (await workbench.call('rollouts.get', { id: rollout })).programs;
  const experiment = await workbench.call('experiments.get', { id: 'exp-1' });
  const { taskId } = await workbench.call('rollouts.get', { id: rollout });
  const runsOfTask = await workbench.call('rollouts.list', { task: taskId, limit: 2 });
  const ids: SampleIds = {
    rollout,
    sibling: runsOfTask.rows.find((r) => r.id !== rollout)!.id,
    failedStep: failures.find((f) => f.step !== null)?.step ?? 0,
    library,
    rubric: rubrics.rows[0]!.id,
    program: programs.find((p) => p.version === 1) ?? programs[0]!,
    attempt: experiment.attempts[0]!.id,
  };
  return Object.values(screensOfRoute).flatMap((screens) => screens(ids));
}

/** Moves the open app to a screen by its hash, as a link does, and waits for its data. */
export async function visit(page: Page, screen: Screen): Promise<void> {
  await page.evaluate((hash) => {
    location.hash = hash;
  }, screen.route);
  await screen.loaded(page);
  await expect(page.locator('.loading-state')).toHaveCount(0);
  await screen.expand?.(page);
}
