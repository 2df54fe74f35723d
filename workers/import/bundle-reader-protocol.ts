import type { BundleRecord } from '../../common/corpus/bundle';
import type { SqlValue } from '../bundle-codecs/record-codec';
import type { FailureDraft } from '../failures';
import { programColumn, stepColumn, type PreparedRow } from './prepared-rows';

/** What the reader thread is started with. */
export interface ReaderData {
  path: string;
  label: string;
}

/**
 * One line of the bundle as the reader thread hands it over: a step or program as its
 * prepared row, a failure record as an object (flat, cheap to clone), any other record as its
 * text, which the writer's thread parses again (few lines, and a clone could not carry any
 * nesting).
 */
export type ReadItem = { line: number; prepared: PreparedRow } | { line: number; record: BundleRecord } | { line: number; text: string };

/** An error the reader thread stopped on, as data: an ApiError keeps its code and details. */
export interface ReaderFault {
  code: string | null;
  message: string;
  details?: unknown;
}

export type ReaderMessage = { batch: BatchCells } | { done: true } | { fault: ReaderFault };

/**
 * A batch of items as one flat array: each item is its kind, its line, then its fields (a
 * prepared row's values spread out). Cloning, the writer's thread builds every object of a
 * message anew, and objects cost it several times what primitives in one array do: at a
 * million steps, 7 s for the items as objects, under 3 s for the same cells.
 */
export type BatchCells = unknown[];

const kind = { step: 0, program: 1, record: 2, text: 3 } as const;
const stepWidth = Object.keys(stepColumn).length;
const programWidth = Object.keys(programColumn).length;

/** Appends an item's cells to a batch. */
export function encodeItem(cells: BatchCells, item: ReadItem): void {
  if ('prepared' in item) {
    const p = item.prepared;
    if (p.type === 'step') cells.push(kind.step, item.line, ...p.values, p.stdout, p.stderr, p.stdoutStored, p.stderrStored, p.failure);
    else cells.push(kind.program, item.line, ...p.values, p.content);
  } else if ('record' in item) cells.push(kind.record, item.line, item.record);
  else cells.push(kind.text, item.line, item.text);
}

/** The items of a batch encodeItem wrote, in order. */
export function decodeBatch(cells: BatchCells): ReadItem[] {
  const items: ReadItem[] = [];
  for (let i = 0; i < cells.length;) {
    const line = cells[i + 1] as number;
    const start = i + 2;
    switch (cells[i]) {
      case kind.step: {
        const end = start + stepWidth;
        const values = cells.slice(start, end) as SqlValue[];
        const stdout = cells[end] as string;
        const stderr = cells[end + 1] as string;
        const stdoutStored = cells[end + 2] as boolean;
        const stderrStored = cells[end + 3] as boolean;
        const failure = cells[end + 4] as FailureDraft | null | undefined;
        items.push({ line, prepared: { type: 'step', values, stdout, stderr, stdoutStored, stderrStored, failure } });
        i = end + 5;
        break;
      }
      case kind.program: {
        const end = start + programWidth;
        const values = cells.slice(start, end) as SqlValue[];
        items.push({ line, prepared: { type: 'program', values, content: cells[end] as string | null } });
        i = end + 1;
        break;
      }
      case kind.record:
        items.push({ line, record: cells[start] as BundleRecord });
        i = start + 1;
        break;
      case kind.text:
        items.push({ line, text: cells[start] as string });
        i = start + 1;
        break;
      default:
        throw new Error(`a bundle reader batch holds an unknown item kind at cell ${i}`);
    }
  }
  return items;
}

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
