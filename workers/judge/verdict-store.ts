/**
 * Verdicts (docs/domain.md): written by judge runs, one row per rubric and program, never
 * overwritten (a later run adds rows; readers take the latest per rubric and program).
 */
import type { CitationRow, VerdictRow } from '../../common/pipeline/pipeline-types';
import type { CheckedCitation } from '../curation/proposal-checks';
import type { Db } from '../db/open-corpus';
import type { VerdictValue } from './precision-recall';

/** A verdict before it is written. */
export interface VerdictDraft {
  rubric: string;
  /** program_versions.id. */
  program: number;
  verdict: VerdictValue;
  predictedException: string | null;
  rationale: string;
  citations: StoredCitation[];
  /** True when every citation is grounded, false when one is not, null without citations. */
  grounded: boolean | null;
  requestId: number | null;
}

/** A citation as a verdict stores it: where it points and how its grounding came out. */
export type StoredCitation = Pick<CheckedCitation, 'program' | 'lineStart' | 'lineEnd' | 'quote' | 'grounded' | 'problem'>;

/** Whether citations are all grounded (null when there are none). */
export function groundedAll(citations: readonly StoredCitation[]): boolean | null {
  return citations.length === 0 ? null : citations.every((c) => c.grounded);
}

/** Writes a run's verdicts. The caller holds the write lock. */
export function writeVerdicts(db: Db, run: string, verdicts: readonly VerdictDraft[]): void {
  const insert =
    db.prepare(`INSERT INTO verdicts (rubric_id, program_id, verdict, predicted_exception, rationale, citations, request_id, created_at, run_id, grounded)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const at = new Date().toISOString();
  db.transaction(() => {
    for (const v of verdicts) {
      const grounded = v.grounded === null ? null : v.grounded ? 1 : 0;
      insert.run(v.rubric, v.program, v.verdict, v.predictedException, v.rationale, JSON.stringify(v.citations), v.requestId, at, run, grounded);
    }
  })();
}

interface VerdictDbRow {
  id: number;
  rubric_id: string;
  program_id: number;
  verdict: VerdictValue;
  predicted_exception: string | null;
  rationale: string | null;
  citations: string;
  request_id: number | null;
  grounded: number | null;
}

/** A run's verdicts as drafts, in the order it wrote them: what a replay compares. */
export function runVerdicts(db: Db, run: string): VerdictDraft[] {
  const rows = db.prepare<unknown[], VerdictDbRow>('SELECT * FROM verdicts WHERE run_id = ? ORDER BY id').all(run);
  return rows.map((r) => ({
    rubric: r.rubric_id,
    program: r.program_id,
    verdict: r.verdict,
    predictedException: r.predicted_exception,
    rationale: r.rationale ?? '',
    citations: JSON.parse(r.citations) as StoredCitation[],
    grounded: r.grounded === null ? null : r.grounded === 1,
    requestId: r.request_id,
  }));
}

/**
 * `verdicts.list`: the latest verdict of each rubric on each program version of a rollout (or
 * on the program one step ran), optionally only for a library's rubrics or one run's verdicts.
 */
export function listVerdicts(db: Db, filter: { rollout: string; step?: number; library?: string; run?: string }): VerdictRow[] {
  const rows = db
    .prepare<
      unknown[],
      Omit<VerdictRow, 'program' | 'citations' | 'grounded'> & {
        path: string;
        version: number;
        sha256: string;
        lines: number;
        citations: string;
        grounded: number | null;
      }
    >(
      `SELECT v.id, v.rubric_id AS rubric, p.rollout_id AS rollout, p.path, p.version, p.content_hash AS sha256, p.lines,
        v.verdict, v.predicted_exception AS predictedException, v.rationale, v.citations, v.grounded, v.run_id AS run,
        v.request_id AS requestId, v.created_at AS createdAt
      FROM verdicts v JOIN program_versions p ON p.id = v.program_id
      WHERE p.rollout_id = @rollout
        AND (@step IS NULL OR EXISTS (SELECT 1 FROM steps s WHERE s.rollout_id = p.rollout_id AND s.idx = @step AND s.program_path = p.path AND s.program_version = p.version))
        AND (@library IS NULL OR v.rubric_id IN (SELECT rubric_id FROM library_rubrics WHERE library_id = @library))
        AND (@run IS NULL OR v.run_id = @run)
        AND v.id = (SELECT max(w.id) FROM verdicts w WHERE w.rubric_id = v.rubric_id AND w.program_id = v.program_id AND (@run IS NULL OR w.run_id = @run))
      ORDER BY p.path, p.version, v.rubric_id`,
    )
    .all({ rollout: filter.rollout, step: filter.step ?? null, library: filter.library ?? null, run: filter.run ?? null });
  const locate = db.prepare<unknown[], CitationRow['location']>(
    'SELECT rollout_id AS rollout, path, version FROM program_versions WHERE content_hash = ? ORDER BY rollout_id = ? DESC, id LIMIT 1',
  );
  return rows.map(({ path, version, sha256, lines, citations, grounded, ...rest }) => ({
    ...rest,
    program: { path, version, sha256, lines },
    citations: (JSON.parse(citations) as StoredCitation[]).map((c): CitationRow => ({
      ...c,
      location: locate.get(c.program, rest.rollout) ?? null,
    })),
    grounded: grounded === null ? null : grounded === 1,
  }));
}
