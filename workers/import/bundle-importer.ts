import { bundleRecordTypes } from '../../common/corpus/bundle';
import { readBundleRecords } from './bundle-reader-worker';
import type { Importer } from './importer';

/** Corpus bundle v1 (docs/bundle-v1.md), plain or gzipped JSON Lines. */
export const bundleImporter: Importer = {
  format: 'bundle',
  summary: 'corpus bundle v1: JSON Lines records (.jsonl, .jsonl.gz), what rwb export writes',
  detect(head) {
    const first = head.split('\n').find((l) => l.trim() !== '');
    const match = first?.match(/^\s*\{.*?"type"\s*:\s*"([a-z]+)"/);
    return match !== null && match !== undefined && (bundleRecordTypes as string[]).includes(match[1]!);
  },
  records: readBundleRecords,
};
