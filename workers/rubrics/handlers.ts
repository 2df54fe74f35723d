/** The rubric operations: libraries, rubrics, the taxonomy and retrieval. */
import { getTaxonomy, listLibraries } from './library-queries';
import { getRubric, listRubrics } from './rubric-queries';
import { libraryMix } from '../retrieval/library-mix';
import { runRetrieval } from '../retrieval/run-retrieval';
import type { HandlersOf } from '../context/handlers-of';
import type { rubricOperations } from '../../common/rubrics/rubric-operations';

export const rubricHandlers = {
  'libraries.list': (_req, { db }) => listLibraries(db),
  'libraries.mix': (req, { db }) => libraryMix(db, req),
  'rubrics.list': (req, { db }) => listRubrics(db, req),
  'rubrics.get': (req, { db }) => getRubric(db, req.id),
  'taxonomy.get': (_req, { db }) => getTaxonomy(db),
  'retrieval.run': (req, { db }) => runRetrieval(db, req),
} satisfies HandlersOf<typeof rubricOperations>;
