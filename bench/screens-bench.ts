/**
 * Every read a screen issues, timed through the Core (validation and handler included, as
 * serve mode and the desktop app call it) on the generated corpus: p50 and p95 of each read
 * over realistic parameters (first, middle and last pages, every sort in both directions,
 * every filter). Target: p95 <= 100 ms for each read.
 */
import { failureKinds } from '../common/corpus/bundle';
import type { OperationName, RequestOf } from '../common/contract';
import { rolloutSortKeys } from '../common/corpus/rollout-list';
import { Core } from '../workers/core/core';
import { formatNumber } from './report';
import { target, type Benchmark } from './types';

/** Timed calls of each variant; the first call of a variant warms it and is not counted. */
const repeats = 5;
const limitMs = 100;

interface Variant {
  read: string;
  label: string;
  call(): Promise<unknown>;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** The reads and their parameters, picked from the corpus the way a user's clicks would pick them. */
async function variants(core: Core): Promise<Variant[]> {
  const list: Variant[] = [];
  const add = <K extends OperationName>(read: string, label: string, name: K, request: RequestOf<K>) =>
    list.push({ read, label, call: () => core.invoke(name, request) });

  const facets = await core.invoke('corpus.facets', {});
  const total = (await core.invoke('rollouts.list', { limit: 1 })).total;
  const pages = { first: 0, middle: Math.floor(total / 2 / 200) * 200, last: Math.max(0, Math.floor((total - 1) / 200) * 200) };
  add('corpus.stats', 'corpus.stats', 'corpus.stats', {});
  add('corpus.facets', 'corpus.facets', 'corpus.facets', {});
  for (const sort of rolloutSortKeys) {
    for (const direction of ['asc', 'desc'] as const) {
      for (const [page, offset] of Object.entries(pages)) {
        add('rollouts.list (sorted)', `${sort} ${direction} ${page}`, 'rollouts.list', { sort, direction, offset, limit: 200 });
      }
    }
  }
  const filters: Record<string, unknown>[] = [
    ...facets.benchmarks.slice(0, 2).map((b) => ({ benchmark: b.value })),
    ...facets.collections.slice(0, 2).map((c) => ({ collection: c.value })),
    ...facets.grades.map((g) => ({ grade: g.value })),
    ...facets.agents.slice(0, 2).map((a) => ({ agent: a.value })),
    ...facets.tasks.slice(0, 2).map((t) => ({ task: t.value })),
    ...facets.exceptions.slice(0, 3).map((e) => ({ exception: e.value })),
    ...failureKinds.map((kind) => ({ kind })),
    { grade: 'wrong', kind: 'crash', agent: facets.agents[0]?.value },
  ];
  for (const filter of filters) {
    const count = (await core.invoke('rollouts.list', { ...filter, limit: 1 } as RequestOf<'rollouts.list'>)).total;
    const last = Math.max(0, Math.floor((count - 1) / 200) * 200);
    for (const [sort, direction, offset] of [
      ['rollout', 'asc', 0],
      ['score', 'desc', last],
      ['failures', 'desc', 0],
      ['duration', 'asc', last],
    ] as const) {
      add('rollouts.list (filtered)', `${JSON.stringify(filter)} ${sort} ${direction} @${offset}`, 'rollouts.list', {
        ...filter,
        sort,
        direction,
        offset,
        limit: 200,
      } as RequestOf<'rollouts.list'>);
    }
  }

  const middle = (await core.invoke('rollouts.list', { sort: 'failures', direction: 'desc', offset: Math.floor(total / 4), limit: 1 })).rows[0]!;
  const ids = [
    (await core.invoke('rollouts.list', { limit: 1 })).rows[0]!.id,
    middle.id,
    (await core.invoke('rollouts.list', { offset: pages.last, limit: 1 })).rows[0]!.id,
  ];
  const libraries = await core.invoke('libraries.list', {});
  for (const id of ids) {
    const detail = await core.invoke('rollouts.get', { id });
    const failures = await core.invoke('failures.list', { rollout: id });
    const step = failures.find((f) => f.step !== null)?.step ?? 0;
    add('rollouts.get', id, 'rollouts.get', { id });
    add('steps.list', id, 'steps.list', { rollout: id, offset: 0, limit: 200 });
    add('steps.get', `${id} #${step}`, 'steps.get', { rollout: id, index: step });
    add('failures.list', id, 'failures.list', { rollout: id });
    const program = detail.programs.at(-1);
    if (program) add('programs.get', `${id} ${program.path}@${program.version}`, 'programs.get', { rollout: id, path: program.path, version: program.version });
    for (const library of libraries) {
      add('retrieval.run', `${library.id} ${id}`, 'retrieval.run', { library: library.id, rollout: id });
      add('retrieval.run', `${library.id} ${id} #${step}`, 'retrieval.run', { library: library.id, rollout: id, step });
    }
  }
  for (const query of ['KeyError', 'CUDA out of memory', 'ModuleNotFoundError: No module named']) {
    add('search.query', query, 'search.query', { query, limit: 50 });
    add('search.query', `${query} (grade wrong)`, 'search.query', { query, grade: 'wrong', limit: 50 });
  }
  add('libraries.list', 'libraries.list', 'libraries.list', {});
  for (const library of libraries) {
    add('rubrics.list', library.id, 'rubrics.list', { library: library.id });
    add('libraries.mix', library.id, 'libraries.mix', { library: library.id });
    add('labels.queue', library.id, 'labels.queue', { schema: 'quality_audit', annotator: 'bench', targetSet: { kind: 'library', library: library.id } });
  }
  const rubric = (await core.invoke('rubrics.list', {})).rows[0];
  if (rubric) {
    add('labels.evidence', rubric.id, 'labels.evidence', { schema: 'quality_audit', annotator: 'bench', target: { kind: 'rubric', id: rubric.id } });
    add('rubrics.get', rubric.id, 'rubrics.get', { id: rubric.id });
  }
  add('labels.queue', 'category sample', 'labels.queue', { schema: 'category', annotator: 'bench', targetSet: { kind: 'sample', perCategory: 5, seed: 1 } });
  add('labels.agreement', 'quality_audit', 'labels.agreement', { schema: 'quality_audit' });
  add('experiments.list', 'experiments.list', 'experiments.list', {});
  for (const e of (await core.invoke('experiments.list', {})).slice(0, 2)) add('experiments.get', e.id, 'experiments.get', { id: e.id });
  add('pipeline.list', 'pipeline.list', 'pipeline.list', {});
  add('ledger.list', 'ledger.list', 'ledger.list', {});
  return list;
}

export const screensBench: Benchmark = {
  name: 'screens',
  description: 'every read a screen issues, on the generated corpus: p50/p95 over first/middle/last pages, every sort and filter',
  async run(ctx) {
    const corpus = await ctx.importedCorpus();
    const core = new Core({ dbPath: corpus.corpusPath, shell: 'cli' });
    try {
      const all = await variants(core);
      ctx.log(`screens: ${all.length} read variants x ${repeats}`);
      const times = new Map<string, { ms: number[]; cpu: number[]; worst: { label: string; ms: number } }>();
      for (const variant of all) {
        await variant.call();
        for (let i = 0; i < repeats; i++) {
          const cpuStart = process.cpuUsage();
          const start = performance.now();
          await variant.call();
          const ms = performance.now() - start;
          const cpu = process.cpuUsage(cpuStart);
          const entry = times.get(variant.read) ?? { ms: [], cpu: [], worst: { label: '', ms: -1 } };
          entry.ms.push(ms);
          entry.cpu.push((cpu.user + cpu.system) / 1000);
          if (ms > entry.worst.ms) entry.worst = { label: variant.label, ms };
          times.set(variant.read, entry);
        }
      }
      const rows = [...times].map(([read, { ms, cpu, worst }]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        const cpuSorted = [...cpu].sort((a, b) => a - b);
        return { read, n: ms.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), cpuP95: percentile(cpuSorted, 0.95), worst };
      });
      return {
        metrics: [
          { name: 'rollouts', value: corpus.rollouts, unit: '' },
          { name: 'steps', value: corpus.steps, unit: '' },
          { name: 'read variants', value: all.length, unit: '' },
        ],
        tables: [
          {
            title: 'per read (ms)',
            header: ['read', 'calls', 'p50', 'p95', 'CPU p95', 'slowest call'],
            rows: rows.map((r) => [
              r.read,
              String(r.n),
              formatNumber(r.p50),
              formatNumber(r.p95),
              formatNumber(r.cpuP95),
              `${formatNumber(r.worst.ms)} (${r.worst.label})`,
            ]),
            numeric: [false, true, true, true, true, false],
          },
        ],
        targets: rows.map((r) => target(`${r.read} p95`, r.p95, '<=', limitMs, 'ms')),
        notes: [
          `each variant called once to warm up, then ${repeats} times, through Core.invoke in the bench process; targets on wall time`,
          'CPU p95: the process CPU time of a call, which other work on the machine does not inflate as much as wall time',
        ],
        details: rows,
      };
    } finally {
      core.close();
    }
  },
};
