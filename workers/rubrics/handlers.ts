/** The rubric operations: libraries and rubrics; retrieval/, which builds on them, handles mixes and retrieval. */
import { listLibraries } from './library-queries';
import { getRubric, listRubrics } from './rubric-queries';
import type { HandlersOf } from '../context/handlers-of';
import type { rubricOperations } from '../../common/rubrics/rubric-operations';

export const rubricHandlers = {
  'libraries.list': (_req, { db }) => listLibraries(db),
  'rubrics.list': (req, { db }) => listRubrics(db, req),
  'rubrics.get': (req, { db }) => getRubric(db, req.id),
} satisfies HandlersOf<Omit<typeof rubricOperations, 'libraries.mix' | 'retrieval.run'>>;
