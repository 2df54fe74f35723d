/** The taxonomy operations: the newest version, and a new one from Settings. */
import { getTaxonomy } from '../rubrics/library-queries';
import { saveTaxonomy } from './save-taxonomy';
import { written } from '../context/written';
import type { HandlersOf } from '../context/handlers-of';
import type { taxonomyOperations } from '../../common/taxonomy/taxonomy-operations';

export const taxonomyHandlers = {
  'taxonomy.get': (_req, { db }) => getTaxonomy(db),
  'taxonomy.save': (req, ctx) => written(ctx, () => saveTaxonomy(ctx.db, req)),
} satisfies HandlersOf<typeof taxonomyOperations>;
