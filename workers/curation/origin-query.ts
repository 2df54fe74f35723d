/**
 * Traces rubrics to their source tasks and benchmarks in the corpus, for the held-out-origin
 * audit (docs/definitions.md): a support row's task is its rollout's task, and also the task the row
 * names when that differs (both are sources; either being held out fails the audit).
 */
import type { BenchmarkRole } from '../../common/corpus/corpus-types';
import type { OriginAudit } from '../../common/pipeline/pipeline-types';
import type { Db } from '../db/open-corpus';
import { requireLibrary } from '../rubrics/library-queries';
import { auditOrigins, type OriginRow } from './held-out-audit';
import type { SupportRef } from './near-duplicates';

/** A rubric to trace: its id, title and support. */
export interface TracedRubric {
  id: string;
  title: string;
  support: readonly SupportRef[];
}

/** Every source of every rubric, resolved as far as the corpus allows. */
export function originRows(db: Db, rubrics: readonly TracedRubric[]): OriginRow[] {
  const rolloutTask = db.prepare<unknown[], string>('SELECT task_id FROM rollouts WHERE id = ?').pluck();
  const taskBenchmark = db.prepare<unknown[], { benchmark: string; role: BenchmarkRole }>(
    'SELECT b.id AS benchmark, b.role FROM tasks t JOIN benchmarks b ON b.id = t.benchmark_id WHERE t.id = ?',
  );
  const rows: OriginRow[] = [];
  for (const rubric of rubrics) {
    for (const s of rubric.support) {
      const tasks = [...new Set([rolloutTask.get(s.rollout), s.task ?? undefined].filter((t): t is string => t !== undefined))];
      const resolved = tasks.flatMap((task) => {
        const b = taskBenchmark.get(task);
        return b ? [{ rubric: rubric.id, title: rubric.title, rollout: s.rollout, task, benchmark: b.benchmark, role: b.role }] : [];
      });
      rows.push(
        ...(resolved.length ? resolved : [{ rubric: rubric.id, title: rubric.title, rollout: s.rollout, task: tasks[0] ?? null, benchmark: null, role: null }]),
      );
    }
  }
  return rows;
}

/** `libraries.auditOrigins`: the audit of a stored library. */
export function auditLibrary(db: Db, library: string): OriginAudit {
  requireLibrary(db, library);
  const rubrics = db
    .prepare<unknown[], { id: string; title: string }>(
      `SELECT r.id, r.title FROM library_rubrics lr JOIN rubrics r ON r.id = lr.rubric_id WHERE lr.library_id = ? ORDER BY lr.position`,
    )
    .all(library);
  const support = db.prepare<unknown[], SupportRef>(
    'SELECT rollout_id AS rollout, task_id AS task FROM rubric_support WHERE rubric_id = ? ORDER BY rollout_id',
  );
  const traced = rubrics.map((r) => ({ ...r, support: support.all(r.id) }));
  return { library, rubrics: rubrics.length, ...auditOrigins(originRows(db, traced)) };
}
