/** The request schemas of the taxonomy operations. */
import { z } from 'zod';

const categoryCode = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'a category code is letters, digits, ".", "_" or "-" (at most 32)');

/**
 * A new taxonomy version from Settings: the full category list, and which old categories were
 * split (one into several) or merged (several into one), so the labels that name them can be
 * flagged for review. Labels are never rewritten.
 */
export const taxonomySaveRequest = z
  .object({
    version: z.string().min(1).max(64),
    categories: z
      .array(
        z
          .object({
            code: categoryCode,
            name: z.string().min(1).max(200),
            family: z.string().min(1).max(64),
            guideline: z.string().max(50_000).default(''),
          })
          .strict(),
      )
      .min(1)
      .max(500),
    splits: z
      .array(z.object({ from: categoryCode, into: z.array(categoryCode).min(2).max(500) }).strict())
      .max(500)
      .default([]),
    merges: z
      .array(z.object({ from: z.array(categoryCode).min(2).max(500), into: categoryCode }).strict())
      .max(500)
      .default([]),
  })
  .strict();
