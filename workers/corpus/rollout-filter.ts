import { failureKinds } from '../../common/corpus/bundle';
import type { FailureKind, Grade } from '../../common/corpus/corpus-types';

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
 * The condition each value filter adds, with the value as `@name`. Figures are read from
 * rollout_figures by subquery, so a query need not join it to filter.
 */
const valueConditions = {
  benchmark: 't.benchmark_id = @benchmark',
  collection: 'r.collection_id = @collection',
  grade: 'r.grade = @grade',
  agent: 'r.agent = @agent',
  task: 'r.task_id = @task',
  exception: 'r.id IN (SELECT rollout_id FROM rollout_figures WHERE first_exception = @exception)',
} as const;

/** The figure filters read from a query's own `fig` (rollout_figures) row instead of a lookup per rollout. */
const figureConditions = {
  exception: 'fig.first_exception = @exception',
  kind: (kind: FailureKind) => `fig.kind_${kind} > 0`,
} as const;

/**
 * SQL conditions and named parameters for the corpus filters, over a query that has
 * rollouts as `r` and tasks as `t` (and, with `joinedFigures`, the rollout's figures as `fig`).
 * One definition, so the table, its counts and search agree.
 */
export function rolloutFilter(filters: RolloutFilters, joinedFigures = false): { conditions: string[]; params: Record<string, unknown> } {
  const conditions: string[] = [];
  const params: Record<string, unknown> = {};
  for (const [name, condition] of Object.entries(valueConditions) as [keyof typeof valueConditions, string][]) {
    const value = filters[name];
    if (!value) continue;
    if (name === 'grade' && value === 'ungraded') {
      conditions.push('r.grade IS NULL');
      continue;
    }
    conditions.push(name === 'exception' && joinedFigures ? figureConditions.exception : condition);
    params[name] = value;
  }
  if (filters.kind) {
    // The kind names a column, so only the schema's own values get this far.
    if (!failureKinds.includes(filters.kind)) throw new Error(`unknown failure kind "${filters.kind}"`);
    conditions.push(
      joinedFigures ? figureConditions.kind(filters.kind) : `EXISTS (SELECT 1 FROM rollout_figures k WHERE k.rollout_id = r.id AND k.kind_${filters.kind} > 0)`,
    );
  }
  return { conditions, params };
}
