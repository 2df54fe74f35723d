/**
 * The Corpus screen's first rows: from navigating to the app's URL (a fresh page, as after a
 * start or a reload) until the first rollout row is painted in Chromium, on corpora of 10,000
 * and 100,000 rollouts generated here, through the real serve mode and renderer build (needs
 * `npm run build` first). `--scale` shrinks both corpora for a quick run.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { openCorpus } from '../workers/db/open-corpus';
import { importFile } from '../workers/import/import-file';
import { defaultRendererDir, startServer } from '../workers/serve/server';
import { median } from './median';
import { pageCpu, pageCpuCategories, type PageCpu } from './page-cpu';
import { launchChromium } from './time-to-paint';
import { target, type Benchmark, type Metric, type Target } from './types';

const loads = 5;
/** Loads traced for the page's own CPU time, apart from the timed ones: a trace costs the page time too. */
const tracedLoads = 3;
/** Loads of a page in one browser profile before its reloads are timed: Chromium keeps a script's compiled code from its third load on. */
const warmingLoads = 2;
/** Corpus sizes and the time their first rows must be painted in. */
const sizes = [
  { rollouts: 10_000, limitMs: 300 },
  { rollouts: 100_000, limitMs: 500 },
];

/** A bundle of `rollouts` rollouts over 40 tasks of 4 benchmarks, one step each, every third failed, so every facet has values. */
function writeBundle(path: string, rollouts: number): void {
  const lines: object[] = [];
  for (let b = 0; b < 4; b++) lines.push({ type: 'benchmark', id: `bench-${b}`, discipline: 'ml', role: 'mining' });
  for (let t = 0; t < 40; t++)
    lines.push({ type: 'task', id: `task-${t}`, benchmark: `bench-${t % 4}`, statement: `Task ${t}`, metric: 'accuracy', higherIsBetter: true });
  lines.push({ type: 'collection', id: 'pool', name: 'Pool', createdAt: '2026-09-01' });
  const grades = ['correct', 'wrong', 'missing', 'invalid'];
  for (let r = 0; r < rollouts; r++) {
    const id = `r-${String(r).padStart(6, '0')}`;
    lines.push({
      type: 'rollout',
      id,
      task: `task-${r % 40}`,
      collection: 'pool',
      agent: `agent-${r % 3}`,
      seed: r % 5,
      grade: grades[r % 4],
      score: (r % 100) / 100,
    });
    const failed = r % 3 === 0;
    lines.push({
      type: 'step',
      rollout: id,
      index: 0,
      command: `python train.py --seed ${r % 5}`,
      stdout: `epoch 1 loss ${(1 / (r + 1)).toFixed(4)}\n`,
      stderr: failed
        ? `Traceback (most recent call last):\n  File "/w/train.py", line 3, in <module>\n    x = df["col${r % 17}"]\nKeyError: 'col${r % 17}'\n`
        : '',
      exitCode: failed ? 1 : 0,
      durationMs: 1000 + (r % 7) * 100,
    });
  }
  writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

/** The user-timing mark the page sets when its first rows are painted, where a trace's measure ends. */
const firstRowsMark = 'rwb:first-rows';

/**
 * Runs in the page before its scripts: records when the first rollout row exists and one more
 * frame has been painted, in ms since navigation started. A string, because the bench runs
 * under tsx, whose helpers a serialised function would reference but the page does not have.
 */
const firstRowsScript = `(() => {
  const check = () => {
    if (document.querySelector('[data-testid="rollout-row"]'))
      requestAnimationFrame(() => { window.__firstRowsMs = performance.now(); performance.mark('${firstRowsMark}'); });
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

/** The page's recorded time, polled: waitForFunction would evaluate a string, which the page's CSP forbids. */
async function recorded(page: Page): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ms = (await page.evaluate('window.__firstRowsMs')) as number | undefined;
    if (ms !== undefined) return ms;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no rollout row was painted within 60 s');
}

/** Where a load's time went, each in ms since navigation start. */
interface LoadTimes {
  firstRows: number;
  /** The page's HTML received. */
  html: number;
  /** The app's script received, and the document parsed (the script runs after that). */
  script: number;
  domContentLoaded: number;
  /** Bytes received over the wire (headers and compressed bodies) for the page and everything it asked for before its first rows. */
  bytes: number;
  /**
   * When each API call the page made before its first rows started and ended, and what serve's
   * `Server-Timing` says of it: `worker` ms waiting on the worker, `prefetch` ms it was asked for before the page's request.
   */
  calls: { name: string; start: number; end: number; server: Record<string, number> }[];
}

/** Runs in the page once its rows are painted: the navigation's and the API calls' timings. */
const timingsScript = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const script = resources.find((r) => r.name.includes('/assets/index-') && r.name.endsWith('.js'));
  const before = resources.filter((r) => r.startTime < window.__firstRowsMs);
  return {
    bytes: before.reduce((sum, r) => sum + r.transferSize, nav.transferSize),
    html: nav.responseEnd,
    script: script ? script.responseEnd : 0,
    domContentLoaded: nav.domContentLoadedEventEnd,
    calls: before
      .filter((r) => r.name.includes('/api/'))
      .map((r) => ({
        name: r.name.slice(r.name.indexOf('/api/') + 5),
        start: r.startTime,
        end: r.responseEnd,
        server: Object.fromEntries(r.serverTiming.map((t) => [t.name, t.duration])),
      })),
  };
})()`;

/** One load of the Corpus screen in a new page of `context`: when its first rollout row was painted, and where the time went. */
async function timedLoad(context: BrowserContext, url: string): Promise<LoadTimes> {
  const page = await context.newPage();
  try {
    await page.addInitScript(firstRowsScript);
    await page.goto(`${url}#/corpus`);
    const first = await recorded(page);
    return { firstRows: first, ...((await page.evaluate(timingsScript)) as Omit<LoadTimes, 'firstRows'>) };
  } finally {
    await page.close();
  }
}

const viewport = { width: 1280, height: 800 };

/**
 * One load of the app in a throwaway profile from a server of its own over a small corpus, so
 * the browser has shown the app once but the measured server, its worker and its corpus are
 * untouched: a new browser's first app page took about 120 ms more than the next ones (428
 * against 291 to 305, and a page without the app before it did not help), a cost of starting the
 * browser that a user opening the link in a running browser does not pay.
 */
async function warmBrowser(browser: Browser, workDir: string): Promise<void> {
  const bundle = join(workDir, 'corpus-paint-warm.jsonl');
  const dbPath = join(workDir, 'corpus-paint-warm.db');
  writeBundle(bundle, 100);
  const db = openCorpus(dbPath);
  await importFile(db, bundle);
  db.close();
  const server = await startServer({ dbPath, port: 0, seedSample: false });
  try {
    await coldLoads(browser, server.url, 1);
  } finally {
    await server.close();
  }
}

/** Each of `count` loads in a fresh browser profile, so nothing is cached: a first visit. */
async function coldLoads(browser: Browser, url: string, count: number): Promise<LoadTimes[]> {
  const times: LoadTimes[] = [];
  for (let i = 0; i < count; i++) {
    const context = await browser.newContext({ viewport });
    try {
      times.push(await timedLoad(context, url));
    } finally {
      await context.close();
    }
  }
  return times;
}

/** `loads` reloads in one browser profile after `warmingLoads`, as a user reloads or restarts: scripts cached, compiled code kept. */
async function warmLoads(browser: Browser, url: string): Promise<LoadTimes[]> {
  const context = await browser.newContext({ viewport });
  try {
    for (let i = 0; i < warmingLoads; i++) await timedLoad(context, url);
    const times: LoadTimes[] = [];
    for (let i = 0; i < loads; i++) times.push(await timedLoad(context, url));
    return times;
  } finally {
    await context.close();
  }
}

/** The page's main-thread CPU until its first rows, in each of `tracedLoads` cold loads. */
async function tracedCpu(browser: Browser, url: string): Promise<PageCpu[]> {
  const cpu: PageCpu[] = [];
  for (let i = 0; i < tracedLoads; i++) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.addInitScript(firstRowsScript);
      await browser.startTracing(page, { categories: pageCpuCategories });
      await page.goto(`${url}#/corpus`);
      await recorded(page);
      cpu.push(pageCpu(await browser.stopTracing(), firstRowsMark));
    } finally {
      await context.close();
    }
  }
  return cpu;
}

