/**
 * Bug templates for synthetic rollouts: each turns a clean program (as lines) into a
 * failing version and says how it fails. Tracebacks are built from the buggy text, so
 * their frames point at the line that holds the bug, whatever the version looks like.
 */
import type { TaskSpec } from './benchmarks';
import { libFrame, programFrame, syntaxError, traceback } from './python-traceback';
import type { Outcome } from './rollout-builder';
import { crash } from './rollout-builder';
import { cudaOom, dataFrameAttribute, moduleNotFound, pandasKeyError, readCsvNotFound, sklearnFeatureNames, sklearnNaN } from './tracebacks';

/** What a template knows about the program it breaks. */
export interface ProgramContext {
  spec: TaskSpec;
  /** The first data file and its reader (`read_csv` or `read_json`). */
  file: string;
  reader: string;
  target: string;
  /** A numeric feature column, when the facts list one. */
  feature?: string;
}

/** A failing variant of a program. */
export interface Bug {
  category: string;
  cause: string;
  /** Command to run instead of `python <path>` (e.g. under `timeout`). */
  command?: (path: string) => string;
  /** The buggy program, as lines. */
  apply(lines: string[], ctx: ProgramContext): string[];
  /** How the buggy program ends. */
  outcome(file: string, content: string, ctx: ProgramContext): Outcome;
}

/** A template and the programs it applies to. */
export interface BugTemplate extends Bug {
  applies(ctx: ProgramContext, kind: 'ml' | 'kernels'): boolean;
}

const replaceLine = (lines: string[], startsWith: string, next: string[]): string[] => {
  const i = lines.findIndex((l) => l.startsWith(startsWith));
  if (i < 0) throw new Error(`no line starting with ${startsWith}`);
  return [...lines.slice(0, i), ...next, ...lines.slice(i + 1)];
};

const insertAfter = (lines: string[], startsWith: string, extra: string[]): string[] => {
  const i = lines.findIndex((l) => l.startsWith(startsWith));
  if (i < 0) throw new Error(`no line starting with ${startsWith}`);
  return [...lines.slice(0, i + 1), ...extra, ...lines.slice(i + 1)];
};

const wrongCase = (name: string) => (name === name.toUpperCase() ? name.toLowerCase() : name.toUpperCase());
const ml = (_: ProgramContext, kind: 'ml' | 'kernels') => kind === 'ml';
const any = () => true;

