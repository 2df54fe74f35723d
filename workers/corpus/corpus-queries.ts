import { failureKinds } from '../../common/corpus/bundle';
import type { CorpusFacets, CorpusStats, FailureKind, RolloutPage, RolloutRow } from '../../common/corpus/corpus-types';
import type { ParsedRequestOf } from '../../common/contract';
import type { Db } from '../db/open-corpus';
import { rolloutFilter } from './rollout-filter';
import { rolloutOrder } from './rollout-sort';
import { untilWrite } from './until-write';
import { oneRow } from '../db/one-row';

/** Row counts of every main table: the numbers `rwb stats` and the status bar show. */
export function corpusStats(db: Db): CorpusStats {
  return untilWrite(db, 'corpus.stats', () => countRows(db));
}

/** Read from the counters the triggers of migration 15 keep, so a read costs the same at any size. */
function countRows(db: Db): CorpusStats {
  const counts = new Map(
    db
      .prepare<unknown[], { name: string; n: number }>('SELECT name, n FROM corpus_counts')
      .all()
      .map((r) => [r.name, r.n]),
  );
  const count = (name: string) => {
    const n = counts.get(name);
    if (n === undefined) throw new Error(`corpus_counts has no row "${name}"`);
    return n;
  };
  return {
    benchmarks: count('benchmarks'),
    tasks: count('tasks'),
    rollouts: count('rollouts'),
    steps: count('steps'),
    programs: count('program_versions'),
    failures: count('failures'),
    rubrics: count('rubrics'),
    libraries: count('libraries'),
    labels: count('labels'),
    attempts: count('attempts'),
  };
}

export function corpusFacets(db: Db): CorpusFacets {
  return untilWrite(db, 'corpus.facets', () => countFacets(db));
}

/**
 * From the facet counters (migration 15): each read grows with the number of distinct values
 * (tasks, agents, exception classes), never with rollouts. A benchmark's count is its tasks'.
 */
function countFacets(db: Db): CorpusFacets {
  const facet = <Row>(name: string, order: string) =>
    db.prepare<unknown[], Row>(`SELECT value, value AS label, n AS count FROM facet_counts WHERE facet = ? AND n > 0 ORDER BY ${order}`).all(name);
  const benchmarks = db
    .prepare<unknown[], CorpusFacets['benchmarks'][number]>(
      `SELECT b.id AS value, coalesce(b.name, b.id) AS label, b.role, b.discipline, coalesce(sum(fc.n), 0) AS count
      FROM benchmarks b LEFT JOIN tasks t ON t.benchmark_id = b.id LEFT JOIN facet_counts fc ON fc.facet = 'task' AND fc.value = t.id
      GROUP BY b.id ORDER BY b.id`,
    )
    .all();
  const collections = db
    .prepare<unknown[], CorpusFacets['collections'][number]>(
      `SELECT c.id AS value, c.name AS label, coalesce(fc.n, 0) AS count
      FROM collections c LEFT JOIN facet_counts fc ON fc.facet = 'collection' AND fc.value = c.id ORDER BY c.created_at, c.id`,
    )
    .all();
  const kindCounts = new Map(facet<{ value: string; count: number }>('kind', 'value').map((k) => [k.value, k.count]));
  const kinds = failureKinds.map((k) => ({ value: k, label: k.replace(/_/g, ' '), count: kindCounts.get(k) ?? 0 })).filter((k) => k.count > 0);
  return {
    benchmarks,
    collections,
    grades: facet<CorpusFacets['grades'][number]>('grade', 'count DESC, value'),
    agents: facet<CorpusFacets['agents'][number]>('agent', 'count DESC, value'),
    tasks: facet<CorpusFacets['tasks'][number]>('task', 'value'),
    exceptions: facet<CorpusFacets['exceptions'][number]>('exception', 'count DESC, value'),
    kinds,
  };
}

const kindColumns = failureKinds.map((k) => `fig.kind_${k} AS "kind:${k}"`).join(', ');

export const rolloutColumns = `r.id AS id, r.task_id AS taskId, t.benchmark_id AS benchmarkId, r.collection_id AS collectionId,
  c.name AS collectionName, r.agent AS agent, r.seed AS seed, r.grade AS grade, r.score AS score,
  fig.steps AS steps, fig.failures AS failures, fig.duration_ms AS durationMs, fig.first_exception AS firstException,
  t.metric AS metric, t.higher_is_better AS higherIsBetter, ${kindColumns}`;

