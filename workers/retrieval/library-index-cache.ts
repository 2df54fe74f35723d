/**
 * The worker's cache of library indexes. Building a BM25 index costs far more than using it
 * (61,000 rubrics: about a second against milliseconds), and libraries are frozen, so each
 * library is indexed once per open corpus and kept while its record hash stays the same; a
 * library deleted and re-imported with other content gets a new hash and a new index.
 */
import type { Db } from '../db/open-corpus';
import { requireLibrary } from '../rubrics/library-queries';
import { buildLibraryIndex, type LibraryIndex, type RubricDocument } from './category-split';
import { rubricCategorySql } from '../categories/effective-category';

/** Indexes kept per corpus, least recently used dropped first: a large library's index holds tens of MB. */
const maxLibraries = 4;

const caches = new WeakMap<Db, Map<string, { hash: string; index: LibraryIndex }>>();

function loadDocuments(db: Db, library: string): RubricDocument[] {
  return db
    .prepare<unknown[], RubricDocument>(
      `SELECT r.id, ${rubricCategorySql('r')} AS category,
        (SELECT count(*) FROM rubric_support s WHERE s.rubric_id = r.id) AS support,
        r.title || char(10) || r.applies_when || char(10) || r.pattern || char(10) || coalesce(r.fix, '') AS text
      FROM library_rubrics lr JOIN rubrics r ON r.id = lr.rubric_id WHERE lr.library_id = ? ORDER BY lr.position`,
    )
    .all(library);
}

/** The index of a library, built on first use; throws not_found for an unknown library. */
export function libraryIndex(db: Db, library: string): LibraryIndex {
  const hash = requireLibrary(db, library);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let entry = cache.get(library);
  if (entry?.hash !== hash) entry = { hash, index: buildLibraryIndex(loadDocuments(db, library)) };
  // Re-inserting moves the entry to the end of the Map's order: the most recently used.
  cache.delete(library);
  cache.set(library, entry);
  for (const oldest of cache.keys()) {
    if (cache.size <= maxLibraries) break;
    cache.delete(oldest);
  }
  return entry.index;
}
