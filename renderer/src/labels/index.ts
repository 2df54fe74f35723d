/** What the labels domain offers the folders above it; anything else in the folder is its own. */
export { answered, labelSchemaTables, useLabelSchemas } from './use-label-schemas';
export { MarkdownText } from './markdown-text';
export { CopyablePath } from './copyable-path';
