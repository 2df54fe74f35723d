import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes records (objects or raw lines) as a bundle file and returns its path. */
export function writeBundle(dir: string, name: string, records: readonly (object | string)[]): string {
  const path = join(dir, name);
  writeFileSync(path, records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');
  return path;
}

/** A small, complete bundle: one of each core record type, with a failed step holding a traceback. */
export function miniBundle(): object[] {
  const program = 'import pandas as pd\n\ndf = pd.read_csv("train.csv")\nprint(df["Agee"].mean())\n';
  const traceback = [
    'Traceback (most recent call last):',
    '  File "/workspace/solution.py", line 4, in <module>',
    '    print(df["Agee"].mean())',
    "KeyError: 'Agee'",
  ].join('\n');
  return [
    { type: 'taxonomy', version: 'v1', categories: [{ code: 'C02', name: 'Missing column', family: 'crash' }] },
    { type: 'benchmark', id: 'bench', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 'task-1', benchmark: 'bench', statement: 'Mean age', metric: 'accuracy', higherIsBetter: true },
    { type: 'collection', id: 'pool', name: 'Pool', createdAt: '2026-09-01' },
    { type: 'rollout', id: 'r-1', task: 'task-1', collection: 'pool', agent: 'haiku', seed: 1, grade: 'wrong', score: 0.1, futureField: { kept: true } },
    { type: 'program', rollout: 'r-1', path: 'solution.py', version: 0, content: program },
    { type: 'step', rollout: 'r-1', index: 0, command: 'ls', stdout: 'train.csv\n', exitCode: 0, durationMs: 12 },
    {
      type: 'step',
      rollout: 'r-1',
      index: 1,
      command: 'python solution.py',
      stderr: traceback,
      exitCode: 1,
      durationMs: 800,
      program: { path: 'solution.py', version: 0 },
    },
    { type: 'failure', rollout: 'r-1', step: 1, category: 'C02', cause: 'typo in column name' },
    { type: 'failure', rollout: 'r-1', step: null, kind: 'wrong_answer', category: 'C02', cause: 'answered with the wrong column' },
    {
      type: 'rubric',
      id: 'rb-1',
      title: 'Check column names',
      appliesWhen: 'reading CSV columns',
      pattern: 'misspelt column',
      family: 'error',
      category: 'C02',
      support: [{ rollout: 'r-1', task: 'task-1' }],
      miner: 'whole-rollout',
    },
    { type: 'library', id: 'lib-1', name: 'Lib', method: 'hand-curated', builtAt: '2026-09-20', rubrics: ['rb-1'] },
    { type: 'label', annotator: 'ana', schema: 'category', target: { kind: 'rubric', id: 'rb-1' }, value: 'C02', at: '2026-10-01T12:00:00Z' },
  ];
}

/** Writes `text` under `name` in a folder of its own inside `dir`, so variants of one real file keep its name. */
export function writeVariant(dir: string, text: string, name: string): string {
  const folder = join(dir, `variant-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}
