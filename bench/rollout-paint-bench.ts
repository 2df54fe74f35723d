/**
 * Opening a 10,000-step rollout against an empty one, in the same run: the API time of the
 * calls the Rollout screen makes before painting (`rollouts.get`, the first page of `steps.list`), and the time from
 * navigating to the rollout until its first step row is painted in Chromium (for the empty
 * rollout, until its empty step list is). The real renderer build, served by the real serve
 * mode on a corpus generated here; needs `npm run build` first.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCorpus } from '../workers/db/open-corpus';
import { importFile } from '../workers/import/import-file';
import { defaultRendererDir, startServer } from '../workers/serve/server';
import { apiTimer, launchChromium, timeToPaint } from './time-to-paint';
import { target, type Benchmark } from './types';

const bigSteps = 10_000;
const repeats = 12;

function bundleLines(): string[] {
  const lines: object[] = [
    { type: 'benchmark', id: 'paint', discipline: 'ml', role: 'development' },
    { type: 'task', id: 'paint-task', benchmark: 'paint', statement: 'Long agent session' },
    { type: 'rollout', id: 'r-big', task: 'paint-task', grade: 'wrong', score: 0.5 },
    { type: 'rollout', id: 'r-empty', task: 'paint-task' },
  ];
  for (let i = 0; i < bigSteps; i++) {
    const failed = i % 10 === 9;
    lines.push({
      type: 'step',
      rollout: 'r-big',
      index: i,
      command: `python train.py --epoch ${i}`,
      stdout: `epoch ${i} loss ${(1 / (i + 1)).toFixed(4)}\n`,
      stderr: failed ? `Traceback (most recent call last):\n  File "/w/train.py", line 3, in <module>\n    x = df["col${i}"]\nKeyError: 'col${i}'\n` : '',
      exitCode: failed ? 1 : 0,
      durationMs: 1000 + (i % 7) * 100,
    });
  }
  return lines.map((l) => JSON.stringify(l));
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

export const rolloutPaintBench: Benchmark = {
  name: 'rollout-paint',
  description: `opening a ${bigSteps.toLocaleString('en-US')}-step rollout against an empty one: API time and first paint in Chromium`,
  async run(ctx) {
    if (!existsSync(join(defaultRendererDir, 'index.html'))) throw new Error('the renderer is not built: run `npm run build` first');
    const bundle = join(ctx.workDir, 'paint.jsonl');
    writeFileSync(bundle, `${bundleLines().join('\n')}\n`);
    const dbPath = join(ctx.workDir, 'paint.db');
    const db = openCorpus(dbPath);
    await importFile(db, bundle);
    db.close();

    const server = await startServer({ dbPath, port: 0, seedSample: false });
    const browser = await launchChromium();
    try {
      const api = apiTimer(server);
      // What the screen asks before its first paint (the rollout and its first 200 steps), and the rest it loads after.
      const apiMs = { big: [] as number[], empty: [] as number[], bigAllSteps: [] as number[] };
      for (let i = 0; i < repeats; i++) {
        for (const [key, id] of [
          ['big', 'r-big'],
          ['empty', 'r-empty'],
        ] as const) {
          apiMs[key].push((await api('rollouts.get', { id })) + (await api('steps.list', { rollout: id, limit: 200 })));
        }
        apiMs.bigAllSteps.push(await api('steps.list', { rollout: 'r-big' }));
      }
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(server.url);
      await page.waitForSelector('html[data-app-ready="true"]');
      const paintMs = { big: [] as number[], empty: [] as number[] };
      for (let i = 0; i < repeats; i++) {
        paintMs.big.push(await timeToPaint(page, '#/rollouts/r-big', '[data-testid="step-row"]'));
        // The big rollout's remaining rows load after its first paint; that parse must not fall into the next measurement.
        await page.waitForSelector(`.step-list-head:has-text("${bigSteps.toLocaleString('en-US')} ·")`);
        paintMs.empty.push(await timeToPaint(page, '#/rollouts/r-empty', '[data-testid="rollout-screen"] [data-testid="step-list"]'));
      }
      const [apiBig, apiEmpty, paintBig, paintEmpty] = [median(apiMs.big), median(apiMs.empty), median(paintMs.big), median(paintMs.empty)];
      return {
        metrics: [
          { name: `API before first paint, ${bigSteps} steps (median)`, value: apiBig, unit: 'ms' },
          { name: 'API before first paint, empty rollout (median)', value: apiEmpty, unit: 'ms' },
          { name: `API all ${bigSteps} step rows, loaded after the first paint (median)`, value: median(apiMs.bigAllSteps), unit: 'ms' },
          { name: `first paint, ${bigSteps} steps (median)`, value: paintBig, unit: 'ms' },
          { name: 'first paint, empty rollout (median)', value: paintEmpty, unit: 'ms' },
          { name: 'first paint, big / empty', value: paintBig / paintEmpty, unit: 'x' },
        ],
        targets: [target(`first paint of a ${bigSteps}-step rollout (median of ${repeats})`, paintBig, '<=', 300, 'ms')],
        notes: [
          `${repeats} alternating navigations each; first paint runs from the hash change to the first animation frame after the first step row (or the empty step list) exists.`,
          'The API times are HTTP round trips through serve mode to the worker: `rollouts.get` plus `steps.list` of the first 200 steps, as the screen asks before painting; the remaining rows follow in one more call.',
        ],
        details: { apiMs, paintMs },
      };
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
