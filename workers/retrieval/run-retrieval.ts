import type { ParsedRequestOf } from '../../common/contract';
import type { RetrievalResult, RetrievedRubric } from '../../common/domain';
import type { Db } from '../db/open-corpus';
import { requireCollection } from '../queries/library-queries';
import { caseText } from './case-text';
import { poolCounts } from './category-counts';
import { categorySplit } from './category-split';
import { libraryIndex } from './library-index-cache';

type RubricText = Pick<RetrievedRubric, 'id' | 'title' | 'appliesWhen' | 'pattern' | 'fix' | 'family' | 'support'>;

/** `retrieval.run`: the category-split retrieval of a library's rubrics for a rollout or one of its steps. */
export function runRetrieval(db: Db, req: ParsedRequestOf<'retrieval.run'>): RetrievalResult {
  const index = libraryIndex(db, req.library);
  if (req.collection !== undefined) requireCollection(db, req.collection);
  const text = caseText(db, req.rollout, req.step);
  const { allocation, picks } = categorySplit(index, { text, slots: req.slots, pool: poolCounts(db, req.collection), protect: req.protect });
  const rows = db
    .prepare(`SELECT r.id, r.title, r.applies_when AS appliesWhen, r.pattern, r.fix, r.family,
        (SELECT count(*) FROM rubric_support s WHERE s.rubric_id = r.id) AS support
      FROM rubrics r WHERE r.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(picks.map((p) => p.id))) as RubricText[];
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
