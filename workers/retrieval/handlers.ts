/** The rubric map's operations that draw on a library's rubrics for failures: a library's mix and a retrieval. */
import { libraryMix } from './library-mix';
import { runRetrieval } from './run-retrieval';
import type { HandlersOf } from '../context/handlers-of';
import type { rubricOperations } from '../../common/rubrics/rubric-operations';

export const retrievalHandlers = {
  'libraries.mix': (req, { db }) => libraryMix(db, req),
  'retrieval.run': (req, { db }) => runRetrieval(db, req),
} satisfies HandlersOf<Pick<typeof rubricOperations, 'libraries.mix' | 'retrieval.run'>>;
