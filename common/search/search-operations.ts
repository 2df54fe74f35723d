/** The search operation of the contract, with its request schema. */
import { z } from 'zod';
import { grades } from '../corpus/bundle';
import { rolloutFigureFilters } from '../corpus/rollout-list';
import { id, read } from '../operation';
import type { SearchResult } from './search-types';

export const searchOperations = {
  /** Step hits by BM25 relevance, or newest first when ranking every match would take too long (the result says which). */
  'search.query': read<SearchResult>()(
    z
      .object({
        query: z.string().max(100_000),
        benchmark: id.optional(),
        collection: id.optional(),
        grade: z.enum([...grades, 'ungraded']).optional(),
        ...rolloutFigureFilters,
        rubrics: z.boolean().default(false),
        limit: z.number().int().positive().max(500).default(50),
      })
      .strict(),
  ),
} as const;
