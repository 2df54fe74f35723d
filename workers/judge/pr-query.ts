/**
 * `rubrics.precisionRecall`: precision and recall of the latest verdicts (of one judge run,
 * or of every run) against execution truth, per family, per category and per library
 * (docs/definitions.md; definitions in precision-recall.ts).
 */
import type { PrecisionRecallReport } from '../../common/pipeline/pipeline-types';
import type { RubricFamily } from '../../common/rubrics/rubric-types';
import type { Db } from '../db/open-corpus';
import { requireLibrary } from '../rubrics/library-queries';
import { compareCodes, rubricCategorySql } from '../retrieval/effective-category';
import { runRow } from '../pipeline/run-store';
import { precisionRecall, type JudgedVerdict } from './precision-recall';
import { programTruth } from './truth-query';

const families: RubricFamily[] = ['error', 'performance'];

/** The report over the latest verdicts in scope (one run's, one library's rubrics', or all). */
export function precisionRecallReport(db: Db, scope: { library?: string; run?: string }): PrecisionRecallReport {
  if (scope.library !== undefined) requireLibrary(db, scope.library);
  if (scope.run !== undefined) runRow(db, scope.run);
  const rows = db
    .prepare<unknown[], JudgedVerdict & { category: string }>(
      `SELECT v.rubric_id AS rubric, r.family, ${rubricCategorySql('r')} AS category, v.program_id AS program, v.verdict,
        v.predicted_exception AS predictedException
      FROM verdicts v JOIN rubrics r ON r.id = v.rubric_id
      WHERE (@run IS NULL OR v.run_id = @run)
        AND (@library IS NULL OR v.rubric_id IN (SELECT rubric_id FROM library_rubrics WHERE library_id = @library))
        AND v.id = (SELECT max(w.id) FROM verdicts w WHERE w.rubric_id = v.rubric_id AND w.program_id = v.program_id AND (@run IS NULL OR w.run_id = @run))
      ORDER BY v.id`,
    )
    .all({ run: scope.run ?? null, library: scope.library ?? null });
  const programs = [...new Set(rows.map((r) => r.program))];
  const truth = programTruth(db, programs);
  const verdicts: JudgedVerdict[] = rows;

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
  };
}
