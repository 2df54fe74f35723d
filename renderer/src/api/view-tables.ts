/** Which tables' writes the corpus, rollout and rubric views follow (the Runs and Pipeline screens watch theirs themselves). */
import { corpusTables, type CorpusTable } from '../../../common/corpus-tables';

/** Tables whose writes change nothing the corpus, rollout or rubric views show. */
const runTables: readonly CorpusTable[] = ['attempts', 'attempt_logs', 'experiments', 'cases', 'hosts', 'model_requests', 'model_prices', 'pipeline_runs'];
/** Tables of labels alone: only the rubric views show them. */
const labelTables: readonly CorpusTable[] = ['labels', 'label_schemas'];
// Runs, the ledger and label writes come many a second; only the views that show them refetch.
export const rubricViewTables = corpusTables.filter((t) => !runTables.includes(t));
export const corpusViewTables = rubricViewTables.filter((t) => !labelTables.includes(t));
