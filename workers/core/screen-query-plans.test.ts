import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureKinds } from '../../common/corpus/bundle';
import type { OperationName, RequestOf } from '../../common/contract';
import { rolloutSortKeys } from '../../common/corpus/rollout-list';
import { Core } from './core';
import { useTempDir } from '../test-support/temp-dir';

/**
 * Every read a screen issues, run against a real corpus with better-sqlite3's statements
 * wrapped so that the SQL each one actually executes (and its parameters) is captured; each
 * captured statement's EXPLAIN QUERY PLAN must not scan a table that grows with the corpus
 * except through an index. The corpus has no ANALYZE statistics, as a user's has none, so the
 * plans are the ones SQLite picks at any size.
 */

/**
 * Tables whose row count grows with steps, failures, labels, attempts or model calls. Rollouts
 * and their figures (one row each, 10,000 at the benchmark's scale) are left out: the table's
 * sorts and filters read them in index order, and the screens benchmark times every one.
 */
const growing = new Set([
  'steps',
  'failure_events',
  'texts',
  'program_versions',
  'labels',
  'attempts',
  'attempt_logs',
  'model_requests',
  'verdicts',
  'rubrics',
  'rubric_support',
  'library_rubrics',
  'rubric_citations',
]);

interface Captured {
  sql: string;
  args: unknown[];
  operation: string;
}

const tempDir = useTempDir();
const captured: Captured[] = [];
let current = '';
let capturing = false;

type StatementMethod = (this: Database.Statement, ...args: unknown[]) => unknown;

/** Wraps the read methods of every statement (all connections) to record what runs. */
function wrapStatements(): () => void {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, StatementMethod>;
  probe.close();
  const originals = new Map<string, StatementMethod>();
  for (const method of ['all', 'get', 'iterate']) {
    const original = proto[method]!;
    originals.set(method, original);
    proto[method] = function (this: Database.Statement, ...args: unknown[]) {
      if (capturing && this.reader) captured.push({ sql: this.source, args, operation: current });
      return original.apply(this, args);
    };
  }
  return () => {
    for (const [method, original] of originals) proto[method] = original;
  };
}

let core: Core;
let restore: () => void;
let plans: { operation: string; sql: string; plan: string[] }[] = [];

async function read<K extends OperationName>(name: K, request: RequestOf<K>, label: string = name): Promise<void> {
  current = label;
  await core.invoke(name, request);
}

