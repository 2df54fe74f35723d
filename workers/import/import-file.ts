import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ImportFileResult } from '../../common/corpus/corpus-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { pauseRowCounters, resumeRowCounters } from '../corpus/bulk-counters';
import { figuresMark, recountFiguresSince } from '../corpus/rollout-figures';
import { tooDeep } from './bundle-reader';
import { checkReferences } from './check-references';
import { DeferredContentIndex } from './deferred-content-index';
import { seedDefaultTaxonomy } from './default-taxonomy';
import { RecordWriter } from './record-writer';
import { chooseImporter } from './registry';
import { checkCancelled } from './import-cancel';
import { eventLoopTurns } from '../util/event-loop-turns';

export interface ImportOptions {
  format?: string;
  /** Called every few thousand records with the number of records read so far. */
  onProgress?: (records: number) => void;
  /** Called with the format chosen for the file, before its records are read. */
  onFormat?: (format: string) => void;
  signal?: AbortSignal;
  /** Called once the file's records are committed (the worker then announces the tables they changed). */
  onCommitted?: () => void;
}

const progressEvery = 2000;
/** How long the import writes records before the worker takes other messages (a health check, a cancel): well under serve's 250 ms health target, and rare enough to cost the import nothing measurable. */
const turnEveryMs = 20;

/**
 * Imports one file in one transaction: either every record of the file lands, with its
 * derived failure events and search index entries, or nothing does. Re-importing the same
 * file changes nothing and reports its records as duplicates.
 */
export async function importFile(db: Db, path: string, options: ImportOptions = {}): Promise<ImportFileResult> {
  const label = basename(path);
  const before = await checkIsFile(path, label);
  const importer = await chooseImporter(path, label, options.format ?? 'auto', options.signal);
  options.onFormat?.(importer.format);
  const result = emptyImportResult(path, importer.format);
  const counted = {
    rollout: 'rollouts',
    step: 'steps',
    program: 'programs',
    failure: 'failures',
    rubric: 'rubrics',
    library: 'libraries',
    label: 'labels',
  } as const;

  const fileHash = fileSha256(path);
  let records = 0;
  beginImportTransaction(db);
  try {
    const mark = figuresMark(db);
    const counters = pauseRowCounters(db);
    const contentIndex = new DeferredContentIndex(db);
    const writer = new RecordWriter(db);
    const rollouts: string[] = [];
    const turn = eventLoopTurns(turnEveryMs);
    for await (const item of importer.records(path, label, options.signal)) {
      const turned = turn();
      if (turned) await turned;
      checkCancelled(options.signal, label);
      const at = { file: label, line: item.line };
      const record = 'record' in item ? item.record : null;
      let outcome;
      try {
        outcome = 'prepared' in item ? writer.writePrepared(item.prepared, at) : writer.write(item.record, at, importer.format);
      } catch (err) {
        throw tooDeep(err, at);
      }
      const type = 'prepared' in item ? item.prepared.type : item.record.type;
      if (record?.type === 'rollout' && outcome === 'inserted') rollouts.push(record.id);
      if (outcome === 'duplicate') result.duplicates += 1;
      else if (type in counted && !(record?.type === 'failure' && record.step !== null)) {
        result[counted[type as keyof typeof counted]] += 1;
        if (type === 'program') contentIndex.written(result.programs);
      }
      records += 1;
      if (records % progressEvery === 0) options.onProgress?.(records);
    }
    seedDefaultTaxonomy(db, writer, label);
    checkReferences(db, writer.references);
    const derived = writer.failures.finish();
    result.failures += derived;
    // The source path is kept beside each rollout, not in its record: the same run imported from elsewhere is the same rollout.
    db.prepare('UPDATE rollouts SET source_path = ? WHERE id IN (SELECT value FROM json_each(?))').run(path, JSON.stringify(rollouts));
    const digest = await fileHash.digest;
    // Read twice (records and hash), the file must be the one it was when the import began, or the records and the hash may come from different versions.
    await checkUnchanged(path, label, before);
    recountFiguresSince(db, mark, writer.stepFigures);
    resumeRowCounters(db, counters);
    contentIndex.rebuild();
    db.prepare('INSERT INTO imports (file, format, sha256, counts, imported_at) VALUES (?, ?, ?, ?, ?)').run(
      path,
      importer.format,
      digest,
      JSON.stringify(result),
      new Date().toISOString(),
    );
    endImportTransaction(db, 'commit');
  } catch (err) {
    endImportTransaction(db, 'rollback');
    fileHash.cancel();
    throw err;
  }
  options.onProgress?.(records);
  options.onCommitted?.();
  return result;
}

/** What identifies one version of a file: a rewrite changes at least one of them. */
interface FileVersion {
  size: number;
  mtimeNs: bigint;
  ctimeNs: bigint;
  ino: bigint;
}

/** Refuses a path that is missing or not a file, naming it; returns the version of the file about to be read. */
async function checkIsFile(path: string, label: string): Promise<FileVersion> {
  let stats;
  try {
    stats = await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ApiError(
      'import_failed',
      code === 'ENOENT' ? `${label}: no such file (${path})` : `${label}: cannot be read (${code ?? (err as Error).message})`,
    );
  }
  if (stats.isDirectory()) throw new ApiError('import_failed', `${label}: is a folder, not a file (${path})`);
  if (!stats.isFile()) throw new ApiError('import_failed', `${label}: is not a regular file (${path})`);
  return await fileVersion(path);
}

