/**
 * Re-execution records: three cases (a stored program version, an inline program and a
 * kernel benchmark, covering the three score rules) and one experiment comparing
 * lesson-guided corrections with the original and a task-only correction.
 */
import type { RecordOf } from '../../common/corpus/bundle';
import { bikeGridProgram } from './rollouts-bike';

/** Cases that can be re-run. */
export const cases: RecordOf<'case'>[] = [
  {
    type: 'case',
    id: 'case-1',
    task: 'dsbench-bike-sharing',
    program: { rollout: 'r-0101', path: 'train.py', version: 3 },
    command: 'python train.py',
    timeoutS: 600,
    score: { from: 'stdout', regex: 'val RMSLE: ([0-9.]+)' },
    dataDir: 'data',
  },
  {
    type: 'case',
    id: 'case-2',
    task: 'dsbench-bike-sharing',
    program: { path: 'train.py', content: bikeGridProgram },
    command: 'python train.py && python /opt/grader/rmsle.py submission.csv data/solution.csv',
    timeoutS: 3600,
    score: { from: 'command', command: 'python /opt/grader/rmsle.py submission.csv data/solution.csv' },
    dataDir: 'data',
  },
  {
    type: 'case',
    id: 'case-3',
    task: 'tritonbench-layernorm',
    program: { rollout: 'r-0108', path: 'layernorm.py', version: 1 },
    command: 'python bench.py --json score.json',
    timeoutS: 300,
    score: { from: 'json', path: 'score.json', field: 'geomean_speedup' },
  },
];

/** The experiment: does following a lesson improve the same program? */
export const experiment: RecordOf<'experiment'> = {
  type: 'experiment',
  id: 'exp-1',
  name: 'lesson-guided vs no lesson',
  arms: ['original', 'no_lesson', 'lesson_guided'],
  repeats: 2,
};

type Attempt = RecordOf<'attempt'>;
type Outcome = Pick<Attempt, 'status' | 'exitCode' | 'wallS' | 'score' | 'valid' | 'host'>;

const done = (wallS: number, score: number, host: string): Outcome => ({ status: 'succeeded', exitCode: 0, wallS, score, valid: true, host });

/** Outcomes per case, arm and repeat; the failures and the lost node stay in the record. */
const outcomes: Record<string, Record<string, Outcome[]>> = {
  'case-1': {
    original: [done(6.1, 0.4318, 'gpu-box-2'), { status: 'unknown', exitCode: null, wallS: null, score: null, valid: null, host: 'slurm:node07' }],
    no_lesson: [done(6.4, 0.4291, 'gpu-box-2'), { status: 'failed', exitCode: 1, wallS: 4.8, score: null, valid: false, host: 'gpu-box-2' }],
    lesson_guided: [done(6.9, 0.3517, 'gpu-box-2'), done(7.0, 0.3524, 'slurm:node07')],
  },
  'case-3': {
    original: [done(41.2, 1.61, 'gpu-box-2'), done(40.7, 1.6, 'gpu-box-2')],
    no_lesson: [done(43.5, 1.58, 'gpu-box-2'), done(42.9, 1.62, 'slurm:node07')],
    lesson_guided: [{ status: 'timeout', exitCode: 124, wallS: 300, score: null, valid: false, host: 'slurm:node07' }, done(44.1, 1.66, 'gpu-box-2')],
  },
};

/** One attempt per (case, arm, repeat) slot of the experiment. */
export function buildAttempts(): Attempt[] {
  return Object.entries(outcomes).flatMap(([caseId, arms]) =>
    experiment.arms.flatMap((arm) =>
      (arms[arm] ?? []).map((o, repeat) => ({ type: 'attempt' as const, experiment: experiment.id, case: caseId, arm, repeat, ...o })),
    ),
  );
}
