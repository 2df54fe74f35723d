import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type BundleRecord, type RecordOf, bundleRecord } from '../../common/corpus/bundle';
import { Core } from '../../workers/core/core';
import { ensureSampleCorpus } from '../../workers/core/sample-corpus';
import { sampleLedgerPath } from '../../workers/core/sample-judging';
import { checkFrames, exceptionClasses } from './frame-check';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = join(root, 'fixtures/sample/sample-corpus.jsonl');
const text = readFileSync(fixture, 'utf8');
const lines = text.trimEnd().split('\n');
const records: BundleRecord[] = lines.map((line) => bundleRecord.parse(JSON.parse(line)));

const of = <T extends BundleRecord['type']>(type: T) => records.filter((r): r is RecordOf<T> => r.type === type);
const benchmarks = of('benchmark');
const tasks = of('task');
const rollouts = of('rollout');
const steps = of('step');
const programs = of('program');
const rubrics = of('rubric');
const libraries = of('library');
const labels = of('label');

describe('sample corpus fixture', () => {
  it('parses line by line with the bundle schema', () => {
    lines.forEach((line, i) => {
      const result = bundleRecord.safeParse(JSON.parse(line));
      expect(result.success, `line ${i + 1}`).toBe(true);
    });
    expect(Buffer.byteLength(text)).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('meets the minimum counts', () => {
    const roles = new Set(benchmarks.map((b) => b.role));
    expect(benchmarks.length).toBeGreaterThanOrEqual(3);
    expect(roles.has('mining') && roles.has('held_out')).toBe(true);
    expect(tasks.length).toBeGreaterThanOrEqual(6);
    expect(of('collection')).toHaveLength(2);
    expect(rollouts).toHaveLength(24);
    expect(steps.length).toBeGreaterThanOrEqual(300);
    expect(exceptionClasses(records).size).toBeGreaterThanOrEqual(8);
    expect(steps.some((s) => s.exitCode === 124 && s.timedOut)).toBe(true);
    expect(steps.some((s) => s.exitCode === 137 && s.killed && s.stderr.includes('Killed'))).toBe(true);
    expect(rubrics.length).toBeGreaterThanOrEqual(60);
    expect(libraries.length).toBeGreaterThanOrEqual(2);
    expect(new Set(labels.map((l) => l.annotator))).toEqual(new Set(['ana', 'ben']));
    const categories = of('taxonomy')[0]?.categories ?? [];
    expect(categories.length).toBeGreaterThanOrEqual(20);
    const types = new Set(records.map((r) => r.type));
    for (const t of bundleRecord.options.map((o) => o.shape.type.value)) expect(types.has(t), t).toBe(true);
  });

  it('has a program path with three or more versions, numbered from 0', () => {
    const versions = new Map<string, number[]>();
    for (const p of programs) versions.set(`${p.rollout}:${p.path}`, [...(versions.get(`${p.rollout}:${p.path}`) ?? []), p.version]);
    const long = [...versions.values()].filter((v) => v.length >= 3);
    expect(long.length).toBeGreaterThan(0);
    for (const v of versions.values()) expect(v).toEqual(v.map((_, i) => i));
  });

  it('varies rollout length between 6 and 25 steps', () => {
    const counts = rollouts.map((r) => steps.filter((s) => s.rollout === r.id).length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...counts)).toBeLessThanOrEqual(25);
  });

  it('contains the required traceback kinds', () => {
    const stderr = steps.map((s) => s.stderr).join('\n');
    expect(stderr).toContain('During handling of the above exception, another exception occurred:');
    expect(stderr).toContain('The above exception was the direct cause of the following exception:');
    expect(stderr).toMatch(/\n\s+\^+\nSyntaxError: /);
    expect(stderr).toContain('pandas/core/indexes/base.py');
    expect(stderr).toMatch(/torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate /);
    for (const cls of ['ModuleNotFoundError', 'ValueError', 'TypeError', 'FileNotFoundError', 'KeyError', 'ZeroDivisionError', 'AttributeError']) {
      expect(exceptionClasses(records).has(cls), cls).toBe(true);
    }
  });

  it('points every frame in the agent program at a real line of the version that ran', () => {
    const { checked, mismatches } = checkFrames(records);
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('resolves every reference', () => {
    const ids = (list: { id: string }[]) => new Set(list.map((x) => x.id));
    const benchmarkIds = ids(benchmarks);
    const taskIds = ids(tasks);
    const collectionIds = ids(of('collection'));
    const rolloutTask = new Map(rollouts.map((r) => [r.id, r.task]));
    const rubricIds = ids(rubrics);
    const versions = new Set(programs.map((p) => `${p.rollout}:${p.path}:${p.version}`));
    const stepKeys = new Set(steps.map((s) => `${s.rollout}:${s.index}`));
    const codes = new Set((of('taxonomy')[0]?.categories ?? []).map((c) => c.code));

    for (const t of tasks) expect(benchmarkIds.has(t.benchmark), t.id).toBe(true);
    for (const r of rollouts) {
      expect(taskIds.has(r.task), r.id).toBe(true);
      expect(collectionIds.has(r.collection ?? ''), r.id).toBe(true);
    }
    for (const p of programs) expect(rolloutTask.has(p.rollout)).toBe(true);
    for (const s of steps) {
      expect(rolloutTask.has(s.rollout), `${s.rollout}#${s.index}`).toBe(true);
      if (s.program) expect(versions.has(`${s.rollout}:${s.program.path}:${s.program.version}`), `${s.rollout}#${s.index}`).toBe(true);
    }
    for (const f of of('failure')) {
      expect(rolloutTask.has(f.rollout)).toBe(true);
      if (f.step !== null) expect(stepKeys.has(`${f.rollout}:${f.step}`), `${f.rollout}#${f.step}`).toBe(true);
      expect(codes.has(f.category ?? ''), f.cause).toBe(true);
    }
    for (const l of libraries) for (const id of l.rubrics) expect(rubricIds.has(id), `${l.id} -> ${id}`).toBe(true);
    for (const r of rubrics) {
      expect(codes.has(r.category ?? ''), r.id).toBe(true);
      expect(r.support.length).toBeGreaterThan(0);
      for (const s of r.support) expect(rolloutTask.get(s.rollout), `${r.id} -> ${s.rollout}`).toBe(s.task);
    }
    for (const l of labels) expect(rubricIds.has(l.target.id)).toBe(true);
    const caseIds = ids(of('case'));
    for (const c of of('case')) {
      expect(taskIds.has(c.task)).toBe(true);
      if ('rollout' in c.program) expect(versions.has(`${c.program.rollout}:${c.program.path}:${c.program.version}`), c.id).toBe(true);
    }
    const experiments = new Map(of('experiment').map((e) => [e.id, e]));
    for (const a of of('attempt')) {
      expect(caseIds.has(a.case)).toBe(true);
      expect(experiments.get(a.experiment)?.arms).toContain(a.arm);
    }
  });

  it('never supports a rubric with a held-out rollout', () => {
    const heldOut = new Set(benchmarks.filter((b) => b.role === 'held_out').map((b) => b.id));
    const benchmarkOf = new Map(tasks.map((t) => [t.id, t.benchmark]));
    for (const r of rubrics) for (const s of r.support) expect(heldOut.has(benchmarkOf.get(s.task ?? '') ?? ''), `${r.id} -> ${s.rollout}`).toBe(false);
  });

  it('has two annotators overlapping with some disagreement', () => {
    const byAnnotator = (name: string) => new Map(labels.filter((l) => l.annotator === name && l.schema === 'category').map((l) => [l.target.id, l.value]));
    const ana = byAnnotator('ana');
    const ben = byAnnotator('ben');
    const shared = [...ana.keys()].filter((id) => ben.has(id));
    expect(shared.length).toBeGreaterThanOrEqual(15);
    const disagree = shared.filter((id) => ana.get(id) !== ben.get(id));
    expect(disagree.length).toBeGreaterThan(0);
    expect(disagree.length).toBeLessThan(shared.length / 2);
  });

  it('gives MLE-bench rollouts the medal their real leaderboard implies', () => {
    for (const r of rollouts.filter((x) => x.medal !== undefined && typeof x.score === 'number')) {
      const board = readFileSync(join(root, `fixtures/real/mle-bench-leaderboards/${r.task}.csv`), 'utf8')
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((row) => Number(row.split(',')[4]));
      const n = board.length;
      const at = (pos: number) => board[pos - 1] as number;
      // MLE-bench thresholds for these team counts (250-999 and >= 1000 teams).
      const [gold, silver, bronze] =
        n >= 1000 ? [10 + Math.floor(0.002 * n), Math.floor(0.05 * n), Math.floor(0.1 * n)] : [10 + Math.floor(0.002 * n), 50, 100];
      const sorted = [...board].sort((a, b) => a - b);
      const median = n % 2 ? (sorted[(n - 1) / 2] as number) : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2;
      const s = r.score as number;
      const medal = s >= at(gold) ? 'gold' : s >= at(silver) ? 'silver' : s >= at(bronze) ? 'bronze' : 'none';
      expect(r.medal, r.id).toBe(medal);
      expect(r.aboveMedian, r.id).toBe(s > median);
    }
  });
});

describe('sample corpus writer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sample-corpus-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reproduces the committed file byte for byte', () => {
    const out = join(dir, 'again.jsonl');
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/sample-corpus/write.ts'), '--out', out], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(out).equals(readFileSync(fixture))).toBe(true);
  });
});

describe('sample corpus on first start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sample-first-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replays the recorded judging with no key: a library with a funnel, its precision and recall, verdicts on its rubrics', async () => {
    const dbPath = join(dir, 'sample.rwb.db');
    await ensureSampleCorpus(dbPath);
    const core = new Core({ dbPath, shell: 'cli', modelEnv: {} });
    try {
      const runs = core.db.prepare('SELECT kind, status FROM pipeline_runs ORDER BY created_at').all();
      expect(runs).toEqual([
        { kind: 'mine', status: 'done' },
        { kind: 'judge', status: 'done' },
      ]);
      const mined = (await core.invoke('libraries.list', {})).find((l) => l.method === 'whole-rollout' && !libraries.some((b) => b.id === l.id));
      expect(mined).toBeDefined();
      const build = await core.invoke('libraries.build', { library: mined!.id });
      expect(build.funnel?.proposed).toBeGreaterThan(build.funnel?.accepted ?? Infinity);
      expect(build.funnel?.accepted).toBeGreaterThan(0);
      const pr = await core.invoke('rubrics.precisionRecall', { library: mined!.id });
      const error = pr.families.find((f) => f.family === 'error');
      expect(error?.precision.value).not.toBeNull();
      expect(error?.recall.value).not.toBeNull();
      expect(error?.recall.hits).toBeGreaterThan(0);
      const verdicts = await core.invoke('verdicts.list', { rollout: 'r-0003', library: mined!.id });
      expect(verdicts.some((v) => v.verdict === 'fires')).toBe(true);
      expect(verdicts.every((v) => v.verdict !== 'unknown')).toBe(true);
    } finally {
      core.close();
    }
  });

  it('records the same judging ledger byte for byte', () => {
    const out = join(dir, 'ledger.jsonl');
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/sample-corpus/record-judging.ts'), '--out', out], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(out).equals(readFileSync(sampleLedgerPath))).toBe(true);
  });
});
