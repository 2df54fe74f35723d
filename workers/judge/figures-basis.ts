/**
 * What precision and recall were computed from (docs/definitions.md, "Figures and their
 * basis"): the last row of each table they count, and the rows that came after.
 */
import type { RowMarks } from '../../common/pipeline/pipeline-types';
import type { Db } from '../db/open-corpus';
import { creditSchema, type ProgramRef } from './truth-query';

/** The last row ids now: a report computed through them counts every row there is. */
export function currentMarks(db: Db): RowMarks {
  const max = (table: 'verdicts' | 'attempts' | 'labels' | 'failure_events') =>
    db.prepare<unknown[], number>(`SELECT coalesce(max(id), 0) FROM ${table}`).pluck().get() ?? 0;
  return { verdict: max('verdicts'), attempt: max('attempts'), label: max('labels'), failure: max('failure_events') };
}

/** Credit labels, and failure events of the judged rollouts, written after `through`. */
export function newerTruth(db: Db, refs: readonly ProgramRef[], through: RowMarks): { labels: number; failures: number } {
  const labels = db
    .prepare<unknown[], number>(`SELECT count(*) FROM labels WHERE schema_name = ? AND target_kind = 'program' AND id > ?`)
    .pluck()
    .get(creditSchema, through.label);
  const failures = db
    .prepare<unknown[], number>('SELECT count(*) FROM failure_events WHERE id > ? AND rollout_id IN (SELECT value FROM json_each(?))')
    .pluck()
    .get(through.failure, JSON.stringify([...new Set(refs.map((r) => r.rollout))]));
  return { labels: labels ?? 0, failures: failures ?? 0 };
}
