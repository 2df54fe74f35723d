import type { ExperimentComparison } from '../../common/domain';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { pairedComparison, validityDifference, type AttemptOutcome } from '../stats/paired-comparison';
import { armPlacement } from '../stats/placement';
import { leaderboardsByTask } from './leaderboard-queries';

/** Paired comparison of two arms of an experiment, over every attempt row it has. */
export function compareArms(db: Db, experiment: string, a: string, b: string): ExperimentComparison {
  const row = db.prepare('SELECT arms FROM experiments WHERE id = ?').pluck().get(experiment) as string | undefined;
  if (row === undefined) throw new ApiError('not_found', `experiment "${experiment}" is not in this corpus`);
  const arms = JSON.parse(row) as string[];
  for (const [field, arm] of [['a', a], ['b', b]] as const) {
    if (!arms.includes(arm)) throw new ApiError('invalid_request', `${field}: experiment "${experiment}" has no arm "${arm}" (arms: ${arms.join(', ')})`);
  }
  const attempts = (
    db
      .prepare(`SELECT a.case_id AS caseId, c.task_id AS task, a.arm, a.repeat, a.status, a.score, a.valid
        FROM attempts a JOIN cases c ON c.id = a.case_id WHERE a.experiment_id = ? AND a.arm IN (?, ?)`)
      .all(experiment, a, b) as (Omit<AttemptOutcome, 'valid'> & { valid: number | null })[]
  ).map((r) => ({ ...r, valid: r.valid === null ? null : r.valid === 1 }));
  const boards = leaderboardsByTask(db, attempts.map((t) => t.task));
  const placement = boards.size ? { tasks: [...boards.keys()].sort(), a: armPlacement(attempts, a, boards), b: armPlacement(attempts, b, boards) } : null;
  return { experiment, a, b, ...pairedComparison(attempts, a, b), placement, validity: validityDifference(attempts, a, b) };
}
