/**
 * The queue's evidence pane for one item: the rubric's source rollouts, their failures with
 * the program lines they point to, the rubric's citations checked against the programs they
 * name, and (once blind mode allows) other annotators' labels and the CWM's verdicts.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { CheckedCitation, EvidenceFailure, EvidenceVerdict, LabelEvidence, ProgramExcerpt } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';
import { excerptLines, findQuote, quoteInLines } from './grounding';
import { currentLabels, labelColumns, toStoredLabel, type LabelRow } from './label-rows';
import { getSchema } from '../label-schemas/label-schemas';
import { parseProgramTarget } from './validate-label';

interface ProgramRow {
  rollout: string;
  path: string;
  version: number;
  sha256: string;
  body: string;
}

const programSql = `SELECT p.rollout_id AS rollout, p.path, p.version, p.content_hash AS sha256, t.body
  FROM program_versions p JOIN texts t ON t.hash = p.content_hash`;

/** Lines around `focus` (or the range `from`..`to`), with a little context either side. */
function excerpt(program: ProgramRow, from: number, to = from): ProgramExcerpt {
  const { start, lines } = excerptLines(program.body, from - 3, Math.min(to, from + 12) + 3);
  return { rollout: program.rollout, path: program.path, version: program.version, sha256: program.sha256, start, lines, focus: from };
}

