/**
 * Corpus bundle v1 (docs/bundle-v1.md): one JSON record per line, each with a `type`.
 * These schemas are the single definition of the format; importers, exporters and
 * the sample-corpus writer all go through them. Unknown fields pass through
 * (`looseObject`) so the importer can keep them in `extra`.
 */
import { z } from 'zod';

const id = z.string().min(1).max(512);
const isoDate = z.string().min(4).max(64);

export const disciplines = ['ml', 'kernels', 'swe'] as const;
export const benchmarkRoles = ['mining', 'held_out', 'validation', 'development'] as const;
export const grades = ['correct', 'wrong', 'missing', 'invalid'] as const;
export const medals = ['gold', 'silver', 'bronze', 'none'] as const;
export const failureKinds = ['crash', 'timeout', 'oom', 'killed', 'missing_package', 'wrong_answer', 'invalid_output', 'buggy', 'rejected_edit'] as const;
export const rubricFamilies = ['error', 'performance'] as const;
export const libraryMethods = ['wrong-answer', 'whole-rollout', 'filtered', 'quota', 'hand-curated'] as const;
export const attemptStatuses = ['queued', 'running', 'succeeded', 'failed', 'timeout', 'interrupted', 'unknown'] as const;

export const categorySchema = z.looseObject({
  code: z.string().min(1).max(32),
  name: z.string().min(1),
  family: z.string().min(1),
  parent: z.string().optional(),
  guideline: z.string().optional(),
});

export const taxonomyRecord = z.looseObject({
  type: z.literal('taxonomy'),
  version: z.string().min(1),
  categories: z.array(categorySchema).min(1),
});

export const benchmarkRecord = z.looseObject({
  type: z.literal('benchmark'),
  id,
  name: z.string().optional(),
  discipline: z.enum(disciplines),
  role: z.enum(benchmarkRoles),
});

const columnFact = z.looseObject({ name: z.string(), dtype: z.string() });
const fileFact = z.looseObject({
  path: z.string().min(1),
  rows: z.number().int().nonnegative().optional(),
  columns: z.array(columnFact).optional(),
});

export const taskFacts = z.looseObject({
  files: z.array(fileFact).default([]),
  packages: z.array(z.string()).default([]),
});

export const taskRecord = z.looseObject({
  type: z.literal('task'),
  id,
  benchmark: id,
  statement: z.string(),
  metric: z.string().optional(),
  higherIsBetter: z.boolean().optional(),
  facts: taskFacts.default({ files: [], packages: [] }),
});

export const collectionRecord = z.looseObject({
  type: z.literal('collection'),
  id,
  name: z.string().min(1),
  createdAt: isoDate.optional(),
  agent: z.string().optional(),
});

export const rolloutRecord = z.looseObject({
  type: z.literal('rollout'),
  id,
  task: id,
  collection: id.optional(),
  agent: z.string().optional(),
  seed: z.number().int().optional(),
  grade: z.enum(grades).optional(),
  score: z.number().nullable().optional(),
  submitted: z.string().nullable().optional(),
  graderVerdict: z.string().nullable().optional(),
  medal: z.enum(medals).optional(),
  aboveMedian: z.boolean().optional(),
  validSubmission: z.boolean().optional(),
});

export const programRecord = z.looseObject({
  type: z.literal('program'),
  rollout: id,
  path: z.string().min(1),
  version: z.number().int().nonnegative(),
  content: z.string(),
});

export const programRef = z.object({ path: z.string().min(1), version: z.number().int().nonnegative() });

export const stepRecord = z.looseObject({
  type: z.literal('step'),
  rollout: id,
  index: z.number().int().nonnegative(),
  parent: z.number().int().nonnegative().nullable().optional(),
  command: z.string(),
  stdout: z.string().default(''),
  stderr: z.string().default(''),
  exitCode: z.number().int().nullable().optional(),
  durationMs: z.number().nonnegative().nullable().optional(),
  timedOut: z.boolean().default(false),
  killed: z.boolean().default(false),
  score: z.number().nullable().optional(),
  program: programRef.nullable().optional(),
});

