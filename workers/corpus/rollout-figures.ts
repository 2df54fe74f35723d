import { recountFigures } from '../db/migrations/010-rollout-figures';
import { recountFigureCounters } from '../db/migrations/015-corpus-counts';
import type { Db } from '../db/open-corpus';
import { oneRow } from '../db/one-row';
import type { StepFigures } from './step-figures';

/** The newest row ids of the tables figures are counted from, taken before a write. */
export interface FiguresMark {
  rollout: number;
  failure: number;
}

export function figuresMark(db: Db): FiguresMark {
  const max = (sql: string) => oneRow(db.prepare<unknown[], number | null>(sql).pluck().get()) ?? 0;
  return {
    rollout: max('SELECT max(rowid) FROM rollouts'),
    failure: max('SELECT max(id) FROM failure_events'),
  };
}

/** The part of the migration's recount that reads a rollout's steps back. */
const countedSteps = '(steps, duration_ms) = (SELECT count(*), coalesce(sum(duration_ms), 0) FROM steps WHERE steps.rollout_id = rollout_figures.rollout_id)';

/** The migration's recount of one rollout with its step figures bound instead of counted; the failure figures are recounted (few rows, read through failure_events_rollout). */
const writeCounted = (() => {
  const recount = recountFigures('rollout_id = ?');
  if (!recount.includes(countedSteps)) throw new Error('recountFigures no longer counts steps as rollout-figures.ts expects');
  return recount.replace(countedSteps, 'steps = ?, duration_ms = ?');
})();

/**
 * From how many rollouts written at once the figures' counter triggers are paused and their
 * counters recounted whole: the triggers cost about 0.1 ms a rollout, the recount a pass over
 * every rollout's figures (about 0.1 s at 100,000 rollouts).
 */
const pauseCountersFrom = 1_000;

/**
 * Writes the figures of every rollout an import touched (it got its rollout row, a step or a
 * failure event since `mark`; the import calls it once, before it commits). A rollout this
 * import created has no steps but this import's, so its step count and duration are the ones
 * `steps` counted as they were written; the others (steps added to an older rollout, or a
 * duration SQL sums differently) are recounted by SQL. Returns how many rollouts it wrote.
 */
export function recountFiguresSince(db: Db, mark: FiguresMark, steps: StepFigures): number {
  const created = new Set(db.prepare<unknown[], string>('SELECT id FROM rollouts WHERE rowid > ?').pluck().all(mark.rollout));
  const touched = new Set(created);
  for (const rollout of steps.rollouts()) touched.add(rollout);
  for (const rollout of db.prepare<unknown[], string>('SELECT DISTINCT rollout_id FROM failure_events WHERE id > ?').pluck().all(mark.failure)) {
    touched.add(rollout);
  }
  // Inside the import's transaction: no other connection ever sees the pause.
  const paused = touched.size >= pauseCountersFrom;
  if (paused) db.prepare('INSERT INTO counters_paused (paused) VALUES (1)').run();
  const ensure = db.prepare('INSERT INTO rollout_figures (rollout_id) VALUES (?) ON CONFLICT DO NOTHING');
  const counted = db.prepare(writeCounted);
  const recount = db.prepare(recountFigures('rollout_id = ?'));
  for (const rollout of touched) {
    ensure.run(rollout);
    const exact = created.has(rollout) ? steps.exact(rollout) : undefined;
    if (exact) counted.run(exact.steps, exact.durationMs, rollout);
    else recount.run(rollout);
  }
  if (paused) {
    db.prepare('DELETE FROM counters_paused').run();
    db.exec(recountFigureCounters);
  }
  return touched.size;
}
