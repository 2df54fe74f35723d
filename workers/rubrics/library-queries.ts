import type { LibrarySummary, Taxonomy } from '../../common/rubrics/rubric-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { rubricCategorySql } from '../categories/effective-category';

type LibraryRow = Omit<LibrarySummary, 'params'> & { params: string };

/** Every library, oldest build first, with its size and how many categories its rubrics span. */
export function listLibraries(db: Db): LibrarySummary[] {
  const rows = db
    .prepare<unknown[], LibraryRow>(
      `SELECT l.id, l.name, l.method, l.built_at AS builtAt, l.params,
        (SELECT count(*) FROM library_rubrics lr WHERE lr.library_id = l.id) AS size,
        (SELECT count(DISTINCT ${rubricCategorySql('r')}) FROM library_rubrics lr JOIN rubrics r ON r.id = lr.rubric_id
          WHERE lr.library_id = l.id) AS categories
      FROM libraries l ORDER BY l.built_at, l.id`,
    )
    .all();
  return rows.map((row) => ({ ...row, params: JSON.parse(row.params) as Record<string, unknown> }));
}

/**
 * The record hash of a library, which changes with any change to its content (a library is
 * frozen, so in practice only by deleting and re-importing it); throws not_found when absent.
 */
export function requireLibrary(db: Db, id: string): string {
  const hash = db.prepare<unknown[], string>('SELECT record_hash FROM libraries WHERE id = ?').pluck().get(id);
  if (hash === undefined) throw new ApiError('not_found', `library "${id}" is not in this corpus`);
  return hash;
}

/** Throws not_found for a collection that is not in the corpus, so a typo never reads as an empty pool. */
export function requireCollection(db: Db, id: string): void {
  if (!db.prepare('SELECT 1 FROM collections WHERE id = ?').get(id)) {
    throw new ApiError('not_found', `collection "${id}" is not in this corpus`);
  }
}

/**
 * The newest taxonomy (the last one imported; SQLite's rowid keeps insertion order) and its
 * categories in their taxonomy order. An empty corpus has none: version null, no categories.
 */
export function getTaxonomy(db: Db): Taxonomy {
  const version = db.prepare<unknown[], string>('SELECT version FROM taxonomies ORDER BY rowid DESC LIMIT 1').pluck().get();
  if (version === undefined) return { version: null, categories: [] };
  const categories = db
    .prepare<unknown[], Taxonomy['categories'][number]>(
      'SELECT code, name, family, guideline FROM categories WHERE taxonomy_version = ? ORDER BY position, code',
    )
    .all(version);
  return { version, categories };
}
