/** The import operation of the corpus map: its job reads files in the worker, one transaction each. */
import { runImportJob } from './import-job';
import type { HandlersOf } from '../context/handlers-of';
import type { corpusOperations } from '../../common/corpus/corpus-operations';

export const importHandlers = {
  'import.files': (req, ctx) => runImportJob(req, ctx),
} satisfies HandlersOf<Pick<typeof corpusOperations, 'import.files'>>;
