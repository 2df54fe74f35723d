import { z } from 'zod';

/**
 * A category code used as a record key (`protect`): never `__proto__`, which a plain object
 * would swallow, nor anything else outside the code alphabet. Handlers check it is in the taxonomy.
 */
export const protectedCategory = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a category code is letters, digits, ".", "_" or "-", starting with a letter or digit');
