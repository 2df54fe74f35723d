import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rename, rm } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { BundleRecord } from '../../common/corpus/bundle';
import type { ExportResult } from '../../common/corpus/corpus-types';
import { ApiError } from '../../common/errors';
import type { HandlerContext } from '../context/handler-context';
import type { Db } from '../db/open-corpus';
import { claimNewPath, resolveExportOut } from '../labels/export-path';
import { exportsFolder } from '../labels/exports-folder';
import { exportRecords } from './export-records';

/**
 * Writes the whole corpus as bundle v1, streaming with backpressure. An existing file is never
 * replaced: `out` or, when taken, a free name beside it is claimed (and reported as `path`).
 * The output goes to a temporary file renamed onto the claimed one at the end, so a failed
 * export leaves no half file. It reads in one transaction, so the bundle is one snapshot of
 * the corpus, whatever is written meanwhile.
 */
export async function exportBundle(db: Db, requested: string): Promise<ExportResult> {
  const out = claimNewPath(requested, 'export.bundle');
  // Unique per export, so two exports to one name at once never share (and rename away) a temporary file.
  const tmp = `${out}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  const stream = createWriteStream(tmp, { encoding: 'utf8' });
  let records = 0;
  // Only on a reader: a transaction held open across awaits on the writer would take in other writes.
  const snapshot = db.readonly && !db.inTransaction;
  try {
    if (snapshot) db.exec('BEGIN');
    for (const record of exportRecords(db)) {
      if (!stream.write(`${JSON.stringify(record satisfies BundleRecord)}\n`)) await once(stream, 'drain');
      records += 1;
    }
    if (snapshot) db.exec('COMMIT');
    stream.end();
    await once(stream, 'finish');
    await rename(tmp, out);
    return { path: out, records, renamedFrom: out === requested ? null : requested };
  } catch (err) {
    if (snapshot && db.inTransaction) db.exec('ROLLBACK');
    stream.destroy();
    await rm(tmp, { force: true });
    await rm(out, { force: true });
    throw err;
  }
}

/**
 * `export.bundle`: a relative `out` names a file in the exports folder beside the corpus at
 * `corpusPath`. It reads through a connection of its own, so reads answer while it runs.
 */
export async function exportBundleTo(ownReader: HandlerContext['ownReader'], corpusPath: string, out: string): Promise<ExportResult> {
  const { db, release } = ownReader();
  try {
    if (!isAbsolute(out) && db.memory)
      throw new ApiError('invalid_request', 'export.bundle: an in-memory corpus has no exports folder; give an absolute `out`');
    return await exportBundle(db, resolveExportOut(exportsFolder(corpusPath), out, 'export.bundle'));
  } finally {
    release();
  }
}
