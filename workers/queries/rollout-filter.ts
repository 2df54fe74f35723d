import { failureKinds } from '../../common/bundle';
import type { FailureKind, Grade } from '../../common/domain';

/** The corpus filters every rollout-scoped query accepts. */
export interface RolloutFilters {
  benchmark?: string;
  collection?: string;
  grade?: Grade | 'ungraded';
  agent?: string;
  task?: string;
  exception?: string;
  kind?: FailureKind;
}

/**
 * SQL conditions and named parameters for the corpus filters, over a query that has
 * rollouts as `r` and tasks as `t`. One definition, so the table, its counts and search agree.
 * Figures are read from rollout_figures by subquery, so a query need not join it to filter.
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
  if (filters.agent) {
    conditions.push('r.agent = @agent');
    params.agent = filters.agent;
  }
  if (filters.task) {
    conditions.push('r.task_id = @task');
    params.task = filters.task;
  }
  if (filters.exception) {
    conditions.push('r.id IN (SELECT rollout_id FROM rollout_figures WHERE first_exception = @exception)');
    params.exception = filters.exception;
  }
  if (filters.kind) {
    // The kind names a column, so only the schema's own values get this far.
    if (!failureKinds.includes(filters.kind)) throw new Error(`unknown failure kind "${filters.kind}"`);
    conditions.push(`EXISTS (SELECT 1 FROM rollout_figures k WHERE k.rollout_id = r.id AND k.kind_${filters.kind} > 0)`);
  }
  return { conditions, params };
}