async function fileVersion(path: string): Promise<FileVersion> {
  const s = await stat(path, { bigint: true });
  return { size: Number(s.size), mtimeNs: s.mtimeNs, ctimeNs: s.ctimeNs, ino: s.ino };
}

/** Refuses the import when the file was replaced, grown, shrunk or rewritten since it was first looked at. */
async function checkUnchanged(path: string, label: string, before: FileVersion): Promise<void> {
  let after: FileVersion;
  try {
    after = await fileVersion(path);
  } catch {
    throw new ApiError('import_failed', `${label}: the file was removed while it was read; nothing was written`);
  }
  const changed =
    after.ino !== before.ino
      ? 'replaced'
      : after.size !== before.size
        ? `resized (${before.size} to ${after.size} bytes)`
        : after.mtimeNs !== before.mtimeNs || after.ctimeNs !== before.ctimeNs
          ? 'rewritten'
          : null;
  if (changed !== null) throw new ApiError('import_failed', `${label}: the file was ${changed} while it was read; nothing was written`);
}

/**
 * SQLite's page cache during an import, in KiB (the default is 2 MB). An import writes a
 * dozen tables and indexes at once, two of them keyed by sha256 and so written and looked
 * up at random pages; with the default cache those pages are evicted by the other tables'
 * writes between two uses and read back from the WAL. At a million steps the two come to
 * 52 MB (program contents 41, texts 11); 32 MB holds the texts' index, which every step
 * looks up twice, and part of the other, which each program version writes once. 64 MB
 * (with the reader thread's memory as it was then) took the peak RSS of a million-step
 * import to 394 to 422 MB, past its 400 MB bound.
 */
const importCacheKiB = 32 * 1024;

/** The cache size each connection had before its import transaction, restored after it. */
const cacheBeforeImport = new WeakMap<Db, number>();

/**
 * Opens a file's import transaction. Exported so the import benchmark's raw ceiling runs
 * under exactly the same transaction settings.
 */
export function beginImportTransaction(db: Db): void {
  const before = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${importCacheKiB}`);
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (err) {
    db.pragma(`cache_size = ${before}`);
    throw err;
  }
  cacheBeforeImport.set(db, before);
}

/** Commits or rolls back an import transaction opened by beginImportTransaction. */
export function endImportTransaction(db: Db, how: 'commit' | 'rollback'): void {
  try {
    if (how === 'commit') db.exec('COMMIT');
    else if (db.inTransaction) db.exec('ROLLBACK');
  } finally {
    const before = cacheBeforeImport.get(db);
    cacheBeforeImport.delete(db);
    if (before !== undefined && db.open) db.pragma(`cache_size = ${before}`);
  }
}

/** The result of a file before any record is counted. */
export function emptyImportResult(file: string, format: string): ImportFileResult {
  return { file, format, rollouts: 0, steps: 0, programs: 0, failures: 0, rubrics: 0, libraries: 0, labels: 0, duplicates: 0, error: null };
}

/** Files at least this large are hashed on a worker thread. */
const hashOnWorkerBytes = 16 * 1024 * 1024;

/**
 * Reads the file into one buffer it reuses, a megabyte at a time: a read stream's chunks are
 * garbage the thread collects late, which held tens of megabytes while a gigabyte was hashed.
 * Its modules come through import(), which a worker's eval'd code has whether the process runs
 * it as CommonJS or as a module (--input-type=module).
 */
const hashWorkerSource = `
Promise.all([import('node:worker_threads'), import('node:crypto'), import('node:fs')]).then(([{ parentPort, workerData }, { createHash }, fs]) => {
  try {
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    const fd = fs.openSync(workerData, 'r');
    try {
      for (let n; (n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0; ) hash.update(buffer.subarray(0, n));
    } finally {
      fs.closeSync(fd);
    }
    parentPort.postMessage({ digest: hash.digest('hex') });
  } catch (err) {
    parentPort.postMessage({ error: err.message });
  }
});
`;

/**
 * The sha256 of a file, recorded with its import. A large file is hashed on a worker thread
 * while the import runs, so reading it a second time costs no time on the import's thread.
 */
function fileSha256(path: string): { digest: Promise<string>; cancel: () => void } {
  let worker: Worker | null = null;
  const digest = (async () => {
    if ((await stat(path)).size < hashOnWorkerBytes) {
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
      return hash.digest('hex');
    }
    const running = new Worker(hashWorkerSource, { eval: true, workerData: path });
    worker = running;
    return await new Promise<string>((resolve, reject) => {
      running.once('message', (m: { digest?: string; error?: string }) => (m.digest ? resolve(m.digest) : reject(new Error(m.error))));
      running.once('error', reject);
      running.once('exit', (code) => reject(new Error(`hashing stopped (exit ${code})`)));
    }).finally(() => void running.terminate());
  })();
  // Awaited only when the import gets that far; a failed import must not leave it unhandled.
  digest.catch(() => undefined);
  return { digest, cancel: () => void worker?.terminate() };
}
