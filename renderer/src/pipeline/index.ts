/** What the pipeline domain offers the folders above it; anything else in the folder is its own. */
export { modelBlocked, NoKeyReason } from './no-key-reason';
export { usePipelineStore } from './pipeline-store';
export { type JudgeState, useVerdictStore, verdictKey } from './verdict-store';
