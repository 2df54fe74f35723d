import type { SearchHit } from '../../common/domain';
import type { ParsedRequestOf } from '../../common/contract';
import type { Db } from '../db/open-corpus';
import { markClose, markOpen, toFtsQuery, unmarkSnippet } from './fts-query';
import { rolloutFilter } from './rollout-filter';

const snippetWords = 14;

function snippetOf(table: string, column: number): string {
  return `snippet(${table}, ${column}, '${markOpen}', '${markClose}', '…', ${snippetWords})`;
}

interface StepMatch {
  rollout: string;
  step: number;
  command: string;
  stdout: string;
  stderr: string;
}

interface RubricMatch {
  rubric: string;
  snippet: string;
}

/**
 * Full-text search over every step's command, stdout and stderr (tracebacks live there) and
 * over rubric text, ranked by BM25. Corpus filters narrow the step hits; each step is one
 * hit, attributed to the field whose snippet holds the most matches.
 */
export function search(db: Db, req: ParsedRequestOf<'search.query'>): SearchHit[] {
  const match = toFtsQuery(req.query);
  if (match === null) return [];
  const filter = rolloutFilter(req);
  const where = ['step_fts MATCH @match', ...filter.conditions];
  const params: Record<string, unknown> = { ...filter.params, match, limit: req.limit };
  const stepRows = db
    .prepare(`SELECT s.rollout_id AS rollout, s.idx AS step,
        ${snippetOf('step_fts', 0)} AS command, ${snippetOf('step_fts', 1)} AS stdout, ${snippetOf('step_fts', 2)} AS stderr
      FROM step_fts JOIN steps s ON s.id = step_fts.rowid
      JOIN rollouts r ON r.id = s.rollout_id JOIN tasks t ON t.id = r.task_id
      WHERE ${where.join(' AND ')} ORDER BY step_fts.rank LIMIT @limit`)
    .all(params) as StepMatch[];
  const hits: SearchHit[] = stepRows.map((row) => {
    const fields = (['stderr', 'stdout', 'command'] as const).map((field) => ({ field, ...unmarkSnippet(row[field]) }));
    const best = fields.reduce((a, b) => (b.highlights.length > a.highlights.length ? b : a));
    return { rollout: row.rollout, step: row.step, rubric: null, field: best.field, snippet: best.text, highlights: best.highlights };
  });
  if (req.rubrics) {
    const rubricRows = db
      .prepare(`SELECT r.id AS rubric, snippet(rubric_fts, -1, '${markOpen}', '${markClose}', '…', ${snippetWords}) AS snippet
        FROM rubric_fts JOIN rubrics r ON r.rowid = rubric_fts.rowid
        WHERE rubric_fts MATCH ? ORDER BY rubric_fts.rank LIMIT ?`)
      .all(match, req.limit) as RubricMatch[];
    for (const row of rubricRows) {
      const { text, highlights } = unmarkSnippet(row.snippet);
      hits.push({ rollout: null, step: null, rubric: row.rubric, field: 'rubric', snippet: text, highlights });
    }
  }
  return hits;
}
