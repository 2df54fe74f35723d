/** The app, corpus, rollout, import and export operations of the contract, with their request schemas. */
import { z } from 'zod';
import { grades } from './bundle';
import type {
  AppInfo,
  CategoryRule,
  CorpusFacets,
  CorpusStats,
  ExportResult,
  FailureEvent,
  ImportResult,
  ProgramContent,
  RolloutDetail,
  RolloutPage,
  StepDetail,
  StepRow,
} from './corpus-types';
import { rolloutFigureFilters, rolloutSort } from './rollout-list';
import { id, noParams, read, write } from '../operation';
import { importFormats } from './import-formats';

export const corpusOperations = {
  'app.info': read<AppInfo>()(noParams),
  'corpus.stats': read<CorpusStats>()(noParams),
  'corpus.facets': read<CorpusFacets>()(noParams),
  'rollouts.list': read<RolloutPage>()(
    z
      .object({
        benchmark: id.optional(),
        collection: id.optional(),
        grade: z.enum([...grades, 'ungraded']).optional(),
        ...rolloutFigureFilters,
        ...rolloutSort,
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().positive().max(1000).default(200),
      })
      .strict(),
  ),
  'rollouts.get': read<RolloutDetail>()(z.object({ id }).strict()),
  /** A rollout's steps in order; `offset`/`limit` page them, so a long rollout can show its first steps at once. */
  'steps.list': read<StepRow[]>()(
    z.object({ rollout: id, offset: z.number().int().nonnegative().default(0), limit: z.number().int().positive().optional() }).strict(),
  ),
  'steps.get': read<StepDetail>()(z.object({ rollout: id, index: z.number().int().nonnegative() }).strict()),
  'failures.list': read<FailureEvent[]>()(z.object({ rollout: id }).strict()),
  'programs.get': read<ProgramContent>()(z.object({ rollout: id, path: z.string().min(1), version: z.number().int().nonnegative() }).strict()),
  'import.files': write<ImportResult>([
    'imports',
    'benchmarks',
    'tasks',
    'collections',
    'rollouts',
    'steps',
    'program_versions',
    'texts',
    'failure_events',
    'rollout_figures',
    'taxonomies',
    'categories',
    'rubrics',
    'rubric_support',
    'libraries',
    'library_rubrics',
    'labels',
    'cases',
    'experiments',
    'attempts',
  ])(
    z
      .object({
        paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000),
        format: z.enum(importFormats).default('auto'),
        /** Chosen by the caller so it can cancel the job before the call returns. */
        jobId: z.string().min(1).max(128).optional(),
      })
      .strict(),
  ),
  'rules.list': read<CategoryRule[]>()(noParams),
  'rules.save': write<{ rules: CategoryRule[]; changed: number }>(['category_rules', 'failure_events'])(
    z
      .object({
        rules: z
          .array(
            z
              .object({
                category: z.string().min(1),
                field: z.enum(['kind', 'exception_class', 'message', 'traceback', 'command']),
                pattern: z.string().min(1).max(2000),
                enabled: z.boolean().default(true),
                note: z.string().max(2000).default(''),
              })
              .strict(),
          )
          .max(1000),
      })
      .strict(),
  ),
  'jobs.cancel': write<{ cancelled: boolean }>([])(z.object({ jobId: z.string().min(1).max(128) }).strict()),
  'export.bundle': read<ExportResult>()(z.object({ out: z.string().min(1) }).strict()),
} as const;
