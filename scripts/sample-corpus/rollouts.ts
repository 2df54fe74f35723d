/**
 * Collections and rollouts of the sample corpus: the 1st collection (DABench, one
 * agent) and the pool (mining and held-out tasks, two agents), sorted by rollout id.
 */
import type { RecordOf } from '../../common/corpus/bundle';
import { bikeRollouts } from './rollouts-bike';
import { firstCollection } from './rollouts-first';
import { kernelRollouts } from './rollouts-kernels';
import { pizzaRollouts } from './rollouts-pizza';
import { spaceshipRollouts } from './rollouts-spaceship';
import { storeRollouts } from './rollouts-store';
import { tabularRollouts } from './rollouts-tabular';

/** The two collections. */
export const collections: RecordOf<'collection'>[] = [
  { type: 'collection', id: 'first', name: '1st collection', createdAt: '2026-06-12', agent: 'haiku-4.5' },
  { type: 'collection', id: 'pool', name: 'Collection pool', createdAt: '2026-08-28' },
];

type RolloutRecords = RecordOf<'rollout' | 'program' | 'step' | 'failure'>[];

/** Every rollout's records, grouped per rollout, in rollout-id order. */
export function buildRollouts(): RolloutRecords[] {
  const all = [...firstCollection, ...bikeRollouts, ...storeRollouts, ...tabularRollouts, ...kernelRollouts, ...spaceshipRollouts, ...pizzaRollouts].map(
    (build) => build(),
  );
  const idOf = (records: RolloutRecords) => (records[0]?.type === 'rollout' ? records[0].id : '');
  return all.sort((a, b) => idOf(a).localeCompare(idOf(b)));
}
