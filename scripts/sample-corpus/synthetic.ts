/**
 * Synthetic rollouts for large benchmark corpora (scripts/gen-corpus.ts). Each rollout
 * is generated on its own from (seed, index), so any number can be streamed without
 * keeping earlier ones: its task, exploration steps, program versions (some with bugs
 * from `synthetic-bugs`) and grade. Rubrics reuse the sample corpus's lesson texts.
 */
import type { BundleRecord, RecordOf } from '../../common/corpus/bundle';
import { type TaskSpec, benchmarks, heldOutBenchmarks, tasks } from './benchmarks';
import { dtypes, head, ls, nvidiaSmi, wc } from './explore';
import { type Rng, createRng, mixSeed } from './prng';
import { type Grade, RolloutBuilder, ok } from './rollout-builder';
import { wholeRolloutAnswer, wrongAnswerRubrics } from './rubrics-answer';
import { quotaCrash, wholeRolloutCrash } from './rubrics-crash';
import { wholeRolloutPerformance } from './rubrics-performance';
import { type ProgramContext, bugTemplates } from './synthetic-bugs';
import { taxonomyRecord } from '../../workers/categories/taxonomy-v1';

const taskList: TaskSpec[] = Object.values(tasks);
const disciplineOf = new Map(benchmarks.map((b) => [b.id, b.discipline]));
const kindOf = (spec: TaskSpec): 'ml' | 'kernels' => (disciplineOf.get(spec.record.benchmark) === 'kernels' ? 'kernels' : 'ml');

/** Collections of generated rollouts. */
export const syntheticCollections: RecordOf<'collection'>[] = [
  { type: 'collection', id: 'gen-a', name: 'Synthetic collection A', createdAt: '2026-11-01', agent: 'haiku-4.5' },
  { type: 'collection', id: 'gen-b', name: 'Synthetic collection B', createdAt: '2026-11-15' },
];

/** Records that precede the rollouts: taxonomy, benchmarks, tasks, collections. */
export function headerRecords(): BundleRecord[] {
  return [taxonomyRecord, ...benchmarks, ...taskList.map((t) => t.record), ...syntheticCollections];
}

/** Id of the i-th generated rollout. */
export const rolloutId = (i: number): string => `g-${String(i).padStart(7, '0')}`;

/** The task of rollout i: the first draw of its own random stream. */
export function taskOf(seed: number, i: number): TaskSpec {
  return taskList[createRng(mixSeed(seed, i)).int(0, taskList.length - 1)] as TaskSpec;
}

function contextOf(spec: TaskSpec): ProgramContext {
  const file = spec.record.facts?.files.find((f) => f.columns?.length) ?? { path: 'input.csv', columns: [] };
  const columns = file.columns ?? [];
  const target = columns[columns.length - 1]?.name ?? 'target';
  const feature = columns.find((c) => c.name !== target && /int|float/.test(c.dtype))?.name;
  return { spec, file: file.path, reader: file.path.endsWith('.json') ? 'read_json' : 'read_csv', target, feature };
}

function mlProgram(ctx: ProgramContext, version: number): string[] {
  return [
    'import numpy as np',
    'import pandas as pd',
    'from sklearn.ensemble import HistGradientBoostingRegressor',
    'from sklearn.model_selection import train_test_split',
    '',
    `train = pd.${ctx.reader}("${ctx.spec.dataDir}${ctx.file}")`,
    'print(train.shape)',
    `target = "${ctx.target}"`,
    'features = [c for c in train.columns if c != target and train[c].dtype != object]',
    'X = train[features]',
    'y = train[target]',
    `X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.2, random_state=${version})`,
    `model = HistGradientBoostingRegressor(max_iter=${100 * (version + 1)})`,
    'model.fit(X_tr, y_tr)',
    'score = model.score(X_val, y_val)',
    'print("validation score:", round(score, 4))',
  ];
}

function kernelProgram(version: number): string[] {
  return [
    'import numpy as np',
    'import torch',
    '',
    `M, N = ${16 << (version % 3)}, 16384`,
    '',
    '',
    'def run(x):',
    '    return torch.softmax(x, dim=1)',
    '',
    '',
    'x = torch.randn(M, N, device="cuda")',
    'out = run(x)',
    'torch.cuda.synchronize()',
    'print("checksum:", round(out.sum().item(), 3))',
  ];
}

const pathsByKind = { ml: ['solution.py', 'train.py', 'model.py', 'final.py'], kernels: ['kernel.py', 'model_new.py'] };

function explore(b: RolloutBuilder, rng: Rng, budget: number): void {
  const spec = b.spec;
  const files = spec.record.facts?.files ?? [];
  const options: ((x: RolloutBuilder) => number)[] = [ls];
  const headed = Object.keys(spec.heads)[0];
  if (headed) options.push((x) => head(x, headed, 3));
  if (files.some((f) => f.path.endsWith('.csv') && f.rows !== undefined)) options.push(wc);
  const typed = files.find((f) => f.columns?.length);
  if (typed) options.push((x) => dtypes(x, typed.path));
  if (spec.gpu) options.push(nvidiaSmi);
  for (let k = 0; k < budget; k++) rng.pick(options)(b);
}

type GradeFailure = [category: string, kind: 'wrong_answer' | 'invalid_output'];