export const corpusPaintBench: Benchmark = {
  name: 'corpus-paint',
  description: 'the Corpus screen from navigation to its first painted rows in Chromium, at 10,000 and 100,000 rollouts',
  async run(ctx) {
    if (!existsSync(join(defaultRendererDir, 'index.html'))) throw new Error('the renderer is not built: run `npm run build` first');
    const browser = await launchChromium();
    await warmBrowser(browser, ctx.workDir);
    const metrics: Metric[] = [];
    const targets: Target[] = [];
    const details: Record<string, { cold: LoadTimes[]; warm: LoadTimes[]; cpu: PageCpu[] }> = {};
    try {
      for (const size of sizes) {
        const rollouts = Math.max(100, Math.round(size.rollouts * ctx.scale));
        const bundle = join(ctx.workDir, `corpus-paint-${rollouts}.jsonl`);
        const dbPath = join(ctx.workDir, `corpus-paint-${rollouts}.db`);
        ctx.log(`corpus-paint: importing ${rollouts.toLocaleString('en-US')} rollouts`);
        writeBundle(bundle, rollouts);
        const db = openCorpus(dbPath);
        await importFile(db, bundle);
        db.close();
        const server = await startServer({ dbPath, port: 0, seedSample: false });
        try {
          const loadBefore = loadavg()[0]!;
          const loadTimes = await coldLoads(browser, server.url, loads);
          const loadAfter = loadavg()[0]!;
          const warm = await warmLoads(browser, server.url);
          const cpu = await tracedCpu(browser, server.url);
          details[rollouts] = { cold: loadTimes, warm, cpu };
          const label = `${rollouts.toLocaleString('en-US')} rollouts`;
          const first = loadTimes.map((t) => t.firstRows);
          // A page served with its first rows in it does not ask for them; the others took a prefetched answer or asked the worker.
          const asked = loadTimes.flatMap((t) => t.calls.filter((c) => c.name === 'rollouts.list'));
          const cpuOf = (key: keyof PageCpu) => median(cpu.map((c) => c[key]));
          metrics.push(
            { name: `first rows, ${label} (median of ${loads})`, value: median(first), unit: 'ms' },
            { name: `first rows, ${label} (slowest of ${loads})`, value: Math.max(...first), unit: 'ms' },
            { name: `  machine load (1-minute average) before and after, ${label}`, value: (loadBefore + loadAfter) / 2, unit: 'load' },
            { name: `  page received, ${label} (median)`, value: median(loadTimes.map((t) => t.html)), unit: 'ms' },
            { name: `  app script received, ${label} (median)`, value: median(loadTimes.map((t) => t.script)), unit: 'ms' },
            { name: `  DOMContentLoaded, ${label} (median)`, value: median(loadTimes.map((t) => t.domContentLoaded)), unit: 'ms' },
            { name: `  pages served with their first rows in them, ${label}`, value: loads - asked.length, unit: 'loads' },
            ...(asked.length === 0
              ? []
              : [
                  { name: `  the others' first rows answered, ${label} (median)`, value: median(asked.map((c) => c.end)), unit: 'ms' },
                  {
                    name: `  of them asked for when the page was served, ${label}`,
                    value: asked.filter((c) => c.server.prefetch !== undefined).length,
                    unit: 'loads',
                  },
                ]),
            { name: `  API calls before the first rows, ${label} (median)`, value: median(loadTimes.map((t) => t.calls.length)), unit: 'calls' },
            { name: `  bytes received before the first rows, ${label} (median)`, value: median(loadTimes.map((t) => t.bytes)), unit: 'B' },
            { name: `  page's main-thread CPU before the first rows, ${label} (median of ${tracedLoads} traced)`, value: cpuOf('totalMs'), unit: 'ms' },
            { name: `    of it running script, ${label}`, value: cpuOf('scriptMs'), unit: 'ms' },
            { name: `    style and layout, ${label}`, value: cpuOf('layoutMs'), unit: 'ms' },
            { name: `    paint, ${label}`, value: cpuOf('paintMs'), unit: 'ms' },
            { name: `first rows after a reload, ${label} (median of ${loads})`, value: median(warm.map((t) => t.firstRows)), unit: 'ms' },
          );
          targets.push(target(`Corpus first rows at ${label} (median of ${loads})`, median(first), '<=', size.limitMs, 'ms'));
        } finally {
          await server.close();
        }
      }
    } finally {
      await browser.close();
    }
    return {
      metrics,
      targets,
      notes: [
        `${loads} fresh pages per corpus, each in a new browser profile (nothing cached) and timed from navigation start (the URL with its token, redirected to the session path) to the frame after the first rollout row exists.`,
        `After a reload: ${loads} pages in one profile after ${warmingLoads} loads in it, so the scripts come from the cache and their compiled code is kept.`,
        `Main-thread CPU: the thread time of the page's main thread from a Chromium trace of ${tracedLoads} more cold loads (not timed: tracing slows the page), less sensitive than wall time to the machine's other load.`,
        'Each corpus is served by its own `rwb serve`, its worker warmed only by the loads before; before the first corpus, the browser shows the app once from a server of its own over 100 rollouts, so the first timed load does not pay for starting the browser.',
      ],
      details,
    };
  },
};
