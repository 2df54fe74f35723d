/**
 * Ids of imported runs (docs/architecture.md): never the file's name alone, since every AIDE run
 * writes `journal.json` and SWE-agent `<instance>.traj` again and again. An id is the
 * format, the run's own name (instance, sample, run id, else the file's stem) and a hash
 * of the run's content: the same run imported twice gets the same id (idempotent), two
 * different runs under one name get two.
 */
import { createHash } from 'node:crypto';

/** Hex digits of the content hash kept in an id: 48 bits, enough to keep runs of one name apart. */
const hashDigits = 12;

/** The hash of a run's content, as its id carries it. */
export function contentHash(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex').slice(0, hashDigits);
}

/** `<format>:<name>@<hash>`, the name shortened so that the id stays within bundle limits. */
export function runId(format: string, name: string, hash: string): string {
  return `${format}:${name.slice(0, 200)}@${hash}`;
}
