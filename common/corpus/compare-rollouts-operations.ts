/** The operation that aligns two rollouts' steps, with its request schema. */
import { z } from 'zod';
import { id, read } from '../operation';
import type { RolloutComparison } from './rollout-comparison';

export const compareRolloutsOperations = {
  /** Both rollouts' summaries and their steps aligned; step rows come from `steps.list` by position, a page at a time. */
  'rollouts.compare': read<RolloutComparison>()(z.object({ a: id, b: id }).strict()),
} as const;