export const failureRecord = z.looseObject({
  type: z.literal('failure'),
  rollout: id,
  step: z.number().int().nonnegative().nullable(),
  kind: z.enum(failureKinds).optional(),
  category: z.string().nullable().optional(),
  cause: z.string().optional(),
  /** What the harness said of a failure that carries no exception (a refused edit, the agent's analysis of a buggy node). */
  message: z.string().optional(),
});

export const rubricRecord = z.looseObject({
  type: z.literal('rubric'),
  id,
  title: z.string().min(1),
  appliesWhen: z.string().min(1),
  pattern: z.string().min(1),
  fix: z.string().optional(),
  family: z.enum(rubricFamilies),
  category: z.string().nullable().optional(),
  support: z.array(z.object({ rollout: id, task: id.optional() })).default([]),
  miner: z.string().optional(),
});

export const libraryRecord = z.looseObject({
  type: z.literal('library'),
  id,
  name: z.string().min(1),
  method: z.enum(libraryMethods),
  builtAt: isoDate,
  params: z.record(z.string(), z.unknown()).default({}),
  rubrics: z.array(id),
});

export const labelTarget = z.object({
  kind: z.enum(['rubric', 'failure', 'rollout', 'program', 'step']),
  id: z.string().min(1),
});

export const labelRecord = z.looseObject({
  type: z.literal('label'),
  annotator: z.string().min(1),
  schema: z.string().min(1),
  target: labelTarget,
  value: z.unknown(),
  reasons: z.array(z.string()).default([]),
  note: z.string().default(''),
  at: isoDate,
});

export const scoreRule = z.discriminatedUnion('from', [
  z.object({ from: z.literal('json'), path: z.string().min(1), field: z.string().min(1) }),
  z.object({ from: z.literal('stdout'), regex: z.string().min(1) }),
  z.object({ from: z.literal('command'), command: z.string().min(1) }),
]);

export const caseProgram = z.union([
  z.object({ rollout: id, path: z.string().min(1), version: z.number().int().nonnegative() }),
  z.object({ path: z.string().min(1), content: z.string() }),
]);

export const caseRecord = z.looseObject({
  type: z.literal('case'),
  id,
  task: id,
  program: caseProgram,
  command: z.string().min(1),
  timeoutS: z.number().positive(),
  score: scoreRule,
  dataDir: z.string().optional(),
});

export const experimentRecord = z.looseObject({
  type: z.literal('experiment'),
  id,
  name: z.string().min(1),
  arms: z.array(z.string().min(1)).min(1),
  repeats: z.number().int().positive(),
});

export const attemptRecord = z.looseObject({
  type: z.literal('attempt'),
  experiment: id,
  case: id,
  arm: z.string().min(1),
  repeat: z.number().int().nonnegative(),
  status: z.enum(attemptStatuses),
  exitCode: z.number().int().nullable().optional(),
  wallS: z.number().nonnegative().nullable().optional(),
  score: z.number().nullable().optional(),
  valid: z.boolean().nullable().optional(),
  host: z.string().optional(),
});

export const bundleRecord = z.discriminatedUnion('type', [
  taxonomyRecord,
  benchmarkRecord,
  taskRecord,
  collectionRecord,
  rolloutRecord,
  programRecord,
  stepRecord,
  failureRecord,
  rubricRecord,
  libraryRecord,
  labelRecord,
  caseRecord,
  experimentRecord,
  attemptRecord,
]);

export type BundleRecord = z.infer<typeof bundleRecord>;
export type BundleRecordType = BundleRecord['type'];
export const bundleRecordTypes = bundleRecord.options.map((o) => o.shape.type.value);
export type RecordOf<T extends BundleRecordType> = Extract<BundleRecord, { type: T }>;
