/**
 * The held-out-origin audit (docs/definitions.md): every rubric of a library is traced to its source
 * tasks; a rubric whose support includes a held-out benchmark fails the library's build,
 * naming the rubric and the task. Pure: callers resolve support to tasks and benchmarks.
 */
import type { BenchmarkRole } from '../../common/corpus/corpus-types';
import type { OriginViolation, UnresolvedOrigin } from '../../common/pipeline/pipeline-types';

/** One support row of a rubric, resolved as far as the corpus allows. */
export interface OriginRow {
  rubric: string;
  title: string;
  rollout: string;
  /** The source task: the rollout's, else the one the support names; null when neither is known. */
  task: string | null;
  benchmark: string | null;
  role: BenchmarkRole | null;
}

/** The audit of a set of support rows. */
export interface OriginAuditResult {
  /** False when any rubric has a held-out source. Unresolved sources are listed but do not fail it. */
  passed: boolean;
  violations: OriginViolation[];
  unresolved: UnresolvedOrigin[];
}

/** Audits resolved support rows. */
export function auditOrigins(rows: readonly OriginRow[]): OriginAuditResult {
  const violations: OriginViolation[] = [];
  const unresolved: UnresolvedOrigin[] = [];
  for (const row of rows) {
    if (row.role === 'held_out') {
      violations.push({ rubric: row.rubric, title: row.title, rollout: row.rollout, task: row.task!, benchmark: row.benchmark! });
    } else if (row.role === null) {
      unresolved.push({ rubric: row.rubric, title: row.title, rollout: row.rollout, task: row.task });
    }
  }
  return { passed: violations.length === 0, violations, unresolved };
}

/** The build error: every offending rubric with its held-out task and benchmark. */
export function heldOutMessage(library: string, violations: readonly OriginViolation[]): string {
  const rubrics = new Set(violations.map((v) => v.rubric));
  const each = violations.map((v) => `rubric ${v.rubric} "${v.title}" from task ${v.task} (held-out benchmark ${v.benchmark}, rollout ${v.rollout})`);
  return `library ${library} fails its build: ${rubrics.size} rubric(s) fed by a held-out benchmark: ${each.join('; ')}`;
}
