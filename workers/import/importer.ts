import type { LocatedRecord } from './bundle-reader';
import type { FileProbe } from './probe-file';

/**
 * How specifically an importer claims a file; when several do, the highest wins. `marker`:
 * the file names its format (`trajectory_format`, Inspect's `version` and `eval`);
 * `structure`: keys and records only this harness writes; `generic`: any JSON Lines with a
 * record type (a bundle).
 */
export const claim = { generic: 1, structure: 2, marker: 3 } as const;

/**
 * One input format. An importer turns a file into bundle records; everything after that
 * (validation, idempotency, references, failure extraction, search indexing) is shared.
 */
export interface Importer {
  format: string;
  /** What the format is, in a few words, for `rwb import --format`. */
  summary: string;
  /** How specifically this format claims a file of this structure (see `claim`); null when it does not. */
  recognise(probe: FileProbe): number | null;
  /** The file's records in order; stops with a `cancelled` error within a chunk of `signal` aborting. */
  records(path: string, label: string, signal?: AbortSignal): AsyncIterable<LocatedRecord>;
}
