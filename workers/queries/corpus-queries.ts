import type { CorpusFacets, CorpusStats, RolloutPage, RolloutRow } from '../../common/domain';
import type { ParsedRequestOf } from '../../common/contract';
import type { Db } from '../db/open-corpus';
import { rolloutFilter } from './rollout-filter';

/** Row counts of every main table: the numbers `rwb stats` and the status bar show. */
export function corpusStats(db: Db): CorpusStats {
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  return {
    benchmarks: count('benchmarks'),
    tasks: count('tasks'),
    rollouts: count('rollouts'),
    steps: count('steps'),
    programs: count('program_versions'),
    failures: count('failure_events'),
    rubrics: count('rubrics'),
    libraries: count('libraries'),
    labels: count('labels'),
    attempts: count('attempts'),
  };
}

export function corpusFacets(db: Db): CorpusFacets {
  const benchmarks = db
    .prepare(`SELECT b.id AS value, coalesce(b.name, b.id) AS label, b.role, b.discipline, count(r.id) AS count
      FROM benchmarks b LEFT JOIN tasks t ON t.benchmark_id = b.id LEFT JOIN rollouts r ON r.task_id = t.id
      GROUP BY b.id ORDER BY b.id`)
    .all() as CorpusFacets['benchmarks'];
  const collections = db
    .prepare(`SELECT c.id AS value, c.name AS label, count(r.id) AS count
      FROM collections c LEFT JOIN rollouts r ON r.collection_id = c.id GROUP BY c.id ORDER BY c.created_at, c.id`)
    .all() as CorpusFacets['collections'];
  const grades = db
    .prepare(`SELECT coalesce(grade, 'ungraded') AS value, coalesce(grade, 'ungraded') AS label, count(*) AS count
      FROM rollouts GROUP BY grade ORDER BY count DESC, value`)
    .all() as CorpusFacets['grades'];
  return { benchmarks, collections, grades };
}

export const rolloutColumns = `r.id AS id, r.task_id AS taskId, t.benchmark_id AS benchmarkId, r.collection_id AS collectionId,
  c.name AS collectionName, r.agent AS agent, r.seed AS seed, r.grade AS grade, r.score AS score,
  (SELECT count(*) FROM steps s WHERE s.rollout_id = r.id) AS steps,
  (SELECT count(*) FROM failure_events f WHERE f.rollout_id = r.id) AS failures,
  (SELECT coalesce(sum(s.duration_ms), 0) FROM steps s WHERE s.rollout_id = r.id) AS durationMs`;

export const rolloutJoins = 'FROM rollouts r JOIN tasks t ON t.id = r.task_id LEFT JOIN collections c ON c.id = r.collection_id';

/** A page of rollouts matching the filters, with the total the filters select. */
export function listRollouts(db: Db, req: ParsedRequestOf<'rollouts.list'>): RolloutPage {
  const { conditions: where, params } = rolloutFilter(req);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = db.prepare(`SELECT count(*) ${rolloutJoins} ${filter}`).pluck().get(params) as number;
  const rows = db
    .prepare(`SELECT ${rolloutColumns} ${rolloutJoins} ${filter} ORDER BY r.id LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: req.limit, offset: req.offset }) as RolloutRow[];
  return { total, offset: req.offset, rows };
}
