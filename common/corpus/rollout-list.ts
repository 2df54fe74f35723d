/**
 * The Corpus screen's rollout filters and sort keys, shared by `rollouts.list` and
 * `search.query` (so a search narrows by the same filters the table shows).
 */
import { z } from 'zod';
import { failureKinds } from './bundle';

/** Columns of the rollout table the server sorts by. */
export const rolloutSortKeys = ['rollout', 'task', 'benchmark', 'collection', 'agent', 'seed', 'grade', 'score', 'steps', 'failures', 'duration'] as const;
export type RolloutSortKey = (typeof rolloutSortKeys)[number];
export type SortDirection = 'asc' | 'desc';

const filterValue = z.string().min(1).max(512);

/** Filters beyond benchmark, collection and grade: each narrows to rollouts that match it. */
export const rolloutFigureFilters = {
  agent: filterValue.optional(),
  task: filterValue.optional(),
  /** The exception class of the rollout's first failure. */
  exception: filterValue.optional(),
  /** Rollouts with at least one failure of this kind. */
  kind: z.enum(failureKinds).optional(),
};

export const rolloutSort = {
  sort: z.enum(rolloutSortKeys).default('rollout'),
  direction: z.enum(['asc', 'desc']).default('asc'),
};
