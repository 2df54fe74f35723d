/**
 * The bundle reader thread (worker_threads entry, built as `import-reader`): reads, splits,
 * decodes, parses and validates a bundle's lines with readBundle, and works out what writing
 * a step or a program needs from the record alone (a step's record hash and failure event,
 * the sha256 of each text either stores), then hands the
 * records to the writer's thread in order, in batches bounded by records and by characters,
 * never more than `batchesAhead` ahead.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../../common/errors';
import { extractFailure } from '../failures';
import { readBundle, type ReadLine } from './bundle-reader';
import { batchChars, batchesAhead, batchRecords, type ReadItem, type ReaderData, type ReaderMessage } from './bundle-reader-protocol';
import { recordHash } from '../util/canonical-json';
import { sha256 } from '../db/texts';

const port = parentPort!;
const { path, label } = workerData as ReaderData;

let credits = batchesAhead;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits += 1;
  wake?.();
  wake = null;
});

/** The item for one line. Anything that fails here is left to the writer's thread, which fails the same way at the same record. */
function item({ line, record, text }: ReadLine): ReadItem {
  if (record.type === 'failure') return { line, record };
  if (record.type === 'program') return { line, record, textHashes: [sha256(record.content)] };
  if (record.type !== 'step') return { line, text };
  try {
    const failure = extractFailure({
      command: record.command,
      stdout: record.stdout,
      stderr: record.stderr,
      exitCode: record.exitCode ?? null,
      timedOut: record.timedOut,
      killed: record.killed,
    });
    return { line, record, precomputed: { hash: recordHash(record), failure }, textHashes: [sha256(record.stdout), sha256(record.stderr)] };
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
  try {
    post({ batch });
  } catch {
    post({ batch: batch.map(({ line }, i) => ({ line, text: texts[i]! })) });
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
