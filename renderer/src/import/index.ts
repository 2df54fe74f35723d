/** What the import domain offers the folders above it; anything else in the folder is its own. */
export { FileProgress } from './file-progress';
export { ImportButton } from './import-button';
export type { ImportProgress } from './import-store';
