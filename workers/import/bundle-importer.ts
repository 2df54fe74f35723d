import { bundleRecordTypes } from '../../common/corpus/bundle';
import { readBundleRecords } from './bundle-reader-worker';
import { claim, type Importer } from './importer';
import { textOf, member } from './shape-queries';

/** Corpus bundle v1 (docs/bundle-v1.md), plain or gzipped JSON Lines. */
export const bundleImporter: Importer = {
  format: 'bundle',
  summary: 'corpus bundle v1: JSON Lines records (.jsonl, .jsonl.gz), what rwb export writes',
  recognise: ({ value }) => ((bundleRecordTypes as string[]).includes(textOf(member(value, 'type')) ?? '') ? claim.generic : null),
  records: readBundleRecords,
};
