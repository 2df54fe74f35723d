/**
 * `rubrics.precisionRecall`: precision and recall of the latest verdicts (of one judge run,
 * or of every run) against execution truth, per family, per category and per library
 * (docs/definitions.md; definitions in precision-recall.ts), with the re-runs of the judged
 * failures beside them and the rows the figures were computed from.
 */
import type { PrecisionRecallReport, RowMarks } from '../../common/pipeline/pipeline-types';
import type { RubricFamily } from '../../common/rubrics/rubric-types';
import type { Db } from '../db/open-corpus';
import { requireLibrary } from '../rubrics/library-queries';
import { compareCodes, rubricCategorySql } from '../categories/effective-category';
import { runRow } from './run-store';
import { failureNames, precisionRecall, type JudgedVerdict } from '../judge/precision-recall';
import { programAttempts, programKey } from '../judge/program-attempts';
import { rerunEvidence, type JudgedFailure } from '../judge/rerun-evidence';
import { currentMarks, newerTruth } from '../judge/figures-basis';
import { programRefs, programTruth } from '../judge/truth-query';

const families: RubricFamily[] = ['error', 'performance'];

/**
 * The report over the latest verdicts in scope (one run's, one library's rubrics', or all),
 * counting rows up to `through` (default: every row there is now).
 */
export function precisionRecallReport(db: Db, scope: { library?: string; run?: string; through?: RowMarks }): PrecisionRecallReport {
  if (scope.library !== undefined) requireLibrary(db, scope.library);
  if (scope.run !== undefined) runRow(db, scope.run);
  const through = scope.through ?? currentMarks(db);
  const inScope = `(@run IS NULL OR v.run_id = @run)
        AND (@library IS NULL OR v.rubric_id IN (SELECT rubric_id FROM library_rubrics WHERE library_id = @library))`;
  const params = { run: scope.run ?? null, library: scope.library ?? null, through: through.verdict };
  const rows = db
    .prepare<unknown[], JudgedVerdict & { category: string; runId: string | null; createdAt: string }>(
      `SELECT v.rubric_id AS rubric, r.family, ${rubricCategorySql('r')} AS category, v.program_id AS program, v.verdict,
        v.predicted_exception AS predictedException, v.run_id AS runId, v.created_at AS createdAt
      FROM verdicts v JOIN rubrics r ON r.id = v.rubric_id
      WHERE ${inScope} AND v.id <= @through
        AND v.id = (SELECT max(w.id) FROM verdicts w WHERE w.rubric_id = v.rubric_id AND w.program_id = v.program_id AND w.id <= @through AND (@run IS NULL OR w.run_id = @run))
      ORDER BY v.id`,
    )
    .all(params);
  const newerVerdicts = db.prepare<unknown[], number>(`SELECT count(*) FROM verdicts v WHERE ${inScope} AND v.id > @through`).pluck().get(params) ?? 0;
  const programs = [...new Set(rows.map((r) => r.program))];
  const refs = programRefs(db, programs);
  const truth = programTruth(db, refs, through);
  const verdicts: JudgedVerdict[] = rows;
  const attempts = programAttempts(db, new Map(refs.map((r) => [programKey(r.rollout, r.path, r.version), r.id])));
  const counted = new Map([...attempts].map(([program, list]) => [program, list.filter((a) => a.id <= through.attempt)]));
  const errorPrograms = new Set(rows.filter((r) => r.family === 'error').map((r) => r.program));
  const judgedFailures: JudgedFailure[] = refs
    .filter((ref) => errorPrograms.has(ref.id))
    .flatMap((ref) => {
      const raised = truth.get(ref.id)?.raised ?? null;
      return raised === null ? [] : [...failureNames(raised)].map((exceptionClass) => ({ ...ref, program: ref.id, exceptionClass }));
    });

  /** Rows of a rubric subset, one per family its rubrics belong to. */
  const rowsFor = (subset: ReadonlySet<string>) =>
    families.filter((f) => rows.some((r) => r.family === f && subset.has(r.rubric))).map((f) => precisionRecall(verdicts, truth, f, subset));

  const categories = new Map<string, Set<string>>();
  const libraries = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, rubric: string) => map.set(key, (map.get(key) ?? new Set<string>()).add(rubric));
  const libraryOf = db.prepare<unknown[], string>('SELECT library_id FROM library_rubrics WHERE rubric_id = ?').pluck();
  for (const rubric of new Set(rows.map((r) => r.rubric))) {
    for (const library of libraryOf.all(rubric)) if (scope.library === undefined || library === scope.library) add(libraries, library, rubric);
  }
  for (const r of rows) add(categories, r.category, r.rubric);
  const keysOf = (map: Map<string, Set<string>>) => [...map.keys()].sort(compareCodes);

  return {
    library: scope.library ?? null,
    run: scope.run ?? null,
    verdicts: rows.length,
    programs: programs.length,
    families: families.map((f) => precisionRecall(verdicts, truth, f)),
    byCategory: keysOf(categories).flatMap((category) => rowsFor(categories.get(category)!).map((row) => ({ ...row, category }))),
    byLibrary: keysOf(libraries).flatMap((library) => rowsFor(libraries.get(library)!).map((row) => ({ ...row, library }))),
    basis: {
      runs: [...new Set(rows.map((r) => r.runId ?? 'unrecorded'))].sort(),
      rollouts: [...new Set(refs.map((r) => r.rollout))].sort(),
      judgedAt: rows.reduce<string | null>((latest, r) => (latest === null || r.createdAt > latest ? r.createdAt : latest), null),
      computedAt: new Date().toISOString(),
      through,
    },
    since: {
      verdicts: newerVerdicts,
      reruns: [...attempts.values()].reduce((n, list) => n + list.filter((a) => a.id > through.attempt).length, 0),
      ...newerTruth(db, refs, through),
    },
    reruns: rerunEvidence(db, judgedFailures, counted),
  };
}
