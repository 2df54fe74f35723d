/**
 * The rubrics a queue's target set names, in queue order: a library in its own order, a filter
 * in the rubric table's order, or a sample stratified by the rubric's category, shuffled with
 * its seed so the same request always gives the same queue.
 */
import type { LabelTargetSet } from '../../common/labels/labels';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { requireLibrary } from '../rubrics/library-queries';
import { listRubrics } from '../rubrics/rubric-queries';
import { rubricCategorySql } from '../categories/effective-category';
import { seededRandom } from '../util/seeded-random';
import { canonicalJson } from '../util/canonical-json';

/** The set's identity for saved positions: equal sets give equal keys whatever their key order. */
export function targetSetKey(set: LabelTargetSet): string {
  return canonicalJson(set);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Rubric ids of a target set, in queue order. */
export function targetSetRubrics(db: Db, set: LabelTargetSet): string[] {
  if (set.library !== undefined) requireLibrary(db, set.library);
  if (set.kind === 'library') {
    return db.prepare<unknown[], string>('SELECT rubric_id FROM library_rubrics WHERE library_id = ? ORDER BY position').pluck().all(set.library);
  }
  if (set.kind === 'filter') {
    const page = listRubrics(db, { library: set.library, category: set.category, family: set.family, query: set.query, offset: 0, limit: 1_000_000 });
    return page.rows.map((r) => r.id);
  }
  const rows = db
    .prepare<unknown[], { id: string; category: string }>(
      set.library === undefined
        ? `SELECT r.id, ${rubricCategorySql('r')} AS category FROM rubrics r ORDER BY r.id`
        : `SELECT r.id, ${rubricCategorySql('r')} AS category FROM library_rubrics lr JOIN rubrics r ON r.id = lr.rubric_id
            WHERE lr.library_id = ? ORDER BY r.id`,
    )
    .all(...(set.library === undefined ? [] : [set.library]));
  if (rows.length === 0) throw new ApiError('not_found', 'the sample has no rubrics to draw from');
  const byCategory = new Map<string, string[]>();
  for (const row of rows) byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row.id]);
  const random = seededRandom(set.seed);
  const drawn: string[] = [];
  for (const category of [...byCategory.keys()].sort()) drawn.push(...shuffle(byCategory.get(category)!, random).slice(0, set.perCategory));
  // Shuffled once more, so the queue does not show one category after another.
  return shuffle(drawn, random);
}
