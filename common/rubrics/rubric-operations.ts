/** The library, rubric and retrieval operations of the contract, with their request schemas. */
import { z } from 'zod';
import { rubricFamilies } from '../corpus/bundle';
import { id, noParams, read } from '../operation';
import { protectedCategory } from './category-key';
import { boundedRecord } from '../request-bounds';
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
