/** What the libraries domain offers the folders above it; anything else in the folder is its own. */
export { CurationFunnel } from './curation-funnel';
export { formatParams } from './library-params';
export { useLibraryStore } from './library-store';
export { protectedTotal, retrievalKey, type RetrievalTarget, useRetrievalStore } from './retrieval-store';
