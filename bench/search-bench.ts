import { parseRequest } from '../common/contract';
import { openCorpus } from '../workers/db/open-corpus';
import { toFtsQuery } from '../workers/search/fts-query';
import { search } from '../workers/search/search';
import { planSearch } from '../workers/search/search-plan';
import { formatNumber } from './report';
import { target, type Benchmark } from './types';

interface BenchQuery {
  label: string;
  query: string;
  grade?: 'correct' | 'wrong' | 'missing' | 'invalid';
}

/** Twenty queries a researcher would type or paste, over what the generated corpus holds. */
export const benchQueries: readonly BenchQuery[] = [
  { label: 'exception class', query: 'KeyError' },
  { label: 'exception class', query: 'ZeroDivisionError' },
  { label: 'error line', query: 'torch.OutOfMemoryError: CUDA out of memory' },
  { label: 'pasted error line', query: "ModuleNotFoundError: No module named 'catboost'" },
  { label: 'pasted traceback line', query: 'File "/usr/local/lib/python3.11/site-packages/pandas/core/frame.py", line 4102, in __getitem__' },
  { label: 'pasted error line', query: "AttributeError: 'DataFrame' object has no attribute 'append'" },
  { label: 'pasted error line', query: "SyntaxError: '(' was never closed" },
  { label: 'message fragment', query: "got an unexpected keyword argument 'early_stopping_rounds'" },
  { label: 'command', query: 'python train.py' },
  { label: 'command', query: 'nvidia-smi' },
  { label: 'shell message', query: 'bash: line 1: Killed' },
  { label: 'path', query: '/kaggle/input/train.csv' },
  { label: 'path', query: '/workspace/model_new.py' },
  { label: 'rare word', query: 'Cumings' },
  { label: 'common word', query: 'validation' },
  { label: 'most common word', query: 'py' },
  { label: 'typing a prefix', query: 'ModuleNotFo' },
  { label: 'exception + grade', query: 'KeyError', grade: 'wrong' },
  { label: 'command + grade', query: 'python train.py', grade: 'correct' },
  { label: 'common word + grade', query: 'validation', grade: 'missing' },
];

const limit = 50;
const rankedSql = 'SELECT rowid FROM step_fts WHERE step_fts MATCH ? ORDER BY rank LIMIT 50';
const newestSql = 'SELECT rowid FROM step_fts WHERE step_fts MATCH ? ORDER BY rowid DESC LIMIT 50';

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

/**
 * Search latency on the imported corpus. Each query runs through the real search() (the
 * operation behind search.query: planning, FTS5 MATCH, joins for filters, snippets) and as raw
 * FTS5 doing what search() chose: ORDER BY rank for a query it ranked, ORDER BY rowid DESC with
 * the FTS query it served for one it served newest first. Each also runs as raw ORDER BY rank,
 * what search() did for every query before it planned, to show what newest first saves.
 * Interleaved, after a warm-up round; p50/p95 are over every (query, repetition) sample.
 */
