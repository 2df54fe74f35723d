import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rename, rm } from 'node:fs/promises';
import type { BundleRecord } from '../../common/bundle';
import type { Db } from '../db/open-corpus';
import { exportRecords } from './export-records';

/**
 * Writes the whole corpus as bundle v1, streaming with backpressure. The output goes to a
 * temporary file renamed into place at the end, so a failed export leaves no half file.
 */
export async function exportBundle(db: Db, out: string): Promise<{ path: string; records: number }> {
  // Unique per export, so two exports to one name at once never share (and rename away) a temporary file.
  const tmp = `${out}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  const stream = createWriteStream(tmp, { encoding: 'utf8' });
  let records = 0;
  try {
    for (const record of exportRecords(db)) {
      if (!stream.write(`${JSON.stringify(record satisfies BundleRecord)}\n`)) await once(stream, 'drain');
      records += 1;
    }
    stream.end();
    await once(stream, 'finish');
    await rename(tmp, out);
    return { path: out, records };
  } catch (err) {
    stream.destroy();
    await rm(tmp, { force: true });
    throw err;
  }
}
