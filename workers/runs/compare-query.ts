import type { ExperimentComparison, ResearchComparison } from '../../common/runs/run-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { comparisonDefaults, pairedComparison, validityDifference, type AttemptOutcome, type TaskDirection } from './paired-comparison';
import { armPairResearch } from './arm-pair-research';
import { armPlacement } from './placement';
import { leaderboardsByTask } from './leaderboard-queries';

interface ExperimentRow {
  arms: string[];
  repeats: number;
}

function experimentRow(db: Db, experiment: string): ExperimentRow {
  const row = db.prepare<unknown[], { arms: string; repeats: number }>('SELECT arms, repeats FROM experiments WHERE id = ?').get(experiment);
  if (row === undefined) throw new ApiError('not_found', `experiment "${experiment}" is not in this corpus`);
  return { arms: JSON.parse(row.arms) as string[], repeats: row.repeats };
}

/** Every planned slot of the given arms, with its attempt row where there is one. */
function armSlots(db: Db, experiment: string, row: ExperimentRow, arms: readonly string[]): AttemptOutcome[] {
  const recorded = db
    .prepare<unknown[], Omit<AttemptOutcome, 'valid'> & { valid: number | null }>(
      `SELECT a.id, a.case_id AS caseId, c.task_id AS task, a.arm, a.repeat, a.status, a.score, a.valid, a.wall_s AS wallS
        FROM attempts a JOIN cases c ON c.id = a.case_id WHERE a.experiment_id = ? AND a.arm IN (SELECT value FROM json_each(?))`,
    )
    .all(experiment, JSON.stringify(arms))
    .map((r) => ({ ...r, valid: r.valid === null ? null : r.valid === 1 }));
  return withPlannedSlots(db, experiment, arms, row.repeats, recorded);
}

/** Paired comparison of two arms of an experiment, over every attempt row it has. */
export function compareArms(db: Db, experiment: string, a: string, b: string): ExperimentComparison {
  const row = experimentRow(db, experiment);
  for (const [field, arm] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (!row.arms.includes(arm))
      throw new ApiError('invalid_request', `${field}: experiment "${experiment}" has no arm "${arm}" (arms: ${row.arms.join(', ')})`);
  }
  const attempts = armSlots(db, experiment, row, [a, b]);
  const directions = taskDirections(
    db,
    attempts.map((t) => t.task),
  );
  const boards = leaderboardsByTask(
    db,
    attempts.map((t) => t.task),
  );
  const placement = boards.size ? { tasks: [...boards.keys()].sort(), a: armPlacement(attempts, a, boards), b: armPlacement(attempts, b, boards) } : null;
  const paired = pairedComparison(attempts, a, b, directions);
  const research = armPairResearch(attempts, a, b, paired.perCase, paired);
  return { experiment, a, b, ...paired, placement, research, validity: validityDifference(attempts, a, b) };
}

/** `experiments.research`: every pair of the experiment's arms, each later arm (A) against each earlier one (B). */
export function researchComparison(db: Db, experiment: string): ResearchComparison {
  const row = experimentRow(db, experiment);
  const attempts = armSlots(db, experiment, row, row.arms);
  const directions = taskDirections(
    db,
    attempts.map((t) => t.task),
  );
  const pairs = row.arms.flatMap((b, i) =>
    row.arms.slice(i + 1).map((a) => {
      const paired = pairedComparison(attempts, a, b, directions);
      return armPairResearch(attempts, a, b, paired.perCase, paired);
    }),
  );
  const { resamples, seed } = comparisonDefaults;
  return { experiment, arms: row.arms, computedAt: new Date().toISOString(), resamples, seed, pairs };
}

/** Each task's metric and direction, as the corpus records them (either may be unknown). */
export function taskDirections(db: Db, tasks: readonly string[]): Map<string, TaskDirection> {
  const get = db.prepare<unknown[], { metric: string | null; h: number | null }>('SELECT metric, higher_is_better AS h FROM tasks WHERE id = ?');
  const out = new Map<string, TaskDirection>();
  for (const task of new Set(tasks)) {
    const row = get.get(task);
    out.set(task, { metric: row?.metric ?? null, higherIsBetter: row === undefined || row.h === null ? null : row.h === 1 });
  }
  return out;
}

/**
 * Every planned slot (case of the experiment × arm × repeat) as an outcome: a slot with no
 * attempt row (never started) is unknown, so denominators count what was planned, not what ran.
 */
function withPlannedSlots(db: Db, experiment: string, arms: readonly string[], repeats: number, recorded: AttemptOutcome[]): AttemptOutcome[] {
  const cases = db
    .prepare<unknown[], { caseId: string; task: string }>(
      'SELECT DISTINCT a.case_id AS caseId, c.task_id AS task FROM attempts a JOIN cases c ON c.id = a.case_id WHERE a.experiment_id = ?',
    )
    .all(experiment);
  const have = new Set(recorded.map((r) => `${r.caseId}\u0000${r.arm}\u0000${r.repeat}`));
  const missing: AttemptOutcome[] = [];
  for (const { caseId, task } of cases) {
    for (const arm of new Set(arms)) {
      for (let repeat = 0; repeat < repeats; repeat++) {
        if (!have.has(`${caseId}\u0000${arm}\u0000${repeat}`)) missing.push({ caseId, task, arm, repeat, status: 'never started', score: null, valid: null });
      }
    }
  }
  return [...recorded, ...missing];
}
