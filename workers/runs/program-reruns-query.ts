import type { ProgramRerun } from '../../common/runs/attempt-diagnosis';
import type { Db } from '../db/open-corpus';
import { attemptDiagnosis } from './attempt-diagnosis-query';

/**
 * The attempts that re-ran one stored program version (through any case made from it),
 * dispatched ones only, oldest first, each with its outcome against the original failure:
 * what a rollout's step shows as its reruns.
 */
export function programReruns(db: Db, program: { rollout: string; path: string; version: number }): ProgramRerun[] {
  const rows = db
    .prepare<unknown[], { id: number; experiment: string; status: string; host: string | null }>(
      `SELECT a.id, a.experiment_id AS experiment, a.status, a.host FROM attempts a JOIN cases c ON c.id = a.case_id
      WHERE json_extract(c.program, '$.rollout') = ? AND json_extract(c.program, '$.path') = ? AND json_extract(c.program, '$.version') = ?
        AND a.status <> 'queued'
      ORDER BY a.id`,
    )
    .all(program.rollout, program.path, program.version);
  return rows.map((r) => {
    const d = attemptDiagnosis(db, r.id);
    return { attemptId: r.id, experiment: r.experiment, status: r.status, host: d.environment?.host ?? r.host, outcome: d.outcome, summary: d.summary };
  });
}
