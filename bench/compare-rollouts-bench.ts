/**
 * Two 10,000-step rollouts of one task from the corpus generator (the same agent loop with
 * different seeds, so they share their program and part often), compared: the alignment in the
 * worker's code, the API calls Compare rollouts makes before painting, and the time from
 * navigating to the screen until its first aligned row is painted in Chromium, in a freshly
 * loaded page each time (nothing cached). Also the worst case: two rollouts of one task that
 * write different programs, which share almost no step. Needs `npm run build` first.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BundleRecord } from '../common/corpus/bundle';
import { headerRecords, syntheticRollout, taskOf } from '../scripts/sample-corpus/synthetic';
import { compareRollouts } from '../workers/compare-rollouts/compare-rollouts-query';
import { openCorpus } from '../workers/db/open-corpus';
import { importFile } from '../workers/import/import-file';
import { defaultRendererDir, startServer } from '../workers/serve/server';
import { median } from './median';
import { apiTimer, launchChromium, timeToPaint } from './time-to-paint';
import { target, type Benchmark } from './types';

const steps = 10_000;
const seed = 1;
const repeats = 7;
const firstRows = 200;

/** The program a generated rollout writes: the path of its first `cat > PATH` step. */
function programPath(records: BundleRecord[]): string | undefined {
  for (const r of records) if (r.type === 'step' && r.command.startsWith('cat > ')) return r.command.split(/\s+/)[2];
  return undefined;
}

/**
 * Generated rollouts of the first rollout's task until two write the same program (the pair)
 * and one writes another (against the first: the worst case).
 */
function pickRollouts(): { records: BundleRecord[]; pair: [string, string]; disjoint: [string, string] | null } {
  const task = taskOf(seed, 0).record.id;
  const records: BundleRecord[] = [...headerRecords()];
  const byPath = new Map<string, string[]>();
  let pair: [string, string] | null = null;
  let disjoint: [string, string] | null = null;
  for (let i = 0; i < 400 && (pair === null || disjoint === null); i++) {
    if (taskOf(seed, i).record.id !== task) continue;
    const rollout = syntheticRollout(seed, i, steps);
    const path = programPath(rollout) ?? '';
    const id = rollout.find((r) => r.type === 'rollout')!.id;
    const same = byPath.get(path) ?? [];
    const other = [...byPath.entries()].find(([p]) => p !== path)?.[1][0];
    const useful = (pair === null && same.length > 0) || (disjoint === null && other !== undefined) || byPath.size === 0;
    if (!useful) continue;
    records.push(...rollout);
    if (pair === null && same.length > 0) pair = [same[0]!, id];
    if (disjoint === null && other !== undefined) disjoint = [other, id];
    byPath.set(path, [...same, id]);
  }
  if (pair === null) throw new Error(`no two generated rollouts of ${task} write the same program`);
  return { records, pair, disjoint };
}

export const compareRolloutsBench: Benchmark = {
  name: 'compare-rollouts',
  description: `two ${steps.toLocaleString('en-US')}-step generated rollouts of one task: alignment in the worker, API and first paint of Compare rollouts`,
  async run(ctx) {
    if (!existsSync(join(defaultRendererDir, 'index.html'))) throw new Error('the renderer is not built: run `npm run build` first');
    const { records, pair, disjoint } = pickRollouts();
    const bundle = join(ctx.workDir, 'compare-rollouts.jsonl');
    writeFileSync(bundle, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const dbPath = join(ctx.workDir, 'compare-rollouts.db');
    const db = openCorpus(dbPath);
    await importFile(db, bundle);

    const alignMs: number[] = [];
    const alignCpuMs: number[] = [];
    const disjointMs: number[] = [];
    let answer = compareRollouts(db, ...pair);
    for (let i = 0; i < repeats; i++) {
      let start = performance.now();
      const cpu = process.cpuUsage();
      answer = compareRollouts(db, ...pair);
      alignMs.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      alignCpuMs.push((used.user + used.system) / 1000);
      if (disjoint) {
        start = performance.now();
        compareRollouts(db, ...disjoint);
        disjointMs.push(performance.now() - start);
      }
    }
    const worst = disjoint ? compareRollouts(db, ...disjoint) : null;
    db.close();

    const server = await startServer({ dbPath, port: 0, seedSample: false });
    const browser = await launchChromium();
    try {
      const api = apiTimer(server);
      const [a, b] = pair;
      // What the screen asks before its first paint: the alignment, then the first page of each side's steps.
      const apiMs: number[] = [];
      for (let i = 0; i < repeats; i++) {
        apiMs.push(
          (await api('rollouts.compare', { a, b })) +
            Math.max(
              await api('steps.list', { rollout: a, offset: 0, limit: firstRows }),
              await api('steps.list', { rollout: b, offset: 0, limit: firstRows }),
            ),
        );
      }
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const route = `#/compare-rollouts?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`;
      const firstRow = '[data-testid="aligned-row"] [data-testid="step-row"]';
      // Once unmeasured with a deadline, so a screen that cannot show the pair fails here instead of waiting for ever.
      await page.goto(`${server.url}${route}`);
      await page.waitForSelector(firstRow, { timeout: 120_000 });
      const paintMs: number[] = [];
      for (let i = 0; i < repeats; i++) {
        // A fresh page each time, so no step page fetched by the last measurement is cached.
        await page.goto(server.url);
        await page.waitForSelector('html[data-app-ready="true"]');
        paintMs.push(await timeToPaint(page, route, firstRow));
      }
      const paint = median(paintMs);
      const metrics = [
        { name: `alignment of the pair, ${answer.rows.length} rows (median, in-process)`, value: median(alignMs), unit: 'ms' },
        { name: 'alignment of the pair, CPU time (median; less sensitive to other load than wall time)', value: median(alignCpuMs), unit: 'ms' },
        { name: 'answer of rollouts.compare', value: JSON.stringify(answer).length / 1e6, unit: 'MB' },
        { name: 'API before first paint: rollouts.compare + first 200 steps of each side (median)', value: median(apiMs), unit: 'ms' },
        { name: 'first paint of Compare rollouts (median)', value: paint, unit: 'ms' },
      ];
      if (worst)
        metrics.push({
          name: `worst case, two different programs: alignment, ${worst.matchedRows} matched rows (median, in-process)`,
          value: median(disjointMs),
          unit: 'ms',
        });
      return {
        metrics,
        targets: [target(`first paint of two ${steps.toLocaleString('en-US')}-step rollouts (median of ${repeats})`, paint, '<=', 500, 'ms')],
        notes: [
          `The pair ${a} and ${b}: ${answer.matchedRows} of ${answer.rows.length} rows aligned, ${answer.differingRows} differ, first divergence at row ${answer.firstDivergence}, ${answer.approximateSplits} splits past the edit limit.`,
          worst && disjoint
            ? `The worst case ${disjoint[0]} and ${disjoint[1]}: ${worst.rows.length} rows, ${worst.matchedRows} aligned, ${worst.approximateSplits} splits past the edit limit.`
            : 'No generated rollout of the task wrote another program, so there is no worst case.',
          'The aligner holds two Int32Arrays of 2 (N + M) + 5 cells and one integer per step; rows hold step positions only, and step rows come a page of 200 at a time as they scroll into view.',
          'First paint runs from the hash change in a freshly loaded page to the first animation frame after the first aligned row shows a step.',
        ],
        details: { alignMs, alignCpuMs, disjointMs, apiMs, paintMs },
      };
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
