import type { RolloutSortKey, SortDirection } from '../../common/corpus/rollout-list';

/**
 * What each sortable column orders by, over rollouts `r`, tasks `t` and figures `fig`, ties
 * broken by the rollout id. Each matches an index (migration 8), so a page at any offset is an
 * index scan rather than a sort of every rollout. Collections sort by id, which their index
 * holds; benchmarks by benchmark then task, which the nested loop over tasks yields in order.
 */
const sortColumns: Record<RolloutSortKey, string[]> = {
  rollout: ['r.id'],
  task: ['r.task_id', 'r.id'],
  benchmark: ['t.benchmark_id', 't.id', 'r.id'],
  collection: ['r.collection_id', 'r.id'],
  agent: ['r.agent', 'r.id'],
  seed: ['r.seed', 'r.id'],
  grade: ['r.grade', 'r.id'],
  score: ['r.score', 'r.id'],
  steps: ['fig.steps', 'fig.rollout_id'],
  failures: ['fig.failures', 'fig.rollout_id'],
  duration: ['fig.duration_ms', 'fig.rollout_id'],
};

/** The ORDER BY of a rollout page; empty values come first ascending, last descending. */
export function rolloutOrder(sort: RolloutSortKey, direction: SortDirection): string {
  const dir = direction === 'desc' ? ' DESC' : '';
  return sortColumns[sort].map((column) => `${column}${dir}`).join(', ');
}