beforeAll(async () => {
  restore = wrapStatements();
  const dir = tempDir();
  core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
  await core.invoke('import.files', { paths: [join(__dirname, '../../fixtures/sample/sample-corpus.jsonl')] });
  const rubric = { kind: 'rubric', id: 'rb-0001' } as const;
  await core.invoke('labels.add', { annotator: 'ana', schema: 'quality_audit', target: rubric, value: 'accept' });
  await core.invoke('labels.add', { annotator: 'bo', schema: 'quality_audit', target: rubric, value: 'accept' });
  await core.invoke('cases.create', { id: 'plan-case', task: 'dabench-17', program: { path: 'x.py', content: 'print(1)' } });
  await core.invoke('experiments.create', { id: 'plan-exp', name: 'x', arms: ['a', 'b'], repeats: 2, cases: ['plan-case'] });

  const facets = await core.invoke('corpus.facets', {});
  const page = await core.invoke('rollouts.list', {});
  const rollout = page.rows.find((r) => r.failures > 0)!;
  const failures = await core.invoke('failures.list', { rollout: rollout.id });
  const detail = await core.invoke('rollouts.get', { id: rollout.id });
  const program = detail.programs[0]!;
  const step = failures.find((f) => f.step !== null)!.step!;
  capturing = true;

  await read('corpus.stats', {});
  await read('corpus.facets', {});
  for (const sort of rolloutSortKeys) {
    for (const direction of ['asc', 'desc'] as const) {
      await read('rollouts.list', { sort, direction, offset: 10, limit: 5 }, `rollouts.list ${sort} ${direction}`);
      // Past the middle, a page is read from the other end.
      await read('rollouts.list', { sort, direction, offset: 20, limit: 2 }, `rollouts.list ${sort} ${direction} near the end`);
    }
  }
  const filters = [
    { benchmark: facets.benchmarks[0]!.value },
    { collection: facets.collections[0]!.value },
    { grade: 'wrong' as const },
    { grade: 'ungraded' as const },
    { agent: facets.agents[0]!.value },
    { task: facets.tasks[0]!.value },
    { exception: facets.exceptions[0]!.value },
    ...failureKinds.map((kind) => ({ kind })),
  ];
  for (const filter of filters) {
    for (const sort of ['rollout', 'score', 'steps', 'duration'] as const) {
      await read('rollouts.list', { ...filter, sort, direction: 'desc' }, `rollouts.list ${JSON.stringify(filter)} by ${sort}`);
      await read(
        'rollouts.list',
        { ...filter, sort, direction: 'asc', offset: 1, limit: 1 },
        `rollouts.list ${JSON.stringify(filter)} by ${sort} near the end`,
      );
    }
    await read('search.query', { query: 'KeyError', ...filter }, `search.query ${JSON.stringify(filter)}`);
  }
  await read('rollouts.get', { id: rollout.id });
  await read('steps.list', { rollout: rollout.id, limit: 200 });
  await read('steps.get', { rollout: rollout.id, index: step });
  await read('failures.list', { rollout: rollout.id });
  await read('programs.get', { rollout: rollout.id, path: program.path, version: program.version });
  await read('search.query', { query: 'KeyError', rubrics: true });
  await read('search.query', { query: 'Traceback most recent call last File line in py' });
  await read('libraries.list', {});
  const libraries = await core.invoke('libraries.list', {});
  for (const library of libraries) {
    await read('rubrics.list', { library: library.id });
    await read('libraries.mix', { library: library.id });
    await read('retrieval.run', { library: library.id, rollout: rollout.id });
    await read('retrieval.run', { library: library.id, rollout: rollout.id, step });
  }
  await read('rubrics.get', { id: 'rb-0001' });
  await read('labels.queue', { schema: 'quality_audit', annotator: 'ana', targetSet: { kind: 'library', library: libraries[0]!.id } });
  await read('labels.queue', { schema: 'category', annotator: 'ana', targetSet: { kind: 'sample', perCategory: 3, seed: 1 } });
  await read('labels.evidence', { schema: 'quality_audit', annotator: 'ana', target: rubric });
  await read('labels.agreement', { schema: 'quality_audit' });
  await read('labels.agreementDetail', { schema: 'quality_audit' });
  await read('labels.disagreements', { schema: 'quality_audit' });
  await read('experiments.list', {});
  await read('experiments.get', { id: 'plan-exp' });
  await read('pipeline.list', {});
  await read('ledger.list', {});
  await read('ledger.list', { purpose: 'judge', status: 'returned' });
  capturing = false;

  const explain = new Database(join(dir, 'c.db'), { readonly: true });
  const seen = new Set<string>();
  plans = [];
  for (const c of captured) {
    if (seen.has(c.sql)) continue;
    seen.add(c.sql);
    const rows = explain.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${c.sql}`).all(...c.args);
    plans.push({ operation: c.operation, sql: c.sql, plan: rows.map((r) => r.detail) });
  }
  explain.close();
}, 120_000);

afterAll(() => {
  restore();
  core.close();
});

/**
 * A plan line that reads a whole growing table without an index, or null. A scan in rowid
 * order that a LIMIT stops (newest first, no sort) reads only its page, so it passes.
 */
function unindexedScan(line: string, sql = '', plan: string[] = []): string | null {
  if (/ORDER BY (\w+\.)?id DESC LIMIT/i.test(sql) && !plan.some((l) => l.includes('TEMP B-TREE FOR ORDER BY'))) return null;
  const match = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(line);
  if (!match) return null;
  const [, table, rest] = match as unknown as [string, string, string];
  if (/USING (COVERING )?INDEX|USING (INTEGER )?PRIMARY KEY|VIRTUAL TABLE/.test(rest)) return null;
  return growing.has(table) ? table : null;
}

/** Maps each alias in the statement to its table, so `SCAN r` is read as `SCAN rollouts`. */
function resolveAliases(sql: string, line: string): string {
  const match = /^SCAN (\w+)/.exec(line);
  if (!match) return line;
  const alias = match[1]!;
  const declared = new RegExp(`(?:FROM|JOIN)\\s+(\\w+)\\s+(?:AS\\s+)?${alias}\\b`, 'i').exec(sql);
  return declared ? line.replace(`SCAN ${alias}`, `SCAN ${declared[1]}`) : line;
}

describe('query plans of every screen read', () => {
  it('captured the reads of every screen', () => {
    const operations = new Set(captured.map((c) => c.operation.split(' ')[0]));
    for (const op of [
      'corpus.stats',
      'corpus.facets',
      'rollouts.list',
      'rollouts.get',
      'steps.list',
      'steps.get',
      'failures.list',
      'programs.get',
      'search.query',
      'libraries.list',
      'rubrics.list',
      'retrieval.run',
      'labels.queue',
      'labels.evidence',
      'labels.agreement',
      'experiments.list',
      'experiments.get',
      'pipeline.list',
      'ledger.list',
    ]) {
      expect(operations, op).toContain(op);
    }
    expect(plans.length).toBeGreaterThan(40);
  });

  it('scan no growing table without an index', () => {
    const offending = plans.flatMap(({ operation, sql, plan }) =>
      plan
        .map((line) => unindexedScan(resolveAliases(sql, line), sql, plan))
        .filter((table): table is string => table !== null)
        .map((table) => `${operation}: scans ${table}\n  ${sql.replace(/\s+/g, ' ').slice(0, 300)}\n  ${plan.join(' | ')}`),
    );
    expect(offending).toEqual([]);
  });

  it('read corpus.stats and corpus.facets from counters, reading no table that grows with the rollouts', () => {
    const perRollout = new Set([...growing, 'rollouts', 'rollout_figures']);
    const counterReads = plans.filter((p) => p.operation === 'corpus.stats' || p.operation === 'corpus.facets');
    expect(counterReads.length).toBeGreaterThanOrEqual(3);
    const touched = counterReads.flatMap(({ operation, sql, plan }) =>
      plan
        .map((line) => /^(?:SCAN|SEARCH) (\w+)/.exec(resolveAliases(sql, line.replace(/^SEARCH (\w+)/, 'SCAN $1')))?.[1])
        .filter((table): table is string => table !== undefined && perRollout.has(table))
        .map((table) => `${operation}: reads ${table}: ${sql.replace(/\s+/g, ' ').slice(0, 200)}`),
    );
    expect(touched).toEqual([]);
  });

  it('flags a scan without an index, so the check above can fail', () => {
    expect(unindexedScan(resolveAliases('SELECT * FROM failure_events f WHERE f.kind = ?', 'SCAN f'))).toBe('failure_events');
    expect(unindexedScan('SCAN fig USING COVERING INDEX rollout_figures_steps')).toBeNull();
  });
});
