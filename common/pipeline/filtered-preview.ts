/**
 * `curation.filteredPreview`: what a Filtered cut would keep, before it is started, so the
 * form can warn when a category's quota is above what the library has (issue 13 item 4).
 */
import { z } from 'zod';
import { id } from '../operation';
import type { FilterAllocation } from './pipeline-types';

export const filteredPreviewRequest = z
  .object({
    from: id,
    collection: id.optional(),
    targetSize: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();

export interface FilteredPreview {
  /** The N the quotas are computed for (the default when none was given). */
  targetSize: number;
  kept: number;
  /** Rubrics in the library being cut. */
  of: number;
  /** How many rubrics the quotas ask for beyond what the library has, summed over categories. */
  short: number;
  allocation: FilterAllocation[];
  /** The cut in the words its run row will use. */
  summary: string;
}
