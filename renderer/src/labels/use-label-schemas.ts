/**
 * Label schemas (newest version of each) and the libraries a queue can be drawn from, as the
 * backend answers them: what the Labels screens' pickers and the Settings editor list, each
 * fetched again after a write to the tables it shows.
 */
import type { CorpusTable } from '../../../common/corpus-tables';
import { useOperation, type Operation } from '../api/use-operation';
import { reportError } from '../app-state/app-store';

/** A taxonomy schema's options are the taxonomy's categories, so a taxonomy save changes the schemas' answer too. */
export const labelSchemaTables: readonly CorpusTable[] = ['label_schemas', 'taxonomies', 'categories'];
const libraryTables: readonly CorpusTable[] = ['libraries', 'library_rubrics', 'rubrics'];

export function useLabelSchemas(): Operation<'labels.schemas'> {
  return useOperation('labels.schemas', {}, { tables: labelSchemaTables, onError: reportError });
}

export function useQueueLibraries(): Operation<'libraries.list'> {
  return useOperation('libraries.list', {}, { tables: libraryTables, onError: reportError });
}

/** Whether an operation has answered, with data or an error: a screen waiting on it may say it is ready. */
export function answered(operation: Pick<Operation<'labels.schemas'>, 'data' | 'error'> | Pick<Operation<'libraries.list'>, 'data' | 'error'>): boolean {
  return operation.data !== null || operation.error !== null;
}
