import { parseRequest } from '../common/contract';
import { openCorpus } from '../workers/db/open-corpus';
import { toFtsQuery } from '../workers/queries/fts-query';
import { search } from '../workers/queries/search';
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
const rawSql = 'SELECT rowid FROM step_fts WHERE step_fts MATCH ? ORDER BY rank LIMIT 50';

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

/**
 * Search latency on the imported corpus: each query through the real search() (the
 * operation behind search.query: FTS5 MATCH, joins for filters, snippets) and as a raw
 * FTS5 MATCH ... ORDER BY rank LIMIT 50 with the same FTS query string, interleaved, after a
 * warm-up round. p50/p95 are over every (query, repetition) sample.
 */
export const searchBench: Benchmark = {
  name: 'search',
  description: `latency of search() vs raw FTS5 MATCH over ${benchQueries.length} queries`,
  async run(ctx) {
    const imported = await ctx.importedCorpus();
    const db = openCorpus(imported.corpusPath);
    try {
      const raw = db.prepare(rawSql).pluck();
      const requests = benchQueries.map((q) =>
        parseRequest('search.query', { query: q.query, limit, ...(q.grade ? { grade: q.grade } : {}) }),
      );
      const matches = benchQueries.map((q) => {
        const match = toFtsQuery(q.query);
        if (match === null) throw new Error(`query "${q.query}" has nothing searchable`);
        return match;
      });
      const time = (fn: () => unknown): { ms: number; result: unknown } => {
        const start = performance.now();
        const result = fn();
        return { ms: performance.now() - start, result };
      };
      const runReal = (i: number) => time(() => search(db, requests[i]!));
      const runRaw = (i: number) => time(() => raw.all(matches[i]!));

      // Warm-up: the page cache and prepared-statement paths, once per query, not measured.
      const hits = benchQueries.map((_, i) => ({ real: (runReal(i).result as unknown[]).length, raw: (runRaw(i).result as unknown[]).length }));
      const warm = benchQueries.map((_, i) => runReal(i).ms + runRaw(i).ms);
      // Repetitions sized to the time budget: at least 5, at most 20.
      const perRound = warm.reduce((a, b) => a + b, 0);
      const repetitions = Math.max(5, Math.min(20, Math.floor(30_000 / Math.max(perRound, 1))));
      ctx.log(`search: ${benchQueries.length} queries x ${repetitions} repetitions, real and raw interleaved`);

      const real: number[][] = benchQueries.map(() => []);
      const rawMs: number[][] = benchQueries.map(() => []);
      for (let r = 0; r < repetitions; r++) {
        for (let i = 0; i < benchQueries.length; i++) {
          // Alternate which goes first so neither always finds the other's warm cache.
          if (r % 2 === 0) {
            real[i]!.push(runReal(i).ms);
            rawMs[i]!.push(runRaw(i).ms);
          } else {
            rawMs[i]!.push(runRaw(i).ms);
            real[i]!.push(runReal(i).ms);
          }
        }
      }
      const allReal = real.flat();
      const allRaw = rawMs.flat();
      const p50 = percentile(allReal, 0.5);
      const p95 = percentile(allReal, 0.95);
      const rawP50 = percentile(allRaw, 0.5);
      const rawP95 = percentile(allRaw, 0.95);
      const perQuery = benchQueries.map((q, i) => ({
        query: q.query,
        label: q.label,
        grade: q.grade ?? null,
        fts: matches[i],
        hits: hits[i]!.real,
        rawHits: hits[i]!.raw,
        p50: percentile(real[i]!, 0.5),
        p95: percentile(real[i]!, 0.95),
        rawP50: percentile(rawMs[i]!, 0.5),
        rawP95: percentile(rawMs[i]!, 0.95),
      }));
      const shorten = (text: string) => (text.length > 48 ? `${text.slice(0, 45)}...` : text);
      return {
        metrics: [
          { name: 'steps indexed', value: imported.steps, unit: '' },
          { name: 'queries x repetitions', value: allReal.length, unit: 'samples' },
          { name: 'search() p50', value: p50, unit: 'ms' },
          { name: 'search() p95', value: p95, unit: 'ms' },
          { name: 'raw MATCH p50', value: rawP50, unit: 'ms' },
          { name: 'raw MATCH p95', value: rawP95, unit: 'ms' },
          { name: 'search() / raw, p50', value: p50 / rawP50, unit: 'x' },
          { name: 'search() / raw, p95', value: p95 / rawP95, unit: 'x' },
        ],
        targets: [target('search() p95', p95, '<=', 50, 'ms'), target('search() p95 / raw p95', p95 / rawP95, '<=', 2, 'x')],
        notes: [
          `raw = ${rawSql} with the FTS query string search() builds (toFtsQuery); grade filters apply to search() only`,
          `search() runs with limit ${limit} and rubrics off, as search.query's defaults`,
        ],
        tables: [
          {
            title: 'per query (ms; hits = rows returned, at most 50)',
            header: ['query', 'grade', 'hits', 'p50', 'p95', 'raw p50', 'raw p95'],
            rows: perQuery.map((q) => [
              shorten(q.query),
              q.grade ?? '',
              String(q.hits),
              formatNumber(q.p50),
              formatNumber(q.p95),
              formatNumber(q.rawP50),
              formatNumber(q.rawP95),
            ]),
            numeric: [false, false, true, true, true, true, true],
          },
        ],
        details: { repetitions, perQuery },
      };
    } finally {
      db.close();
    }
  },
};
