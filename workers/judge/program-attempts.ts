/**
 * The attempts that re-ran stored program versions: through a case made from the version, or
 * through an experiment variant that gives the attempt's arm that version.
 */
import type { Db } from '../db/open-corpus';

/** One attempt on a program version. */
export interface ProgramAttempt {
  id: number;
  experiment: string;
  status: string;
}

/** Program version key as `programAttempts` takes it: `[rollout, path, version]` as JSON. */
export function programKey(rollout: unknown, path: unknown, version: unknown): string {
  return JSON.stringify([rollout, path, version]);
}

/**
 * Attempts whose program is one of `programs` (key to program_versions.id), by program id,
 * oldest first. Queued attempts never ran and are left out.
 */
export function programAttempts(db: Db, programs: ReadonlyMap<string, number>): Map<number, ProgramAttempt[]> {
  const rows = db
    .prepare<unknown[], { id: number; experiment: string; status: string; arm: string; caseId: string; program: string; extra: string | null }>(
      `SELECT a.id, a.experiment_id AS experiment, a.status, a.arm, a.case_id AS caseId, c.program, e.extra
      FROM attempts a JOIN cases c ON c.id = a.case_id JOIN experiments e ON e.id = a.experiment_id
      WHERE a.status <> 'queued' ORDER BY a.id`,
    )
    .all();
  const out = new Map<number, ProgramAttempt[]>();
  for (const row of rows) {
    const variants = (
      (row.extra ? (JSON.parse(row.extra) as { variants?: { arm: string; case: string | null; program: unknown }[] }).variants : undefined) ?? []
    ).filter((v) => v.arm === row.arm);
    const variant = variants.find((v) => v.case === row.caseId) ?? variants.find((v) => v.case === null);
    const ref = (variant?.program ?? JSON.parse(row.program)) as { rollout?: string; path?: string; version?: number };
    const program = programs.get(programKey(ref.rollout, ref.path, ref.version));
    if (program === undefined) continue;
    out.set(program, [...(out.get(program) ?? []), { id: row.id, experiment: row.experiment, status: row.status }]);
  }
  return out;
}
