import type { Grade } from '../../common/domain';

/** The corpus filters every rollout-scoped query accepts. */
export interface RolloutFilters {
  benchmark?: string;
  collection?: string;
  grade?: Grade | 'ungraded';
}

/**
 * SQL conditions and named parameters for the corpus filters, over a query that has
 * rollouts as `r` and tasks as `t`. One definition, so the table, its counts and search agree.
 */
export function rolloutFilter(filters: RolloutFilters): { conditions: string[]; params: Record<string, unknown> } {
  const conditions: string[] = [];
  const params: Record<string, unknown> = {};
  if (filters.benchmark) {
    conditions.push('t.benchmark_id = @benchmark');
    params.benchmark = filters.benchmark;
  }
  if (filters.collection) {
    conditions.push('r.collection_id = @collection');
    params.collection = filters.collection;
  }
  if (filters.grade === 'ungraded') conditions.push('r.grade IS NULL');
  else if (filters.grade) {
    conditions.push('r.grade = @grade');
    params.grade = filters.grade;
  }
  return { conditions, params };
}
