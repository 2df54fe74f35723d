/**
 * A corpus without a taxonomy gets the default one (taxonomy v1, the sample corpus's) with
 * its first import: the category rules (a migration, so every corpus has them) suggest
 * only codes of the corpus's taxonomy, so without one no imported failure would get a
 * suggested category. A file that brings its own taxonomy keeps it, and nothing is added.
 */
import { taxonomyRecord } from '../../scripts/sample-corpus/taxonomy';
import type { Db } from '../db/open-corpus';
import type { RecordWriter } from './record-writer';

/** Writes the default taxonomy through `writer` when the corpus (this import included) has none; true when it did. */
export function seedDefaultTaxonomy(db: Db, writer: RecordWriter, file: string): boolean {
  if (db.prepare('SELECT 1 FROM taxonomies LIMIT 1').get() !== undefined) return false;
  writer.write(taxonomyRecord, { file, line: 1 });
  return true;
}
