import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { ImportFileResult } from '../../common/domain';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { checkReferences } from './check-references';
import { deriveFailures } from './derive-failures';
import { RecordWriter } from './record-writer';
import { chooseImporter } from './registry';

export interface ImportOptions {
  format?: string;
  /** Called every few thousand records with the number of records read so far. */
  onProgress?: (records: number) => void;
  signal?: AbortSignal;
}

const progressEvery = 2000;

/**
 * Imports one file in one transaction: either every record of the file lands, with its
 * derived failure events and search index entries, or nothing does. Re-importing the same
 * file changes nothing and reports its records as duplicates.
 */
export async function importFile(db: Db, path: string, options: ImportOptions = {}): Promise<ImportFileResult> {
  const label = basename(path);
  const importer = await chooseImporter(path, label, options.format ?? 'auto');
  const result = emptyImportResult(path, importer.format);
  const counted = { rollout: 'rollouts', step: 'steps', program: 'programs', failure: 'failures', rubric: 'rubrics', library: 'libraries', label: 'labels' } as const;

  db.exec('BEGIN IMMEDIATE');
  try {
    const writer = new RecordWriter(db);
    const firstNewStepId = ((db.prepare('SELECT max(id) FROM steps').pluck().get() as number | null) ?? 0) + 1;
    let records = 0;
    for await (const { line, record } of importer.records(path, label)) {
      if (options.signal?.aborted) throw new ApiError('cancelled', `${label}: import cancelled; nothing from this file was written`);
      const outcome = writer.write(record, { file: label, line }, importer.format);
      if (outcome === 'duplicate') result.duplicates += 1;
      else if (record.type in counted && !(record.type === 'failure' && record.step !== null)) {
        result[counted[record.type as keyof typeof counted]] += 1;
      }
      records += 1;
      if (records % progressEvery === 0) options.onProgress?.(records);
    }
    checkReferences(db, writer.references);
    result.failures += deriveFailures(db, writer, firstNewStepId);
    db.prepare('INSERT INTO imports (file, format, sha256, counts, imported_at) VALUES (?, ?, ?, ?, ?)').run(
      path,
      importer.format,
      await fileSha256(path),
      JSON.stringify(result),
      new Date().toISOString(),
    );
    db.exec('COMMIT');
    options.onProgress?.(records);
    return result;
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

/** The result of a file before any record is counted. */
export function emptyImportResult(file: string, format: string): ImportFileResult {
  return { file, format, rollouts: 0, steps: 0, programs: 0, failures: 0, rubrics: 0, libraries: 0, labels: 0, duplicates: 0, error: null };
}

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
