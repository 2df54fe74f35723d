/** What the runs domain offers the folders above it; anything else in the folder is its own. */
export { outcomeTone } from './attempt-diagnosis-line';
export { ConfirmDialog } from './confirm-dialog';
export { type FieldErrors, fieldErrorsOf } from './field-errors';
export { HostsPanel } from './hosts-panel';
export { RerunButton } from './rerun-button';
export { OtherRuns } from './other-runs';
