/**
 * The bundle reader thread (worker_threads entry, built as `import-reader`): reads, splits,
 * decodes, parses and validates a bundle's lines with readBundle, and turns each step and
 * program into the row the writer inserts (see PreparedRow), then hands them to the writer's
 * thread in order, in batches bounded by records and by characters, never more than
 * `batchesAhead` ahead.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../../common/errors';
import { readBundle, type ReadLine } from './bundle-reader';
import {
  batchChars,
  batchesAhead,
  batchRecords,
  encodeItem,
  type BatchCells,
  type ReadItem,
  type ReaderData,
  type ReaderMessage,
} from './bundle-reader-protocol';
import { prepareProgram, prepareStep, type SeenText } from './prepared-rows';
import { RecentDigests } from '../util/recent-digests';

const port = parentPort!;
const { path, label } = workerData as ReaderData;

let credits = batchesAhead;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits += 1;
  wake?.();
  wake = null;
});

/**
 * The sha256s of the texts sent with rows, at least the last `textsRemembered` (8 MiB of
 * tables, see RecentDigests): the writer stores every one it is sent, so a text sent again
 * needs no statement, and the writer keeps no memory of its own for them.
 */
const textsRemembered = 128 * 1024;
const sentTexts = new RecentDigests(textsRemembered);
const seen: SeenText = (hash) => sentTexts.remember(hash);

/** The item for one line. Anything that fails here is left to the writer's thread, which fails the same way at the same record. */
function item({ line, record, text }: ReadLine): ReadItem {
  if (record.type === 'failure') return { line, record };
  if (record.type !== 'step' && record.type !== 'program') return { line, text };
  try {
    return { line, prepared: record.type === 'step' ? prepareStep(record, seen) : prepareProgram(record, seen) };
  } catch {
    return { line, text };
  }
}

function post(message: ReaderMessage): void {
  port.postMessage(message);
}

/** Sends a batch; one whose records cannot be cloned goes as text, parsed on the other side. */
async function send(batch: ReadItem[], texts: string[]): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits -= 1;
  const cells: BatchCells = [];
  for (const item of batch) encodeItem(cells, item);
  try {
    post({ batch: cells });
  } catch {
    const asText: BatchCells = [];
    batch.forEach(({ line }, i) => encodeItem(asText, { line, text: texts[i]! }));
    post({ batch: asText });
  }
}

async function main(): Promise<void> {
  let batch: ReadItem[] = [];
  let texts: string[] = [];
  let chars = 0;
  try {
    for await (const read of readBundle(path, label)) {
      batch.push(item(read));
      texts.push(read.text);
      chars += read.text.length;
      if (batch.length === batchRecords || chars >= batchChars) {
        await send(batch, texts);
        batch = [];
        texts = [];
        chars = 0;
      }
    }
    if (batch.length > 0) await send(batch, texts);
    post({ done: true });
  } catch (err) {
    // The records read before the error go first: writing one of them may fail first, as it would on one thread.
    if (batch.length > 0) await send(batch, texts);
    const fault = err instanceof ApiError ? { code: err.code, message: err.message, details: err.details } : { code: null, message: (err as Error).message };
    post({ fault });
  }
}

void main();
