import { join } from 'node:path';
import { openCorpus, type Db } from '../db/open-corpus';
import { importFile } from '../import/import-file';

/** The bundled sample corpus's records, as tests import them. */
export const sampleCorpusBundle = join(__dirname, '../../fixtures/sample/sample-corpus.jsonl');

/** A fresh corpus in `folder` holding the sample corpus's records. */
export async function importedSample(folder: string): Promise<Db> {
  const db = openCorpus(join(folder, 'c.db'));
  await importFile(db, sampleCorpusBundle);
  return db;
}
