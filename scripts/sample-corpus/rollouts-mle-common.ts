/** Helpers shared by the MLE-bench rollouts (held-out benchmark, collection "pool"). */
import { type RolloutBuilder, startRollout } from './rollout-builder';

/** Where MLE-bench expects the submission. */
export const SUB = '/home/submission/submission.csv';

/** Starts a pool rollout. */
export const pool = (id: string, task: string, agent: string, seed: number): RolloutBuilder => startRollout({ id, task, collection: 'pool', agent, seed });