/** All templates; the generator picks among those that apply. */
export const bugTemplates: BugTemplate[] = [
  {
    category: 'C01',
    cause: 'imports catboost, which the image does not ship',
    applies: ml,
    apply: (lines) => insertAfter(lines, 'import pandas as pd', ['import catboost']),
    outcome: (file, src) => crash(moduleNotFound([programFrame(file, src, 'import catboost')], 'catboost'), 700),
  },
  {
    category: 'C02',
    cause: 'target column name typed with the wrong case',
    applies: ml,
    apply: (lines, ctx) => replaceLine(lines, 'y = train[', [`y = train["${wrongCase(ctx.target)}"]`]),
    outcome: (file, src, ctx) => {
      const key = wrongCase(ctx.target);
      return crash(pandasKeyError([programFrame(file, src, 'y = train[', '<module>', { seg: `train["${key}"]`, subscript: true })], key), 1900);
    },
  },
  {
    category: 'C04',
    cause: 'reads from a Kaggle notebook path',
    applies: (ctx, kind) => kind === 'ml' && ctx.reader === 'read_csv',
    apply: (lines, ctx) => replaceLine(lines, 'train = pd.', [`train = pd.read_csv("/kaggle/input/${ctx.file}")`]),
    outcome: (file, src, ctx) =>
      crash(
        readCsvNotFound([programFrame(file, src, 'train = pd.', '<module>', { seg: `pd.read_csv("/kaggle/input/${ctx.file}")` })], `/kaggle/input/${ctx.file}`),
        900,
      ),
  },
  {
    category: 'C05',
    cause: 'the last print call is never closed',
    applies: any,
    apply: (lines) => {
      const i = lines.length - 1;
      return [...lines.slice(0, i), (lines[i] ?? '').replace(/\)$/, '')];
    },
    outcome: (file, src) => {
      const last = src.trimEnd().split('\n').pop() ?? '';
      return crash(syntaxError(file, src, last, 5, "'(' was never closed"), 120);
    },
  },
  {
    category: 'C06',
    cause: 'passes early_stopping_rounds, which fit() does not accept',
    applies: ml,
    apply: (lines) => replaceLine(lines, 'model.fit(', ['model.fit(X_tr, y_tr, early_stopping_rounds=20)']),
    outcome: (file, src) =>
      crash(
        traceback(
          [programFrame(file, src, 'model.fit(')],
          "TypeError: HistGradientBoostingRegressor.fit() got an unexpected keyword argument 'early_stopping_rounds'",
        ),
        2100,
      ),
  },
  {
    category: 'C06',
    cause: 'DataFrame.append was removed in pandas 2',
    applies: ml,
    apply: (lines) => insertAfter(lines, 'print(train.shape)', ['log = pd.DataFrame()', 'log = log.append({"rows": len(train)}, ignore_index=True)']),
    outcome: (file, src) =>
      crash(
        dataFrameAttribute(
          [programFrame(file, src, 'log = log.append(', '<module>', { seg: 'log.append' })],
          "'DataFrame' object has no attribute 'append'. Did you mean: '_append'?",
        ),
        1500,
      ),
  },
  {
    category: 'C10',
    cause: 'missing values reach LinearRegression',
    applies: ml,
    apply: (lines) =>
      replaceLine(replaceLine(lines, 'from sklearn.ensemble import', ['from sklearn.linear_model import LinearRegression']), 'model = ', [
        'model = LinearRegression()',
      ]),
    outcome: (file, src) => crash(sklearnNaN([programFrame(file, src, 'model.fit(')], 'LinearRegression', 'sklearn/linear_model/_base.py', 609), 2300),
  },
  {
    category: 'C03',
    cause: 'compares a numeric target with the string "1", so the count is zero',
    applies: ml,
    apply: (lines) => insertAfter(lines, 'X_tr, X_val', ['n_pos = int((y_tr == "1").sum())', 'ratio = len(y_tr) / n_pos']),
    outcome: (file, src) =>
      crash(
        traceback(
          [programFrame(file, src, 'ratio = len(y_tr) / n_pos', '<module>', { seg: 'len(y_tr) / n_pos', op: '/' })],
          'ZeroDivisionError: division by zero',
        ),
        1800,
      ),
  },
  {
    category: 'C03',
    cause: 'validation frame loses a column the model was fit with',
    applies: (ctx, kind) => kind === 'ml' && ctx.feature !== undefined,
    apply: (lines, ctx) => insertAfter(lines, 'model.fit(', [`X_val = X_val.drop(columns=["${ctx.feature}"])`]),
    outcome: (file, src, ctx) =>
      crash(
        sklearnFeatureNames(
          [
            programFrame(file, src, 'score = model.score(', '<module>', { seg: 'model.score(X_val, y_val)' }),
            libFrame('sklearn/base.py', 848, 'score', 'y_pred = self.predict(X)', 'self.predict(X)'),
          ],
          [ctx.feature ?? ''],
        ),
        5200,
      ),
  },
  {
    category: 'C07',
    cause: 'allocates a 16 GiB stress tensor on a 22 GiB GPU',
    applies: (_, kind) => kind === 'kernels',
    apply: (lines) => insertAfter(lines, 'x = torch.randn(', ['stress = torch.empty(65536, 65536, device="cuda")']),
    outcome: (file, src) =>
      crash(
        cudaOom([programFrame(file, src, 'stress = torch.empty(', '<module>', { seg: 'torch.empty(65536, 65536, device="cuda")' })], {
          tried: '16.00 GiB',
          total: '22.05 GiB',
          free: '5.91 GiB',
          pid: 4021,
          inUse: '16.13 GiB',
          allocated: '16.00 GiB',
          reserved: '2.00 MiB',
        }),
        9300,
      ),
  },
  {
    category: 'C06',
    cause: 'uses math without importing it',
    applies: (_, kind) => kind === 'kernels',
    apply: (lines) => insertAfter(lines, 'M, N = ', ['BLOCKS = math.ceil(N / 1024)']),
    outcome: (file, src) =>
      crash(traceback([programFrame(file, src, 'BLOCKS = math.ceil(', '<module>', { seg: 'math' })], "NameError: name 'math' is not defined"), 2600),
  },
  {
    category: 'C08',
    cause: 'the run does not finish within the 600 s cap',
    applies: any,
    command: (path) => `timeout 600 python ${path}`,
    apply: (lines) =>
      lines.some((l) => l.startsWith('model = '))
        ? replaceLine(lines, 'model = ', ['model = HistGradientBoostingRegressor(max_iter=20000, learning_rate=0.001, early_stopping=False)'])
        : insertAfter(lines, 'x = torch.randn(', ['for _ in range(10 ** 7):', '    run(x)  # warm-up']),
    outcome: () => ({ stdout: '', exitCode: 124, timedOut: true, durationMs: 600010 }),
  },
  {
    category: 'C09',
    cause: 'the kernel OOM killer ends the process',
    applies: any,
    apply: (lines) => insertAfter(lines, 'import numpy as np', ['buffers = [np.ones((1 << 28,)) for _ in range(64)]  # cache all folds']),
    outcome: (file, src) => ({
      stderr: `bash: line 1: ${1000 + (src.length % 8000)} Killed                  python ${file.split('/').pop() ?? ''}\n`,
      exitCode: 137,
      killed: true,
      durationMs: 48000,
    }),
  },
];