/** A citation as a miner or judge wrote it: the program by sha256 or by rollout, path and version. */
interface RawCitation {
  sha256?: unknown;
  rollout?: unknown;
  path?: unknown;
  version?: unknown;
  program?: { rollout?: unknown; path?: unknown; version?: unknown };
  lines?: unknown;
  line?: unknown;
  quote?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const int = (v: unknown) => (Number.isInteger(v) ? (v as number) : null);

function checkCitation(db: Db, raw: RawCitation, supportPrograms: () => ProgramRow[]): CheckedCitation | null {
  const quote = str(raw.quote);
  const range = Array.isArray(raw.lines) ? raw.lines.map(int) : [int(raw.line), int(raw.line)];
  const [from, to] = [range[0] ?? null, range[1] ?? range[0] ?? null];
  if (quote === null || from === null || to === null) return null;
  const sha256 = str(raw.sha256);
  const rollout = str(raw.program?.rollout ?? raw.rollout);
  const path = str(raw.program?.path ?? raw.path);
  const version = int(raw.program?.version ?? raw.version);
  const program = (
    sha256 !== null
      ? db.prepare(`${programSql} WHERE p.content_hash = ? ORDER BY p.id LIMIT 1`).get(sha256)
      : db.prepare(`${programSql} WHERE p.rollout_id = ? AND p.path = ? AND p.version = ?`).get(rollout, path, version)
  ) as ProgramRow | undefined;
  const base = { sha256: sha256 ?? program?.sha256 ?? null, rollout, path, version, lines: [from, to] as [number, number], quote };
  if (!program) return { ...base, grounded: false, problem: 'missing_program', foundIn: null, excerpt: null };
  if (quoteInLines(program.body, from, to, quote)) return { ...base, grounded: true, problem: null, foundIn: null, excerpt: excerpt(program, from, to) };
  for (const other of supportPrograms()) {
    const line = other.sha256 === program.sha256 ? null : findQuote(other.body, quote);
    if (line !== null) {
      const foundIn = { rollout: other.rollout, path: other.path, version: other.version, line };
      return { ...base, grounded: false, problem: 'wrong_program_citation', foundIn, excerpt: excerpt(program, from, to) };
    }
  }
  return { ...base, grounded: false, problem: 'quote_not_found', foundIn: null, excerpt: excerpt(program, from, to) };
}

function failures(db: Db, rollouts: string[]): EvidenceFailure[] {
  const rows = db
    .prepare<unknown[], Omit<EvidenceFailure, 'excerpt'> & { cause: string | null; path: string | null; version: number | null; line: number | null }>(
      `SELECT rollout_id AS rollout, step_idx AS step, kind, exception_class AS exceptionClass, message, cause,
        program_path AS path, program_version AS version, program_line AS line
      FROM failure_events WHERE rollout_id IN (SELECT value FROM json_each(?)) ORDER BY rollout_id, step_idx IS NULL, step_idx LIMIT 20`,
    )
    .all(JSON.stringify(rollouts));
  const program = db.prepare<unknown[], ProgramRow>(`${programSql} WHERE p.rollout_id = ? AND p.path = ? AND p.version = ?`);
  return rows.map(({ cause, path, version, line, ...f }) => {
    const found = path !== null && line !== null ? program.get(f.rollout, path, version) : undefined;
    return { ...f, message: f.message ?? cause, excerpt: found && line !== null ? excerpt(found, line) : null };
  });
}

function verdicts(db: Db, rubric: string): EvidenceVerdict[] {
  const rows = db
    .prepare<unknown[], Omit<EvidenceVerdict, 'program'> & { rollout: string; path: string; version: number }>(
      `SELECT p.rollout_id AS rollout, p.path, p.version, v.verdict, v.predicted_exception AS predictedException, v.rationale,
        v.created_at AS createdAt FROM verdicts v JOIN program_versions p ON p.id = v.program_id WHERE v.rubric_id = ? ORDER BY v.created_at, v.id`,
    )
    .all(rubric);
  return rows.map(({ rollout, path, version, ...v }) => ({ ...v, program: { rollout, path, version } }));
}

export function labelEvidence(db: Db, req: ParsedRequestOf<'labels.evidence'>): LabelEvidence {
  getSchema(db, req.schema);
  const rubric = req.target.kind === 'rubric' ? req.target.id : req.target.kind === 'program' ? (parseProgramTarget(req.target.id)?.rubric ?? null) : null;
  const support = rubric
    ? db
        .prepare<unknown[], Omit<LabelEvidence['support'][number], 'inCorpus'> & { inCorpus: number }>(
          `SELECT s.rollout_id AS rollout, coalesce(s.task_id, r.task_id) AS task, r.grade, r.id IS NOT NULL AS inCorpus
            FROM rubric_support s LEFT JOIN rollouts r ON r.id = s.rollout_id WHERE s.rubric_id = ? ORDER BY s.rollout_id`,
        )
        .all(rubric)
        .map((s) => ({ ...s, inCorpus: s.inCorpus === 1 }))
    : [];
  const rollouts = req.target.kind === 'rollout' ? [req.target.id] : support.filter((s) => s.inCorpus).map((s) => s.rollout);

  let cached: ProgramRow[] | null = null;
  const supportPrograms = () =>
    (cached ??= db.prepare<unknown[], ProgramRow>(`${programSql} WHERE p.rollout_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(rollouts)));
  const extra = rubric ? db.prepare<unknown[], string | null>('SELECT extra FROM rubrics WHERE id = ?').pluck().get(rubric) : null;
  const rawCitations = extra ? ((JSON.parse(extra) as { citations?: unknown }).citations ?? []) : [];
  const citations = (Array.isArray(rawCitations) ? rawCitations : [])
    .map((c) => (typeof c === 'object' && c !== null ? checkCitation(db, c as RawCitation, supportPrograms) : null))
    .filter((c): c is CheckedCitation => c !== null);

  const rows = db
    .prepare<unknown[], LabelRow>(`SELECT ${labelColumns} FROM labels l WHERE l.schema_name = ? AND l.target_kind = ? AND l.target_id = ?`)
    .all(req.schema, req.target.kind, req.target.id);
  const current = currentLabels(rows.map(toStoredLabel));
  const hidden = req.blind && !current.some((l) => l.annotator === req.annotator);
  return {
    target: req.target,
    support,
    failures: failures(db, rollouts),
    citations,
    others: hidden ? null : current.filter((l) => l.annotator !== req.annotator),
    verdicts: hidden ? null : rubric === null ? [] : verdicts(db, rubric),
  };
}
