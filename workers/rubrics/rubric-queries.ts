import type { ParsedRequestOf } from '../../common/contract';
import type { RubricDetail, RubricLabel, RubricPage, RubricRow } from '../../common/rubrics/rubric-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { rubricCategorySql } from '../categories/effective-category';
import { toFtsQuery } from '../search/fts-query';
import { oneRow } from '../db/one-row';

const supportCount = '(SELECT count(*) FROM rubric_support s WHERE s.rubric_id = r.id)';

type Row = Record<string, unknown>;

/**
 * A page of rubrics matching the filters, with the total they select. `category` matches the
 * effective category, so `uncategorised` finds rubrics without one; `query` searches rubric
 * text (FTS) and orders by relevance. Otherwise rubrics keep their library's order, or id order.
 */
export function listRubrics(db: Db, req: ParsedRequestOf<'rubrics.list'>): RubricPage {
  const joins: string[] = [];
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  let order = 'r.id';
  if (req.library) {
    joins.push('JOIN library_rubrics lr ON lr.rubric_id = r.id AND lr.library_id = @library');
    params.library = req.library;
    order = 'lr.position, r.id';
  }
  if (req.category) {
    where.push(`${rubricCategorySql('r')} = @category`);
    params.category = req.category;
  }
  if (req.family) {
    where.push('r.family = @family');
    params.family = req.family;
  }
  // Input with nothing searchable in it (punctuation only) filters nothing, as an empty box does.
  const match = req.query === undefined ? null : toFtsQuery(req.query);
  if (match !== null) {
    joins.push('JOIN rubric_fts ON rubric_fts.rowid = r.rowid');
    where.push('rubric_fts MATCH @match');
    params.match = match;
    order = 'rubric_fts.rank, r.id';
  }
  const from = `FROM rubrics r ${joins.join(' ')} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const total = oneRow(db.prepare<unknown[], number>(`SELECT count(*) ${from}`).pluck().get(params));
  const rows = db
    .prepare<unknown[], Row>(
      `SELECT r.id, r.title, r.category, r.family, r.miner, ${supportCount} AS support,
        (SELECT json_group_array(library_id) FROM (SELECT library_id FROM library_rubrics WHERE rubric_id = r.id ORDER BY library_id)) AS libraries
      ${from} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: req.limit, offset: req.offset });
  return {
    total,
    offset: req.offset,
    rows: rows.map((row) => ({ ...(row as unknown as RubricRow), libraries: JSON.parse(row.libraries as string) as string[] })),
  };
}

/** A rubric with its evidence: source rollouts (kept even when not in this corpus), libraries and labels. */
export function getRubric(db: Db, id: string): RubricDetail {
  const rubric = db
    .prepare<unknown[], Omit<RubricDetail, 'support' | 'libraries' | 'labels'>>(
      `SELECT id, title, applies_when AS appliesWhen, pattern, fix, family, category, miner FROM rubrics WHERE id = ?`,
    )
    .get(id);
  if (!rubric) throw new ApiError('not_found', `rubric "${id}" is not in this corpus`);
  // The support record's task wins; the rollout's task fills in when the record named none.
  const support = db
    .prepare<unknown[], Omit<RubricDetail['support'][number], 'inCorpus'> & { inCorpus: number }>(
      `SELECT s.rollout_id AS rollout, coalesce(s.task_id, ro.task_id) AS task, ro.grade AS grade,
          t.benchmark_id AS benchmark, b.role AS benchmarkRole, ro.id IS NOT NULL AS inCorpus
        FROM rubric_support s LEFT JOIN rollouts ro ON ro.id = s.rollout_id
        LEFT JOIN tasks t ON t.id = coalesce(s.task_id, ro.task_id) LEFT JOIN benchmarks b ON b.id = t.benchmark_id
        WHERE s.rubric_id = ? ORDER BY s.rollout_id`,
    )
    .all(id)
    .map((row) => ({ ...row, inCorpus: row.inCorpus === 1 }));
  const libraries = db
    .prepare<unknown[], RubricDetail['libraries'][number]>(
      `SELECT l.id, l.name FROM library_rubrics lr JOIN libraries l ON l.id = lr.library_id WHERE lr.rubric_id = ? ORDER BY l.built_at, l.id`,
    )
    .all(id);
  const labels = db
    .prepare<unknown[], Omit<RubricLabel, 'reasons'> & { value: string; reasons: string }>(
      `SELECT annotator, schema_name AS schema, value, reasons, note, made_at AS at
        FROM labels WHERE target_kind = 'rubric' AND target_id = ? ORDER BY made_at, id`,
    )
    .all(id)
    .map((row) => ({ ...row, value: JSON.parse(row.value) as unknown, reasons: JSON.parse(row.reasons) as string[] }));
  return { ...rubric, support, libraries, labels };
}
