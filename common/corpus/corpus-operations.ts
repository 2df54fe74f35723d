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
import { id, noParams, op } from '../operation';
import { importFormats } from './import-formats';

export const corpusOperations = {
  'app.info': op<AppInfo>()(noParams),
  'corpus.stats': op<CorpusStats>()(noParams),
  'corpus.facets': op<CorpusFacets>()(noParams),
  'rollouts.list': op<RolloutPage>()(
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
  'rollouts.get': op<RolloutDetail>()(z.object({ id }).strict()),
  /** A rollout's steps in order; `offset`/`limit` page them, so a long rollout can show its first steps at once. */
  'steps.list': op<StepRow[]>()(
    z.object({ rollout: id, offset: z.number().int().nonnegative().default(0), limit: z.number().int().positive().optional() }).strict(),
  ),
  'steps.get': op<StepDetail>()(z.object({ rollout: id, index: z.number().int().nonnegative() }).strict()),
  'failures.list': op<FailureEvent[]>()(z.object({ rollout: id }).strict()),
  'programs.get': op<ProgramContent>()(z.object({ rollout: id, path: z.string().min(1), version: z.number().int().nonnegative() }).strict()),
  'import.files': op<ImportResult>()(
    z
      .object({
        paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000),
        format: z.enum(importFormats).default('auto'),
        /** Chosen by the caller so it can cancel the job before the call returns. */
        jobId: z.string().min(1).max(128).optional(),
      })
      .strict(),
  ),
  'rules.list': op<CategoryRule[]>()(noParams),
  'rules.save': op<{ rules: CategoryRule[]; changed: number }>()(
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
  'jobs.cancel': op<{ cancelled: boolean }>()(z.object({ jobId: z.string().min(1).max(128) }).strict()),
  'export.bundle': op<ExportResult>()(z.object({ out: z.string().min(1) }).strict()),
} as const;