export const searchBench: Benchmark = {
  name: 'search',
  description: `latency of search() vs raw FTS5 MATCH over ${benchQueries.length} queries`,
  async run(ctx) {
    const imported = await ctx.importedCorpus();
    const db = openCorpus(imported.corpusPath);
    try {
      const ranked = db.prepare(rankedSql).pluck();
      const newest = db.prepare(newestSql).pluck();
      const requests = benchQueries.map((q) => parseRequest('search.query', { query: q.query, limit, ...(q.grade ? { grade: q.grade } : {}) }));
      const matches = benchQueries.map((q) => {
        const match = toFtsQuery(q.query);
        if (match === null) throw new Error(`query "${q.query}" has nothing searchable`);
        return match;
      });
      const plans = matches.map((match) => planSearch(db, match));
      const time = (fn: () => unknown): number => {
        const start = performance.now();
        fn();
        return performance.now() - start;
      };
      const runners = benchQueries.map((_, i) => {
        const plan = plans[i]!;
        return {
          real: () => time(() => search(db, requests[i]!)),
          raw: () => time(() => (plan.ranking === 'newest' ? newest.all(plan.match) : ranked.all(matches[i]!))),
          rankAll: () => time(() => ranked.all(matches[i]!)),
        };
      });

      // Warm-up: the page cache and prepared-statement paths, once per query, not measured.
      const results = requests.map((request) => search(db, request));
      const warm = runners.map((r) => r.real() + r.raw() + r.rankAll());
      // Repetitions sized to the time budget: at least 5, at most 20.
      const perRound = warm.reduce((a, b) => a + b, 0);
      const repetitions = Math.max(5, Math.min(20, Math.floor(30_000 / Math.max(perRound, 1))));
      ctx.log(`search: ${benchQueries.length} queries x ${repetitions} repetitions, search() and raw interleaved`);

      const samples = runners.map(() => ({ real: [] as number[], raw: [] as number[], rankAll: [] as number[] }));
      for (let r = 0; r < repetitions; r++) {
        runners.forEach((runner, i) => {
          // Rotate the order so none always finds another's warm cache.
          const order = (['real', 'raw', 'rankAll'] as const).map((_, k, all) => all[(k + r) % all.length]!);
          for (const kind of order) samples[i]![kind].push(runner[kind]());
        });
      }
      const all = (kind: 'real' | 'raw' | 'rankAll', ranking?: 'bm25' | 'newest') =>
        samples.filter((_, i) => ranking === undefined || plans[i]!.ranking === ranking).flatMap((s) => s[kind]);
      const p50 = percentile(all('real'), 0.5);
      const p95 = percentile(all('real'), 0.95);
      const rawP50 = percentile(all('raw'), 0.5);
      const rawP95 = percentile(all('raw'), 0.95);
      const rankedCount = plans.filter((p) => p.ranking === 'bm25').length;
      const perQuery = benchQueries.map((q, i) => {
        const plan = plans[i]!;
        return {
          query: q.query,
          label: q.label,
          grade: q.grade ?? null,
          fts: matches[i],
          plan,
          hits: results[i]!.hits.length,
          p50: percentile(samples[i]!.real, 0.5),
          p95: percentile(samples[i]!.real, 0.95),
          rawP50: percentile(samples[i]!.raw, 0.5),
          rawP95: percentile(samples[i]!.raw, 0.95),
          rankAllP50: percentile(samples[i]!.rankAll, 0.5),
        };
      });
      const shorten = (text: string) => (text.length > 44 ? `${text.slice(0, 41)}...` : text);
      const matchesText = (plan: (typeof plans)[number]) =>
        plan.ranking === 'newest' ? `${plan.matches.estimated ? '~' : ''}${plan.matches.count.toLocaleString('en-US')}` : '';
      return {
        metrics: [
          { name: 'steps indexed', value: imported.steps, unit: '' },
          { name: 'queries x repetitions', value: all('real').length, unit: 'samples' },
          { name: 'search() p50', value: p50, unit: 'ms' },
          { name: 'search() p95', value: p95, unit: 'ms' },
          ...(['bm25', 'newest'] as const)
            .filter((ranking) => all('real', ranking).length > 0)
            .map((ranking) => ({
              name: `search() p95, ${ranking === 'bm25' ? 'ranked' : 'newest-first'} queries`,
              value: percentile(all('real', ranking), 0.95),
              unit: 'ms',
            })),
          { name: 'raw p50 (as search() chose)', value: rawP50, unit: 'ms' },
          { name: 'raw p95 (as search() chose)', value: rawP95, unit: 'ms' },
          { name: 'search() / raw, p50', value: p50 / rawP50, unit: 'x' },
          { name: 'search() / raw, p95', value: p95 / rawP95, unit: 'x' },
          { name: 'raw ORDER BY rank p50, every query', value: percentile(all('rankAll'), 0.5), unit: 'ms' },
          { name: 'raw ORDER BY rank p95, every query', value: percentile(all('rankAll'), 0.95), unit: 'ms' },
        ],
        targets: [target('search() p95', p95, '<=', 50, 'ms'), target('search() p95 / raw p95', p95 / rawP95, '<=', 2, 'x')],
        notes: [
          `${rankedCount} of ${benchQueries.length} queries ranked by BM25, ${benchQueries.length - rankedCount} served newest first`,
          `raw = ${rankedSql} for a query search() ranked, ${newestSql} with the FTS query search() served for one it served newest first (the last word whole when search() matched it so); grade filters apply to search() only`,
          'rank all = raw ORDER BY rank for every query, as search() ranked them all before it planned',
          `search() runs with limit ${limit} and rubrics off, as search.query's defaults; est. matches is search()'s (~ when extrapolated)`,
        ],
        tables: [
          {
            title: 'per query (ms; hits = rows returned, at most 50)',
            header: ['query', 'grade', 'ranking', 'est. matches', 'hits', 'p50', 'p95', 'raw p50', 'raw p95', 'rank all p50'],
            rows: perQuery.map((q) => [
              shorten(q.query),
              q.grade ?? '',
              q.plan.ranking,
              matchesText(q.plan),
              String(q.hits),
              formatNumber(q.p50),
              formatNumber(q.p95),
              formatNumber(q.rawP50),
              formatNumber(q.rawP95),
              formatNumber(q.rankAllP50),
            ]),
            numeric: [false, false, false, true, true, true, true, true, true, true],
          },
        ],
        details: { repetitions, ranked: rankedCount, newestFirst: benchQueries.length - rankedCount, perQuery },
      };
    } finally {
      db.close();
    }
  },
};
