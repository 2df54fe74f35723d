import type { ParsedRequestOf } from '../../common/contract';
import type { RetrievalResult, RetrievedRubric } from '../../common/rubrics/rubric-types';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';
import { requireCollection } from '../rubrics/library-queries';
import { caseText } from './case-text';
import { poolCounts } from './category-counts';
import { categorySplit } from './category-split';
import { uncategorised } from '../categories/effective-category';
import { libraryIndex } from './library-index-cache';

type RubricText = Pick<RetrievedRubric, 'id' | 'title' | 'appliesWhen' | 'pattern' | 'fix' | 'family' | 'support'>;

/**
 * Refuses a protected category that is no category of any taxonomy in the corpus (nor
 * `uncategorised`), naming it: a typo would otherwise hold slots for nothing.
 */
export function requireKnownCategories(db: Db, protect: Readonly<Record<string, number>>): void {
  const known = db.prepare('SELECT 1 FROM categories WHERE code = ?').pluck();
  for (const code of Object.keys(protect)) {
    if (code !== uncategorised && known.get(code) === undefined) {
      throw new ApiError('invalid_request', `protect.${code}: "${code}" is not a category of this corpus's taxonomy`, {
        issues: [{ field: `protect.${code}`, message: 'not a category of the taxonomy' }],
      });
    }
  }
}

/** `retrieval.run`: the category-split retrieval of a library's rubrics for a rollout or one of its steps. */
export function runRetrieval(db: Db, req: ParsedRequestOf<'retrieval.run'>): RetrievalResult {
  requireKnownCategories(db, req.protect);
  const index = libraryIndex(db, req.library);
  if (req.collection !== undefined) requireCollection(db, req.collection);
  const text = caseText(db, req.rollout, req.step);
  const { allocation, picks } = categorySplit(index, { text, slots: req.slots, pool: poolCounts(db, req.collection), protect: req.protect });
  const rows = db
    .prepare<unknown[], RubricText>(
      `SELECT r.id, r.title, r.applies_when AS appliesWhen, r.pattern, r.fix, r.family,
        (SELECT count(*) FROM rubric_support s WHERE s.rubric_id = r.id) AS support
      FROM rubrics r WHERE r.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(picks.map((p) => p.id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    library: req.library,
    rollout: req.rollout,
    step: req.step ?? null,
    collection: req.collection ?? null,
    slots: req.slots,
    allocation,
    rubrics: picks.map(({ id, category, rank, score, matchedTerms }) => {
      const { title, appliesWhen, pattern, fix, family, support } = byId.get(id)!;
      return { id, category, rank, score, matchedTerms, title, appliesWhen, pattern, fix, family, support };
    }),
  };
}
