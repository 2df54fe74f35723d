/** What the labels domain offers the folders above it; anything else in the folder is its own. */
export { useLabelSchemaStore } from './label-schema-store';
export { MarkdownText } from './markdown-text';
export { CopyablePath } from './copyable-path';
