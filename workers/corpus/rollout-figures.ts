import { recountFigures } from '../db/migrations/010-rollout-figures';
import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';

/** The newest row ids of the tables figures are counted from, taken before a write. */
export interface FiguresMark {
  rollout: number;
  step: number;
  failure: number;
}

export function figuresMark(db: Db): FiguresMark {
  const max = (sql: string) => oneRow(db.prepare<unknown[], number | null>(sql).pluck().get()) ?? 0;
  return {
    rollout: max('SELECT max(rowid) FROM rollouts'),
    step: max('SELECT max(id) FROM steps'),
    failure: max('SELECT max(id) FROM failure_events'),
  };
}

/**
 * Recounts the figures of every rollout that got a rollout row, a step or a failure event
 * since `mark` (an import calls it once, before it commits). Returns how many it recounted.
 */
export function recountFiguresSince(db: Db, mark: FiguresMark): number {
  const touched = JSON.stringify(
    db
      .prepare(
        `SELECT id FROM rollouts WHERE rowid > ? UNION SELECT rollout_id FROM steps WHERE id > ?
        UNION SELECT rollout_id FROM failure_events WHERE id > ?`,
      )
      .pluck()
      .all(mark.rollout, mark.step, mark.failure),
  );
  db.prepare('INSERT INTO rollout_figures (rollout_id) SELECT value FROM json_each(?) WHERE true ON CONFLICT DO NOTHING').run(touched);
  return db.prepare(recountFigures('rollout_id IN (SELECT value FROM json_each(?))')).run(touched).changes;
}
