/**
 * Fifty people using serve mode at once: a real `rwb serve` process on the generated corpus,
 * 50 clients each looping over a mix of the Corpus, Rollout, Libraries and Labels screens'
 * reads plus label writes for 30 s, pausing 0.5 to 1.5 s between requests as a person does, and
 * a lone health request (`app.info`) every 2 s beside them. Targets: no errors, p95 <= 250 ms,
 * every health request answered within 250 ms. Needs `npm run build` (serve mode serves the
 * renderer build).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'node:http';
import { failureKinds } from '../common/corpus/bundle';
import { rolloutSortKeys } from '../common/corpus/rollout-list';
import { defaultRendererDir } from '../workers/serve/server';
import { formatNumber } from './report';
import { percentile, post, startServe, timeoutMs, type Server } from './serve-client';
import { target, type Benchmark } from './types';

const clients = 50;
const durationMs = 30_000;
const healthEveryMs = 2_000;
const thinkMs = [500, 1500] as const;
/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number): number | null {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The ids of a process's children (Linux); the serve process has one, its worker. */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds of the serve process and of its worker, so the load's cost can be judged apart from the machine's other work. */
function serveCpu(server: Server): { serve: number | null; worker: number | null } {
  const pid = server.child.pid!;
  const worker = childPids(pid)[0];
  return { serve: cpuSeconds(pid), worker: worker === undefined ? null : cpuSeconds(worker) };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export const loadBench: Benchmark = {
  name: 'load',
  description: `${clients} clients for ${durationMs / 1000} s of mixed screen reads and label writes against rwb serve`,
  async run(ctx) {
    if (!existsSync(join(defaultRendererDir, 'index.html'))) throw new Error('the renderer is not built: run `npm run build` first');
    const corpus = await ctx.importedCorpus();
    const server = await startServe(corpus.corpusPath);
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    const healthAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const call = (op: string, body: unknown) => post(server, agent, op, body);
      const get = async <T>(op: string, body: unknown): Promise<T> => {
        const outcome = await post(server, agent, op, body);
        if (!outcome.ok) throw new Error(`${op}: ${outcome.error}`);
        return outcome.value as T;
      };
      const facets = await get<{ agents: { value: string }[]; exceptions: { value: string }[] }>('corpus.facets', {});
      const total = (await get<{ total: number }>('rollouts.list', { limit: 1 })).total;
      const sample = await get<{ rows: { id: string }[] }>('rollouts.list', { offset: Math.floor(total / 3), limit: 200 });
      const rollouts = sample.rows.map((r) => r.id);
      const rubrics = (await get<{ rows: { id: string }[] }>('rubrics.list', { limit: 200 })).rows.map((r) => r.id);
      const libraries = (await get<{ id: string }[]>('libraries.list', {})).map((l) => l.id);

      const mix: [number, string, () => unknown][] = [
        [
          30,
          'rollouts.list',
          () => ({ sort: pick(rolloutSortKeys), direction: pick(['asc', 'desc']), offset: Math.floor((Math.random() * total) / 200) * 200, limit: 200 }),
        ],
        [
          10,
          'rollouts.list (filtered)',
          () => pick([{ kind: pick(failureKinds) }, { agent: pick(facets.agents).value }, { exception: pick(facets.exceptions).value }, { grade: 'wrong' }]),
        ],
        [10, 'rollouts.get', () => ({ id: pick(rollouts) })],
        [10, 'steps.list', () => ({ rollout: pick(rollouts), limit: 200 })],
        [8, 'steps.get', () => ({ rollout: pick(rollouts), index: Math.floor(Math.random() * 10) })],
        [5, 'failures.list', () => ({ rollout: pick(rollouts) })],
        [5, 'search.query', () => ({ query: pick(['KeyError', 'CUDA out of memory', 'ModuleNotFoundError']), limit: 50 })],
        [4, 'corpus.facets', () => ({})],
        [3, 'corpus.stats', () => ({})],
        [5, 'retrieval.run', () => ({ library: pick(libraries), rollout: pick(rollouts) })],
        [
          10,
          'labels.add',
          () => ({
            annotator: `user-${Math.floor(Math.random() * clients)}`,
            schema: 'quality_audit',
            target: { kind: 'rubric', id: pick(rubrics) },
            value: 'accept',
          }),
        ],
      ];
      const weight = mix.reduce((sum, [w]) => sum + w, 0);
      const choose = () => {
        let r = Math.random() * weight;
        for (const entry of mix) if ((r -= entry[0]) < 0) return entry;
        return mix[0]!;
      };

      const results = new Map<string, number[]>();
      const errors: string[] = [];
      const health: number[] = [];
      const end = performance.now() + durationMs;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const client = async () => {
        await sleep(Math.random() * thinkMs[1]);
        while (performance.now() < end) {
          const [, label, params] = choose();
          const op = label.split(' ')[0]!;
          const outcome = await call(op, params());
          (results.get(label) ?? results.set(label, []).get(label)!).push(outcome.ms);
          if (!outcome.ok) errors.push(`${label}: ${outcome.error}`);
          await sleep(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]));
        }
      };
      const healthLoop = async () => {
        while (performance.now() < end) {
          await sleep(healthEveryMs);
          const outcome = await post(server, healthAgent, 'app.info', {});
          health.push(outcome.ms);
          if (!outcome.ok) errors.push(`health: ${outcome.error}`);
        }
      };
      ctx.log(`load: ${clients} clients for ${durationMs / 1000} s`);
      const cpuBefore = serveCpu(server);
      const loadBefore = loadavg()[0]!;
      await Promise.all([...Array.from({ length: clients }, client), healthLoop()]);
      const cpuAfter = serveCpu(server);
      const loadAfter = loadavg()[0]!;
      const used = (key: 'serve' | 'worker') => (cpuBefore[key] === null || cpuAfter[key] === null ? NaN : cpuAfter[key]! - cpuBefore[key]!);

      const all = [...results.values()].flat().sort((a, b) => a - b);
      const healthSorted = [...health].sort((a, b) => a - b);
      const rows = [...results].map(([label, ms]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        return [label, String(ms.length), formatNumber(percentile(sorted, 0.5)), formatNumber(percentile(sorted, 0.95)), formatNumber(sorted.at(-1)!)];
      });
      return {
        metrics: [
          { name: 'requests', value: all.length, unit: '' },
          { name: 'requests per second', value: all.length / (durationMs / 1000), unit: '/s' },
          { name: 'p50', value: percentile(all, 0.5), unit: 'ms' },
          { name: 'p95', value: percentile(all, 0.95), unit: 'ms' },
          { name: 'max', value: all.at(-1) ?? NaN, unit: 'ms' },
          { name: 'health requests', value: health.length, unit: '' },
          { name: 'health p50', value: percentile(healthSorted, 0.5), unit: 'ms' },
          { name: 'worker CPU time', value: used('worker'), unit: 's' },
          { name: 'serve process CPU time', value: used('serve'), unit: 's' },
          { name: 'worker CPU per request', value: (used('worker') * 1000) / (all.length + health.length), unit: 'ms' },
          { name: 'serve process CPU per request', value: (used('serve') * 1000) / (all.length + health.length), unit: 'ms' },
          { name: 'machine load average (1 min), before', value: loadBefore, unit: '' },
          { name: 'machine load average (1 min), after', value: loadAfter, unit: '' },
        ],
        tables: [{ title: 'per request (ms)', header: ['request', 'n', 'p50', 'p95', 'max'], rows, numeric: [false, true, true, true, true] }],
        targets: [
          target('errors', errors.length, '<=', 0, ''),
          target('p95 of every request', percentile(all, 0.95), '<=', 250, 'ms'),
          target('slowest health request', healthSorted.at(-1) ?? NaN, '<=', 250, 'ms'),
        ],
        notes: [
          `each client waits ${thinkMs[0]}-${thinkMs[1]} ms between requests; a request times out after ${timeoutMs / 1000} s (an error)`,
          'CPU time of the serve process and its worker during the load (from /proc): the work the requests cost, which other load on the machine does not inflate as it does wall time; the worker answers reads one at a time, so 1000 / (worker CPU per request) is the requests per second it can serve with a core to itself',
          ...errors.slice(0, 5).map((e) => `error: ${e}`),
        ],
      };
    } finally {
      agent.destroy();
      healthAgent.destroy();
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
  },
};
