import { statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { ApiError, type ErrorCode } from '../../common/errors';
import { parseRecord, readBundle, type LocatedRecord } from './bundle-reader';
import { decodeBatch, type ReaderData, type ReaderMessage } from './bundle-reader-protocol';
import { checkCancelled } from './import-cancel';
import { startThread } from '../util/start-thread';

/** Bundles at least this large are read on a thread of their own; below it, starting the thread costs more than it saves. */
export const readerThreadBytes = 8 * 1024 * 1024;

/**
 * The reader thread's young generation, in MB (V8's default is several times larger): nearly
 * everything it allocates (a line's text, its parsed record, the batch) is garbage once the
 * batch is sent, and a smaller young generation collects it sooner. Only the young generation
 * is bounded: a bound on the old one ends the whole process, not the thread, when a single
 * line's text is larger than it.
 */
const readerYoungGenerationMb = 4;

/** Starts the reader thread: the built `import-reader` entry, or the TypeScript entry through tsx. */
function startReader(data: ReaderData): Worker {
  return startThread(import.meta.url, './import-reader.js', './bundle-reader-thread.ts', data, { maxYoungGenerationSizeMb: readerYoungGenerationMb });
}

/**
 * A bundle's records, read on a thread of their own when the file is large (see
 * readBundleOnThread). The size is looked up at once, so that the records come straight from
 * the reader chosen, not through one more generator: a million records each cost every
 * generator they pass through a turn of the microtask queue.
 */
export function readBundleRecords(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {
    // readBundle names the error of a file that cannot be read.
  }
  return size >= readerThreadBytes ? readBundleOnThread(path, label, signal) : readBundle(path, label, signal);
}

/**
 * readBundle on a worker thread: the same records in the same order with the same errors,
 * while this thread writes. Steps and programs come as their prepared rows; lines the thread
 * sends as text are parsed here.
 */
export async function* readBundleOnThread(path: string, label: string, signal?: AbortSignal): AsyncGenerator<LocatedRecord> {
  const worker = startReader({ path, label });
  const inbox: (ReaderMessage | { crashed: Error })[] = [];
  let wake: (() => void) | null = null;
  const deliver = (message: ReaderMessage | { crashed: Error }) => {
    inbox.push(message);
    wake?.();
    wake = null;
  };
  worker.on('message', deliver);
  worker.on('error', (err) => deliver({ crashed: err }));
  worker.on('exit', (code) => deliver({ crashed: new Error(`the bundle reader thread stopped (exit ${code})`) }));
  // The thread may read for a long time without sending a batch (blank lines): a cancel must not wait for the next one.
  const cancelled = () => wake?.();
  signal?.addEventListener('abort', cancelled);
  try {
    for (;;) {
      if (inbox.length === 0 && !signal?.aborted) await new Promise<void>((resolve) => (wake = resolve));
      checkCancelled(signal, label);
      const message = inbox.shift()!;
      if ('crashed' in message) throw message.crashed;
      if ('done' in message) return;
      if ('fault' in message) {
        const { code, message: text, details } = message.fault;
        throw code === null ? new Error(text) : new ApiError(code as ErrorCode, text, details);
      }
      worker.postMessage('more');
      for (const item of decodeBatch(message.batch)) {
        yield 'text' in item ? { line: item.line, record: parseRecord(item.text, label, item.line) } : item;
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancelled);
    worker.removeAllListeners();
    await worker.terminate();
  }
}
