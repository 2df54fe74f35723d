/** The library, rubric and retrieval operations of the contract (also the figures the pipeline built them with), with their request schemas. */
import { z } from 'zod';
import { rubricFamilies } from '../corpus/bundle';
import { id, noParams, read } from '../operation';
import { protectedCategory } from './category-key';
import { boundedRecord } from '../request-bounds';
import type { CitationRow, LibraryBuild, OriginAudit, PrecisionRecallReport } from '../pipeline/pipeline-types';
import type { LibraryMix, LibrarySummary, RetrievalResult, RubricDetail, RubricPage } from './rubric-types';

export const rubricOperations = {
  'libraries.list': read<LibrarySummary[]>()(noParams),
  /** A library's category mix against the pool of one collection (default: every collection). */
  'libraries.mix': read<LibraryMix>()(z.object({ library: id, collection: id.optional() }).strict()),
  'rubrics.list': read<RubricPage>()(
    z
      .object({
        library: id.optional(),
        /** An effective category: a code, or `uncategorised` for rubrics without one. */
        category: z.string().min(1).max(64).optional(),
        family: z.enum(rubricFamilies).optional(),
        /** Full-text search over rubric text; results then come by relevance. */
        query: z.string().max(10_000).optional(),
        offset: z.number().int().nonnegative().default(0),
        limit: z.number().int().positive().max(1000).default(200),
      })
      .strict(),
  ),
  'rubrics.get': read<RubricDetail>()(z.object({ id }).strict()),
  /** Category-split retrieval (docs/definitions.md) for a rollout, or for one of its steps. */
  'retrieval.run': read<RetrievalResult>()(
    z
      .object({
        library: id,
        rollout: id,
        step: z.number().int().nonnegative().optional(),
        /** The pool whose mix splits the slots (default: every collection). */
        collection: id.optional(),
        slots: z.number().int().positive().max(1000).default(12),
        /** Categories with a fixed number of slots, served before the proportional split. */
        protect: boundedRecord(protectedCategory, z.number().int().nonnegative().max(1000), 1000).default({}),
      })
      .strict()
      .refine((r) => Object.values(r.protect).reduce((sum, n) => sum + n, 0) <= r.slots, {
        message: 'the protected slots add up to more than the slots',
        path: ['protect'],
      }),
  ),
} as const;

/** What the pipeline built a library and its rubrics from: origins, the build, precision and recall, citations (handled in workers/pipeline/). */
export const rubricReportOperations = {
  /** The held-out-origin audit of a library: every rubric whose support includes a held-out benchmark, with its task. */
  'libraries.auditOrigins': read<OriginAudit>()(z.object({ library: id }).strict()),
  /** How a library was built: funnel, Quota categories or Filtered allocation, and its pipeline run. */
  'libraries.build': read<LibraryBuild>()(z.object({ library: id }).strict()),
  /** Precision and recall of rubrics against execution truth, per family, category and library (latest verdicts). */
  'rubrics.precisionRecall': read<PrecisionRecallReport>()(
    z
      .object({
        library: id.optional(),
        run: id.optional(),
        /** Count only rows up to these ids: the same figures as the report whose `basis.through` they are. */
        through: z
          .object({
            verdict: z.number().int().nonnegative(),
            attempt: z.number().int().nonnegative(),
            label: z.number().int().nonnegative(),
            failure: z.number().int().nonnegative(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  /** A rubric's citations, each checked against the program it names, with where that program is. */
  'rubrics.citations': read<CitationRow[]>()(z.object({ id }).strict()),
} as const;
