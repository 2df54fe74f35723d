import type { SearchHit, SearchResult } from '../../common/search/search-types';
import type { ParsedRequestOf } from '../../common/contract';
import type { Db } from '../db/open-corpus';
import { markClose, markOpen, toFtsQuery, unmarkSnippet } from './fts-query';
import { rolloutFilter } from '../corpus/rollout-filter';
import { planSearch, rankingLimits, type RankingLimits } from './search-plan';

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
 * over rubric text. Step hits are ranked by BM25 when that fits the ranking limits (see
 * planSearch), else newest first, and the result says which. Corpus filters narrow the step
 * hits; each step is one hit, attributed to the field whose snippet holds the most matches.
 */
export function search(db: Db, req: ParsedRequestOf<'search.query'>, limits: RankingLimits = rankingLimits): SearchResult {
  const match = toFtsQuery(req.query);
  if (match === null) return { ranking: 'bm25', hits: [] };
  const plan = planSearch(db, match, limits);
  const filter = rolloutFilter(req);
  const where = ['step_fts MATCH @match', ...filter.conditions];
  const params: Record<string, unknown> = { ...filter.params, match: plan.ranking === 'newest' ? plan.match : match, limit: req.limit };
  const order = plan.ranking === 'newest' ? 'step_fts.rowid DESC' : 'step_fts.rank';
  const stepRows = db
    .prepare<unknown[], StepMatch>(
      `SELECT s.rollout_id AS rollout, s.idx AS step,
        ${snippetOf('step_fts', 0)} AS command, ${snippetOf('step_fts', 1)} AS stdout, ${snippetOf('step_fts', 2)} AS stderr
      FROM step_fts JOIN steps s ON s.id = step_fts.rowid
      JOIN rollouts r ON r.id = s.rollout_id JOIN tasks t ON t.id = r.task_id
      WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit`,
    )
    .all(params);
  const hits: SearchHit[] = stepRows.map((row) => {
    const fields = (['stderr', 'stdout', 'command'] as const).map((field) => ({ field, ...unmarkSnippet(row[field]) }));
    const best = fields.reduce((a, b) => (b.highlights.length > a.highlights.length ? b : a));
    return { rollout: row.rollout, step: row.step, rubric: null, field: best.field, snippet: best.text, highlights: best.highlights };
  });
  if (req.rubrics) {
    const rubricRows = db
      .prepare<unknown[], RubricMatch>(
        `SELECT r.id AS rubric, snippet(rubric_fts, -1, '${markOpen}', '${markClose}', '…', ${snippetWords}) AS snippet
        FROM rubric_fts JOIN rubrics r ON r.rowid = rubric_fts.rowid
        WHERE rubric_fts MATCH ? ORDER BY rubric_fts.rank LIMIT ?`,
      )
      .all(match, req.limit);
    for (const row of rubricRows) {
      const { text, highlights } = unmarkSnippet(row.snippet);
      hits.push({ rollout: null, step: null, rubric: row.rubric, field: 'rubric', snippet: text, highlights });
    }
  }
  if (plan.ranking === 'bm25') return { ranking: 'bm25', hits };
  return { ranking: 'newest', hits, reason: plan.reason, matches: plan.matches, commonWords: plan.commonWords, wholeWord: plan.wholeWord };
}
