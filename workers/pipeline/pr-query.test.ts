/**
 * Precision and recall from the corpus on a small hand-made case: tracebacks parsed at import,
 * a timeout and a kill left out, a re-executed attempt kept out of the truth, the latest verdict
 * and the latest credit label of each annotator taking effect. Every number is worked out by hand.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { useTempDir } from '../test-support/temp-dir';
import { writeBundle } from '../test-support/write-bundle';
import { oneRow } from '../db/one-row';

const traceback = (file: string, line: number, code: string, error: string) =>
  ['Traceback (most recent call last):', `  File "/workspace/${file}", line ${line}, in <module>`, `    ${code}`, error].join('\n');

function bundle(): object[] {
  const program = (path: string, version: number, content: string) => ({ type: 'program', rollout: 'r-1', path, version, content });
  const step = (index: number, path: string, version: number, extra: object) => ({
    type: 'step',
    rollout: 'r-1',
    index,
    command: `python ${path}`,
    durationMs: 10,
    program: { path, version },
    ...extra,
  });
  const rubric = (id: string, family: string, category: string) => ({
    type: 'rubric',
    id,
    title: id,
    appliesWhen: 'a',
    pattern: 'p',
    family,
    category,
    support: [{ rollout: 'r-1', task: 't-1' }],
  });
  const credit = (annotator: string, rubricId: string, path: string, version: number, value: string, at: string) => ({
    type: 'label',
    annotator,
    schema: 'credit',
    target: { kind: 'program', id: JSON.stringify([rubricId, 'r-1', path, version]) },
    value,
    at,
  });
  return [
    { type: 'benchmark', id: 'b', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 't-1', benchmark: 'b', statement: 's' },
    { type: 'rollout', id: 'r-1', task: 't-1' },
    program('a.py', 0, 'import pandas as pd\nx = df["Age"]\n'),
    program('a.py', 1, 'import pandas as pd\nx = df["age"]\n'),
    program('b.py', 0, 'while True: pass\n'),
    program('c.py', 0, 'import torch\nx = torch.zeros(10**12, device="cuda")\ny = len(5)\n'),
    program('d.py', 0, 'x = [0] * 10**12\n'),
    step(1, 'a.py', 0, { exitCode: 1, stderr: traceback('a.py', 2, 'x = df["Age"]', "KeyError: 'Age'") }),
    step(2, 'a.py', 1, { exitCode: 0 }),
    step(3, 'b.py', 0, { exitCode: 124, timedOut: true }),
    step(4, 'c.py', 0, {
      exitCode: 1,
      stderr: traceback('c.py', 2, 'x = torch.zeros(10**12, device="cuda")', 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.64 TiB.'),
    }),
    step(5, 'c.py', 0, { exitCode: 1, stderr: traceback('c.py', 3, 'y = len(5)', "TypeError: object of type 'int' has no len()") }),
    step(6, 'd.py', 0, { exitCode: 137, killed: true, stderr: 'Killed\n' }),
    rubric('e1', 'error', 'C02'),
    rubric('e2', 'error', 'C06'),
    rubric('p1', 'performance', 'P01'),
    rubric('p2', 'performance', 'P01'),
    { type: 'library', id: 'L1', name: 'L1', method: 'hand-curated', builtAt: '2026-10-01', rubrics: ['e1', 'e2', 'p1'] },
    { type: 'library', id: 'L2', name: 'L2', method: 'hand-curated', builtAt: '2026-10-01', rubrics: ['e2', 'p2'] },
    // a.py v1 failed when re-executed: a re-run, not a failure of the rollout, so not in the truth. b.py's timeout says nothing.
    {
      type: 'case',
      id: 'case-a1',
      task: 't-1',
      program: { rollout: 'r-1', path: 'a.py', version: 1 },
      command: 'python a.py',
      timeoutS: 60,
      score: { from: 'stdout', regex: '(.*)' },
    },
    {
      type: 'case',
      id: 'case-b0',
      task: 't-1',
      program: { rollout: 'r-1', path: 'b.py', version: 0 },
      command: 'python b.py',
      timeoutS: 60,
      score: { from: 'stdout', regex: '(.*)' },
    },
    { type: 'experiment', id: 'x', name: 'x', arms: ['original'], repeats: 1 },
    { type: 'attempt', experiment: 'x', case: 'case-a1', arm: 'original', repeat: 0, status: 'failed', exitCode: 1 },
    { type: 'attempt', experiment: 'x', case: 'case-b0', arm: 'original', repeat: 0, status: 'timeout', exitCode: 124 },
    credit('ana', 'p1', 'a.py', 1, 'credited', '2026-10-02T10:00:00Z'),
    credit('ana', 'p2', 'a.py', 1, 'not_credited', '2026-10-02T10:01:00Z'),
    credit('ana', 'p2', 'c.py', 0, 'credited', '2026-10-02T10:02:00Z'),
    credit('ana', 'p2', 'c.py', 0, 'not_credited', '2026-10-02T11:00:00Z'),
    credit('ben', 'p1', 'c.py', 0, 'credited', '2026-10-02T10:03:00Z'),
  ];
}

describe('rubrics.precisionRecall on a hand-made case', () => {
  const tempDir = useTempDir();
  let core: Core;

  beforeEach(async () => {
    const dir = tempDir();
    const dbPath = join(dir, 'pr.db');
    const db = openCorpus(dbPath);
    await importFile(db, writeBundle(dir, 'pr.jsonl', bundle()));
    const program = (path: string, version: number) =>
      oneRow(db.prepare<unknown[], number>('SELECT id FROM program_versions WHERE path = ? AND version = ?').pluck().get(path, version));
    const verdict = db.prepare(`INSERT INTO verdicts (rubric_id, program_id, verdict, predicted_exception, created_at) VALUES (?, ?, ?, ?, '2026-10-03')`);
    const judge = (rubric: string, path: string, version: number, value: string, predicted: string | null = null) =>
      verdict.run(rubric, program(path, version), value, predicted);
    judge('e1', 'a.py', 0, 'fires', 'KeyError'); // correct
    judge('e2', 'a.py', 0, 'fires', 'ValueError'); // wrong class
    judge('e1', 'a.py', 1, 'fires', 'KeyError'); // a.py v1 raised no KeyError
    judge('e2', 'a.py', 1, 'unknown');
    judge('e2', 'b.py', 0, 'fires', 'TypeError'); // only timed out: no truth
    judge('e1', 'c.py', 0, 'fires', 'KeyError'); // superseded by the next verdict
    judge('e1', 'c.py', 0, 'does_not_fire');
    judge('e2', 'c.py', 0, 'fires', 'OutOfMemoryError'); // correct by last dotted name
    judge('e2', 'd.py', 0, 'fires', 'MemoryError'); // only killed: no truth
    judge('p1', 'a.py', 1, 'fires'); // credited by ana
    judge('p2', 'a.py', 1, 'fires'); // not credited
    judge('p2', 'c.py', 0, 'fires'); // ana's latest label takes the credit back
    judge('p1', 'c.py', 0, 'does_not_fire'); // credited by ben: a gap it missed
    judge('p1', 'a.py', 0, 'fires'); // a.py v0 has no credit label: no truth
    db.close();
    core = new Core({ dbPath, shell: 'cli' });
    return () => core.close();
  });

  it('matches the hand computation per family, category and library', async () => {
    const report = await core.invoke('rubrics.precisionRecall', {});
    const rate = (hits: number, total: number) => ({ hits, total, value: hits / total });
    // Error: firings with truth e1@a0 (right), e2@a0, e1@a1 (its step passed), e2@c0 (right): 2/4. Failures:
    // a0 KeyError, c0 OutOfMemoryError and TypeError: 3, of which 2 caught (a1's failed re-run is not one).
    // Performance: firings p1@a1 (credited), p2@a1, p2@c0: 1/3. Gaps: a1 (p1) caught, c0 (p1 by ben) missed: 1/2.
    expect(report).toMatchObject({
      verdicts: 13,
      programs: 5,
      families: [
        { family: 'error', precision: rate(2, 4), recall: rate(2, 3), firingsWithoutTruth: 2, firingsWithoutPrediction: 0 },
        { family: 'performance', precision: rate(1, 3), recall: rate(1, 2), firingsWithoutTruth: 1, firingsWithoutPrediction: 0 },
      ],
    });
    // The re-runs of a1 (it has no judged failure) and b0 (only timed out: no truth) re-ran no judged failure.
    expect(report.reruns).toEqual({ judgedFailures: 3, rerun: 0, reproduced: 0, different: 0, environment: 0, unresolved: 0, failures: [] });
    // Rows counted: 14 verdicts, 2 attempts, 5 credit labels, 5 failure events (steps 1, 3, 4, 5 and 6 failed).
    expect(report.basis).toMatchObject({
      runs: ['unrecorded'],
      rollouts: ['r-1'],
      judgedAt: '2026-10-03',
      through: { verdict: 14, attempt: 2, label: 5, failure: 5 },
    });
    expect(report.since).toEqual({ verdicts: 0, reruns: 0, labels: 0, failures: 0 });
    const rows = (list: { family: string; precision: { hits: number; total: number }; recall: { hits: number; total: number } }[], key: (r: never) => string) =>
      list.map((r) => [key(r as never), r.family, `${r.precision.hits}/${r.precision.total}`, `${r.recall.hits}/${r.recall.total}`]);
    expect(rows(report.byCategory, (r: { category: string }) => r.category)).toEqual([
      ['C02', 'error', '1/2', '1/3'],
      ['C06', 'error', '1/2', '1/3'],
      ['P01', 'performance', '1/3', '1/2'],
    ]);
    expect(rows(report.byLibrary, (r: { library: string }) => r.library)).toEqual([
      ['L1', 'error', '2/4', '2/3'],
      ['L1', 'performance', '1/1', '1/2'],
      ['L2', 'error', '1/2', '1/3'],
      ['L2', 'performance', '0/2', '0/2'],
    ]);
  });

  it('restricts the scope to one library', async () => {
    const report = await core.invoke('rubrics.precisionRecall', { library: 'L2' });
    // Only e2 and p2 verdicts. Error failures a0, c0 (x2); gaps a1 and c0 (credited to p1, outside the scope, still gaps).
    expect(report.families.map((f) => [f.family, `${f.precision.hits}/${f.precision.total}`, `${f.recall.hits}/${f.recall.total}`])).toEqual([
      ['error', '1/2', '1/3'],
      ['performance', '0/2', '0/2'],
    ]);
    expect(report.byLibrary.map((r) => r.library)).toEqual(['L2', 'L2']);
  });

  it('keeps figures computed through given rows, and counts the credit labels written since', async () => {
    const pinned = await core.invoke('rubrics.precisionRecall', {});
    const dir = tempDir();
    // ben now credits p2 on a.py v1, where p2 fired: performance precision 1/3 becomes 2/3 once recomputed.
    const later = { type: 'label', annotator: 'ben', schema: 'credit', target: { kind: 'program', id: JSON.stringify(['p2', 'r-1', 'a.py', 1]) } };
    await core.invoke('import.files', { paths: [writeBundle(dir, 'later.jsonl', [{ ...later, value: 'credited', at: '2026-10-04T09:00:00Z' }])] });
    const performance = (r: typeof pinned) => r.families.find((f) => f.family === 'performance')!.precision;
    const again = await core.invoke('rubrics.precisionRecall', { through: pinned.basis.through });
    expect(performance(again)).toEqual(performance(pinned));
    expect(again.since).toEqual({ verdicts: 0, reruns: 0, labels: 1, failures: 0 });
    const recomputed = await core.invoke('rubrics.precisionRecall', {});
    expect(performance(recomputed)).toEqual({ hits: 2, total: 3, value: 2 / 3 });
    expect(recomputed.since).toEqual({ verdicts: 0, reruns: 0, labels: 0, failures: 0 });
  });
});
