/**
 * Rubric records and the three libraries built from them: Wrong-answer (1st
 * collection, final code only), Whole-rollout (every step of both collections) and
 * Quota (24 rubrics matched to the pool's failure mix, half reused from Whole-rollout).
 */
import type { RecordOf } from '../../common/corpus/bundle';
import { heldOutBenchmarks, taskSpec } from './benchmarks';
import type { RubricText } from './rubric-text';
import { wholeRolloutAnswer, wrongAnswerRubrics } from './rubrics-answer';
import { quotaCrash, wholeRolloutCrash } from './rubrics-crash';
import { wholeRolloutPerformance } from './rubrics-performance';
import { categoryCodes } from '../../workers/categories/taxonomy-v1';

/** Whole-rollout rubrics the Quota library reuses (crash lessons plus the top split and format ones). */
const reusedByQuota = ['rb-0020', 'rb-0026', 'rb-0036'];

const wholeRollout = [...wholeRolloutCrash, ...wholeRolloutAnswer, ...wholeRolloutPerformance];

const toRecord = (r: RubricText, miner: string, taskOf: (rollout: string) => string): RecordOf<'rubric'> => {
  if (!categoryCodes.has(r.category)) throw new Error(`${r.id}: unknown category ${r.category}`);
  const support = r.support.map((rollout) => {
    const task = taskOf(rollout);
    // docs/definitions.md (held-out-origin audit): a held-out benchmark must never feed a rubric; fail the build, naming both.
    if (heldOutBenchmarks.has(taskSpec(task).record.benchmark)) throw new Error(`${r.id} cites held-out rollout ${rollout} (${task})`);
    return { rollout, task };
  });
  const record: RecordOf<'rubric'> = {
    type: 'rubric',
    id: r.id,
    title: r.title,
    appliesWhen: r.appliesWhen,
    pattern: r.pattern,
    family: r.category.startsWith('P') ? 'performance' : 'error',
    category: r.category,
    support,
    miner,
  };
  if (r.fix) record.fix = r.fix;
  return record;
};

/**
 * Builds rubric and library records. `taskOf` maps a rollout id to its task and throws
 * for unknown ids, so every support entry points at a real sample rollout.
 */
export function buildRubrics(taskOf: (rollout: string) => string): RecordOf<'rubric' | 'library'>[] {
  const rubrics = [
    ...wrongAnswerRubrics.map((r) => toRecord(r, 'wrong-answer', taskOf)),
    ...wholeRollout.map((r) => toRecord(r, 'whole-rollout', taskOf)),
    ...quotaCrash.map((r) => toRecord(r, 'quota', taskOf)),
  ].sort((a, b) => a.id.localeCompare(b.id));
  const ids = (list: RubricText[]) => list.map((r) => r.id);
  const quotaIds = [...ids(wholeRolloutCrash), ...reusedByQuota, ...ids(quotaCrash)].sort();
  const libraries: RecordOf<'library'>[] = [
    {
      type: 'library',
      id: 'wrong-answer-1st',
      name: 'Wrong-answer',
      method: 'wrong-answer',
      builtAt: '2026-07-02',
      params: { collections: ['first'], grades: ['wrong', 'missing', 'invalid'], sees: 'final scripts, answer, verdict', model: 'opus' },
      rubrics: ids(wrongAnswerRubrics),
    },
    {
      type: 'library',
      id: 'whole-rollout-pool',
      name: 'Whole-rollout',
      method: 'whole-rollout',
      builtAt: '2026-09-08',
      params: { collections: ['first', 'pool'], maxPerRollout: 6, mergeThreshold: 0.6, model: 'opus' },
      rubrics: ids(wholeRollout).sort(),
    },
    {
      type: 'library',
      id: 'quota-24',
      name: 'Quota 24',
      method: 'quota',
      builtAt: '2026-09-20',
      params: { targetSize: 24, matchedTo: 'pool', stopWhenCovered: true, reusedFrom: 'whole-rollout-pool' },
      rubrics: quotaIds,
    },
  ];
  return [...rubrics, ...libraries];
}
