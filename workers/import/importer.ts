import type { LocatedRecord } from './bundle-reader';

/**
 * One input format. An importer turns a file into bundle records; everything after that
 * (validation, idempotency, references, failure extraction, search indexing) is shared.
 */
export interface Importer {
  format: string;
  /** What the format is, in a few words, for `rwb import --format`. */
  summary: string;
  /** True when the first bytes of a file look like this format. */
  detect(head: string): boolean;
  records(path: string, label: string): AsyncIterable<LocatedRecord>;
}
