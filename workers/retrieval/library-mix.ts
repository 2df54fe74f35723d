import type { ParsedRequestOf } from '../../common/contract';
import type { LibraryMix } from '../../common/rubrics/rubric-types';
import type { Db } from '../db/open-corpus';
import { requireCollection, requireLibrary } from '../rubrics/library-queries';
import { libraryCounts, poolCounts } from './category-counts';
import { compareMixes } from './mix';

/** `libraries.mix`: a library's category mix against the pool of one collection (default: all). */
export function libraryMix(db: Db, req: ParsedRequestOf<'libraries.mix'>): LibraryMix {
  requireLibrary(db, req.library);
  if (req.collection !== undefined) requireCollection(db, req.collection);
  return compareMixes(libraryCounts(db, req.library), poolCounts(db, req.collection));
}