function grade(rng: Rng, spec: TaskSpec, crashedLast: boolean): { result: Grade; failure?: GradeFailure } {
  const g = crashedLast ? 'missing' : rng.pick(['correct', 'correct', 'wrong', 'wrong', 'invalid'] as const);
  const score = g === 'missing' || g === 'invalid' ? null : Math.round((0.3 + rng.next() * 0.65) * 1e4) / 1e4;
  const result: Grade = {
    grade: g,
    score,
    submitted: g === 'missing' ? null : 'submission.csv',
    graderVerdict: g === 'missing' ? 'no submission found' : g === 'invalid' ? 'invalid submission: unexpected columns' : `score ${score}`,
  };
  if (spec.record.benchmark === 'mle-bench') {
    result.medal = g === 'correct' ? rng.pick(['gold', 'silver', 'bronze'] as const) : 'none';
    result.aboveMedian = g === 'correct' || (g === 'wrong' && rng.chance(0.4));
    result.validSubmission = g === 'correct' || g === 'wrong';
  }
  if (g === 'wrong') return { result, failure: [rng.pick(['Q02', 'Q03', 'Q04', 'Q05', 'Q06', 'P01', 'P02', 'P03', 'P04']), 'wrong_answer'] };
  if (g === 'invalid') return { result, failure: [rng.pick(['Q01', 'Q07']), 'invalid_output'] };
  return { result };
}

/**
 * All records of rollout i with exactly `steps` steps: rollout first, then its
 * program versions, steps and failures.
 */
export function syntheticRollout(seed: number, i: number, steps: number): BundleRecord[] {
  const rng = createRng(mixSeed(seed, i));
  const spec = taskList[rng.int(0, taskList.length - 1)] as TaskSpec;
  const kind = kindOf(spec);
  const ctx = contextOf(spec);
  const b = new RolloutBuilder(
    { id: rolloutId(i), task: spec.record.id, collection: i % 3 === 0 ? 'gen-a' : 'gen-b', agent: rng.pick(['haiku-4.5', 'sonnet-4.5']), seed: rng.int(1, 8) },
    rng,
  );
  explore(b, rng, steps >= 3 ? Math.min(rng.int(1, 4), steps - 2) : 0);
  const path = rng.pick(pathsByKind[kind]);
  const applicable = bugTemplates.filter((t) => t.applies(ctx, kind));
  let version = 0;
  let lastCause = '';
  let crashedLast = false;
  while (b.length < steps) {
    if (steps - b.length < 2) {
      b.sh(
        `wc -l ${path}`,
        version ? { stdout: `${b.src(path).split('\n').length - 1} ${path}\n` } : { stderr: `wc: ${path}: No such file or directory\n`, exitCode: 1 },
      );
      continue;
    }
    const bug = rng.chance(0.5) ? rng.pick(applicable) : undefined;
    const clean = kind === 'ml' ? mlProgram(ctx, version) : kernelProgram(version);
    const lines = bug ? bug.apply(clean, ctx) : clean;
    const note = lastCause ? [`# v${version}: fixed: ${lastCause}`] : [];
    b.write(path, [...note, ...lines].join('\n'));
    const rows = spec.record.facts?.files[0]?.rows ?? 0;
    const score = Math.round(rng.next() * 1e4) / 1e4;
    const success =
      kind === 'ml' ? `(${rows}, ${ctx.spec.record.facts?.files[0]?.columns?.length ?? 0})\nvalidation score: ${score}\n` : `checksum: ${score * 16}\n`;
    b.run(
      bug?.command?.(path) ?? `python ${path}`,
      path,
      (src, file) => (bug ? bug.outcome(file, src, ctx) : ok(success, undefined, score)),
      bug && rng.chance(0.7) ? { category: bug.category, cause: bug.cause } : undefined,
    );
    lastCause = bug?.cause ?? '';
    crashedLast = bug !== undefined;
    version++;
  }
  const { result, failure } = grade(rng, spec, crashedLast);
  if (failure) b.fail(null, { category: failure[0], cause: 'found at grading (synthetic)', kind: failure[1] });
  return b.finish(result);
}

const lessonTexts = [...wrongAnswerRubrics, ...wholeRolloutCrash, ...wholeRolloutAnswer, ...wholeRolloutPerformance, ...quotaCrash];

/**
 * Rubric k of a generated library: a sample lesson's text (numbered when reused),
 * supported by one to three rollouts of mining tasks among the `rollouts` generated.
 */
export function syntheticRubric(seed: number, k: number, rollouts: number): RecordOf<'rubric'> {
  const rng = createRng(mixSeed(seed ^ 0x5bd1e995, k));
  const text = lessonTexts[k % lessonTexts.length] as (typeof lessonTexts)[number];
  const round = Math.floor(k / lessonTexts.length);
  const support: { rollout: string; task: string }[] = [];
  const wanted = rng.int(1, 3);
  // Probe a bounded number of indices so a corpus without mining rollouts still terminates.
  for (let tries = 0; tries < 64 && support.length < wanted && rollouts > 0; tries++) {
    const i = rng.int(0, rollouts - 1);
    const spec = taskOf(seed, i);
    if (!heldOutBenchmarks.has(spec.record.benchmark) && !support.some((s) => s.rollout === rolloutId(i))) {
      support.push({ rollout: rolloutId(i), task: spec.record.id });
    }
  }
  const record: RecordOf<'rubric'> = {
    type: 'rubric',
    id: `gr-${String(k).padStart(6, '0')}`,
    title: round ? `${text.title} (${round + 1})` : text.title,
    appliesWhen: text.appliesWhen,
    pattern: text.pattern,
    family: text.category.startsWith('P') ? 'performance' : 'error',
    category: text.category,
    support,
    miner: 'whole-rollout',
  };
  if (text.fix) record.fix = text.fix;
  return record;
}
