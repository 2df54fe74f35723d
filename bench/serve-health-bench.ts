/**
 * Serve's health under hostile input (issue 33): a real `rwb serve` process, a health probe
 * (`app.info` every 50 ms) alone for a baseline, then beside the shapes of the fuzz test
 * (`workers/serve/hostile-shapes.ts`): long arrays at the 8 MiB body scale, catastrophic
 * patterns, odd names, and imports cancelled beside an export and reads. Targets: the probe's
 * p95 during the shapes <= 250 ms, leaving out the requests whose bodies are megabytes long
 * (reported apart, as the issue asks: serve receives them, and parses them on a thread of
 * their own), and no failed probe.
 *
 * On a copy of the sample corpus; `RWB_HEALTH_CORPUS=imported` uses a copy of the bench's
 * generated corpus at `--scale` instead (the shapes write rules and exports to it).
 * Needs `npm run build` (serve mode serves the renderer build).
 */
import { copyFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureSampleCorpus } from '../workers/core/sample-corpus';
import { healthProbe, latenciesByPhase, summarizeLatencies, type ApiAnswer, type LatencySummary } from '../workers/serve/health-probe';
import { megabyteBodies, sendHostileShapes } from '../workers/serve/hostile-shapes';
import { defaultRendererDir } from '../workers/serve/server';
import { formatNumber } from './report';
import { startServe, type Server } from './serve-client';
import { target, type Benchmark, type BenchContext, type Metric } from './types';

const baselineMs = 5_000;
const targetP95Ms = 250;
const baselinePhase = 'baseline (probe alone)';

async function corpusCopy(ctx: BenchContext): Promise<{ path: string; what: string }> {
  const path = join(ctx.workDir, 'serve-health.db');
  if (process.env.RWB_HEALTH_CORPUS === 'imported') {
    const corpus = await ctx.importedCorpus();
    copyFileSync(corpus.corpusPath, path);
    return { path, what: `the generated corpus (${corpus.rollouts.toLocaleString('en-US')} rollouts, ${corpus.steps.toLocaleString('en-US')} steps)` };
  }
  const template = join(ctx.workDir, 'serve-health-sample.db');
  await ensureSampleCorpus(template);
  copyFileSync(template, path);
  return { path, what: 'the sample corpus' };
}

/** Serve's API and uploads over fetch, answers parsed as the fuzz test parses them. */
function serveApi(server: Server) {
  const answer = async (response: Response): Promise<ApiAnswer> => {
    const text = await response.text();
    try {
      return { status: response.status, json: JSON.parse(text) as unknown };
    } catch {
      return { status: response.status, json: text };
    }
  };
  return {
    post: async (op: string, body: string) =>
      answer(
        await fetch(`${server.origin}/api/${op}`, {
          method: 'POST',
          headers: { 'x-rwb-token': server.token, 'content-type': 'application/json' },
          body,
        }),
      ),
    upload: async (name: string, body: string, folder?: string) => {
      const query = new URLSearchParams({ name, ...(folder ? { folder } : {}) });
      return answer(await fetch(`${server.origin}/upload?${query}`, { method: 'POST', headers: { 'x-rwb-token': server.token }, body }));
    },
  };
}

const ms = (value: number) => formatNumber(value);
const row = (name: string, s: LatencySummary) => [name, String(s.count), ms(s.p50), ms(s.p95), ms(s.max)];

export const serveHealthBench: Benchmark = {
  name: 'serve-health',
  description: 'a health probe (app.info every 50 ms) against rwb serve, alone and beside the hostile shapes of issue 33',
  async run(ctx) {
    if (!existsSync(join(defaultRendererDir, 'index.html'))) throw new Error('the renderer is not built: run `npm run build` first');
    const corpus = await corpusCopy(ctx);
    const server = await startServe(corpus.path);
    try {
      const api = serveApi(server);
      const loadBefore = loadavg()[0]!;
      const probe = healthProbe(api.post);
      probe.phase = baselinePhase;
      await new Promise((resolve) => setTimeout(resolve, baselineMs));
      const wrong = await sendHostileShapes(api, probe);
      const health = await probe.stop();
      const loadAfter = loadavg()[0]!;

      const phases = latenciesByPhase(health);
      const baseline = summarizeLatencies(phases.get(baselinePhase) ?? []);
      const shapes = summarizeLatencies([...phases].flatMap(([phase, list]) => (phase === baselinePhase || phase === megabyteBodies ? [] : list)));
      const megabytes = summarizeLatencies(phases.get(megabyteBodies) ?? []);
      const overall = summarizeLatencies(health.latencies);
      const metrics = (name: string, s: LatencySummary): Metric[] => [
        { name: `${name} p50`, value: s.p50, unit: 'ms' },
        { name: `${name} p95`, value: s.p95, unit: 'ms' },
        { name: `${name} max`, value: s.max, unit: 'ms' },
      ];
      return {
        metrics: [
          { name: 'probes', value: health.latencies.length, unit: '' },
          { name: 'failed probes', value: health.failures.length, unit: '' },
          ...metrics('baseline', baseline),
          ...metrics('during the shapes', shapes),
          ...metrics('during megabyte bodies', megabytes),
          ...metrics('overall', overall),
          { name: 'shapes answered wrongly', value: wrong.length, unit: '' },
          { name: 'machine load average (1 min), before', value: loadBefore, unit: '' },
          { name: 'machine load average (1 min), after', value: loadAfter, unit: '' },
        ],
        tables: [
          {
            title: 'the probe per phase (ms)',
            header: ['phase', 'probes', 'p50', 'p95', 'max'],
            rows: [...[...phases].map(([phase, list]) => row(phase, summarizeLatencies(list))), row('overall', overall)],
            numeric: [false, true, true, true, true],
          },
        ],
        targets: [
          target('failed probes', health.failures.length, '<=', 0, ''),
          target('probe p95 during the shapes (megabyte bodies apart)', shapes.p95, '<=', targetP95Ms, 'ms'),
          target('shapes answered wrongly', wrong.length, '<=', 0, ''),
        ],
        notes: [
          `on ${corpus.what}; the probe waits 50 ms after each answer`,
          `"${megabyteBodies}" is reported apart from the target: serve receives those bodies (up to 8 MiB) and parses them on its body-check thread`,
          `wall times: compare the load averages (${formatNumber(loadBefore)} before, ${formatNumber(loadAfter)} after) with the number of cores`,
          ...health.failures.slice(0, 5).map((f) => `failed probe: ${f}`),
          ...wrong.slice(0, 5).map((w) => `wrong answer: ${w}`),
        ],
      };
    } finally {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
  },
};
