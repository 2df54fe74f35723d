/**
 * Assembles the whole sample corpus in a fixed order, grouped by record type, so the
 * written file is byte-identical on every run.
 */
import type { BundleRecord, BundleRecordType } from '../../common/corpus/bundle';
import { benchmarks, tasks } from './benchmarks';
import { buildLabels } from './labels';
import { buildRollouts, collections } from './rollouts';
import { buildRubrics } from './rubrics';
import { buildAttempts, cases, experiment } from './runs';
import { taxonomyRecord } from '../../workers/categories/taxonomy-v1';

/** Order in which record types appear in the file (dependencies first). */
const typeOrder: BundleRecordType[] = [
  'taxonomy',
  'benchmark',
  'task',
  'collection',
  'rollout',
  'program',
  'step',
  'failure',
  'rubric',
  'library',
  'label',
  'case',
  'experiment',
  'attempt',
];

/** Every record of the sample corpus, grouped by type in `typeOrder`. */
export function buildSampleCorpus(): BundleRecord[] {
  const rolloutRecords = buildRollouts().flat();
  const taskOfRollout = new Map(rolloutRecords.flatMap((r) => (r.type === 'rollout' ? [[r.id, r.task] as const] : [])));
  const taskOf = (rollout: string): string => {
    const task = taskOfRollout.get(rollout);
    if (!task) throw new Error(`rubric support names unknown rollout ${rollout}`);
    return task;
  };
  const rubricsAndLibraries = buildRubrics(taskOf);
  const categoryOf = new Map(rubricsAndLibraries.flatMap((r) => (r.type === 'rubric' ? [[r.id, r.category ?? ''] as const] : [])));
  const all: BundleRecord[] = [
    taxonomyRecord,
    ...benchmarks,
    ...Object.values(tasks).map((t) => t.record),
    ...collections,
    ...rolloutRecords,
    ...rubricsAndLibraries,
    ...buildLabels((id) => categoryOf.get(id) ?? ''),
    ...cases,
    experiment,
    ...buildAttempts(),
  ];
  // A stable sort keeps each type's own order (rollout by rollout, step by step).
  return all.sort((a, b) => typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type));
}
