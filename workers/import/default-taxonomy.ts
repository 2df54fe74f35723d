/**
 * A corpus without a taxonomy gets the default one (the sample corpus's taxonomy v1) with
 * its first import: the category rules (a migration, so every corpus has them) suggest
 * only codes of the corpus's taxonomy, so without one no imported failure would get a
 * suggested category. A file that brings its own taxonomy keeps it, and nothing is added.
 * It is stored as version `default`, so a bundle imported later that brings its own `v1`
 * adds it beside the default instead of conflicting with it.
 */
import { taxonomyRecord } from '../categories/taxonomy-v1';
import type { Db } from '../db/open-corpus';
import type { RecordWriter } from './record-writer';

export const defaultVersion = 'default';

/** Writes the default taxonomy through `writer` when the corpus (this import included) has none; true when it did. */
export function seedDefaultTaxonomy(db: Db, writer: RecordWriter, file: string): boolean {
  if (db.prepare('SELECT 1 FROM taxonomies LIMIT 1').get() !== undefined) return false;
  writer.write({ ...taxonomyRecord, version: defaultVersion }, { file, line: 1 });
  return true;
}
