import type { BundleRecord } from '../../common/corpus/bundle';
import type { Precomputed } from './bundle-reader';

/** What the reader thread is started with. */
export interface ReaderData {
  path: string;
  label: string;
}

/**
 * One line of the bundle as the reader thread hands it over: a step, program or failure
 * record as an object (flat, cheap to clone), any other record as its text, which the
 * writer's thread parses again (few lines, and a clone could not carry any nesting).
 */
export type ReadItem = { line: number; record: BundleRecord; precomputed?: Precomputed; textHashes?: string[] } | { line: number; text: string };

/** An error the reader thread stopped on, as data: an ApiError keeps its code and details. */
export interface ReaderFault {
  code: string | null;
  message: string;
  details?: unknown;
}

export type ReaderMessage = { batch: ReadItem[] } | { done: true } | { fault: ReaderFault };

/**
 * Records per batch, and the batches the reader thread may have ahead of the writer (bounds
 * memory). Each batch costs the writer's thread a message to receive and one to send, and
 * each wakes the other thread, so batches are large: 1,024 records are about 0.6 MB of
 * bundle text in the generated corpus. One batch ahead still lets the reader read the next
 * batch while the writer writes one (it asks for more as soon as a batch arrives). At a
 * million steps the import's peak RSS was 468 MB with three batches ahead, 433 MB with one.
 */
export const batchRecords = 1024;
export const batchesAhead = 1;

/**
 * A batch also ends once its lines hold this many characters: a thousand records of 100 KB
 * outputs are 100 MB, which took the import of such a bundle to 555 MB (inflate-memory.test.ts).
 */
export const batchChars = 1024 * 1024;
