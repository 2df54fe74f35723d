/** The rollout comparison operation. */
import { compareRollouts } from './compare-rollouts-query';
import type { HandlersOf } from '../context/handlers-of';
import type { compareRolloutsOperations } from '../../common/corpus/compare-rollouts-operations';

export const compareRolloutsHandlers = {
  'rollouts.compare': (req, { db }) => compareRollouts(db, req.a, req.b),
} satisfies HandlersOf<typeof compareRolloutsOperations>;