export const rolloutJoins = `FROM rollouts r JOIN tasks t ON t.id = r.task_id LEFT JOIN collections c ON c.id = r.collection_id
  JOIN rollout_figures fig ON fig.rollout_id = r.id`;

/** A row of rolloutColumns as the API returns it: kind counts gathered, flags as booleans. */
export function toRolloutRow(row: Record<string, unknown>): RolloutRow {
  const out: Record<string, unknown> = { failureKinds: {} };
  const kinds: Partial<Record<FailureKind, number>> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('kind:')) {
      if ((value as number) > 0) kinds[key.slice(5) as FailureKind] = value as number;
    } else out[key] = value;
  }
  out.failureKinds = kinds;
  out.higherIsBetter = row.higherIsBetter === null ? null : row.higherIsBetter === 1;
  return out as unknown as RolloutRow;
}

const figureSorts = new Set(['steps', 'failures', 'duration']);
const rolloutColumnFilters = ['benchmark', 'collection', 'grade', 'agent', 'task'] as const;

/**
 * A page of rollouts matching the filters in the chosen order, with the total the filters select.
 * The page's ids come first from the narrow sort indexes, joining only the tables the sort and
 * filters need (a join the order does not use would cost a lookup per rollout skipped); then
 * only those rows are read whole. An index pages by stepping over every row before the offset,
 * so a page past the middle is read from the other end, in the opposite order, and turned
 * round: the last page costs what the first does. The total and the page come from one snapshot.
 */
export function listRollouts(db: Db, req: ParsedRequestOf<'rollouts.list'>): RolloutPage {
  const byFigure = figureSorts.has(req.sort);
  const filtersRollouts = rolloutColumnFilters.some((name) => req[name] !== undefined);
  const filtersFigures = req.kind !== undefined || req.exception !== undefined;
  const { conditions: where, params } = rolloutFilter(req, filtersFigures || byFigure);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const tasks = req.benchmark || req.sort === 'benchmark' ? 'JOIN tasks t ON t.id = r.task_id' : '';
  const sources = (rollouts: boolean, figures: boolean) =>
    rollouts && figures ? `rollouts r JOIN rollout_figures fig ON fig.rollout_id = r.id ${tasks}` : rollouts ? `rollouts r ${tasks}` : 'rollout_figures fig';
  const counted = sources(filtersRollouts || !filtersFigures, filtersFigures);
  // Sorted by a figure and filtered by figures alone, the figures index is the whole query.
  const paged = sources(filtersRollouts || !byFigure, filtersFigures || byFigure);
  const id = paged === 'rollout_figures fig' ? 'fig.rollout_id' : 'r.id';
  // Unfiltered, the total is the counter the triggers keep (migration 15): counting every rollout cost a walk of an index per page.
  const count = filter
    ? db.prepare<unknown[], number>(`SELECT count(*) FROM ${counted} ${filter}`).pluck()
    : db.prepare<unknown[], number>(`SELECT n FROM corpus_counts WHERE name = 'rollouts'`).pluck();
  const page = (direction: typeof req.direction) =>
    db.prepare<unknown[], string>(`SELECT ${id} FROM ${paged} ${filter} ORDER BY ${rolloutOrder(req.sort, direction)} LIMIT @limit OFFSET @offset`).pluck();
  const { total, ids } = db.transaction(() => {
    const total = oneRow(count.get(params));
    const end = Math.min(req.offset + req.limit, total);
    if (end <= req.offset) return { total, ids: [] };
    if (req.offset <= total - end) return { total, ids: page(req.direction).all({ ...params, limit: req.limit, offset: req.offset }) };
    const opposite = req.direction === 'desc' ? 'asc' : 'desc';
    return {
      total,
      ids: page(opposite)
        .all({ ...params, limit: end - req.offset, offset: total - end })
        .reverse(),
    };
  })();
  const byId = new Map(
    db
      .prepare<unknown[], Record<string, unknown>>(`SELECT ${rolloutColumns} ${rolloutJoins} WHERE r.id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids))
      .map((row) => [row.id as string, toRolloutRow(row)]),
  );
  return { total, offset: req.offset, rows: ids.map((id) => byId.get(id)!) };
}
