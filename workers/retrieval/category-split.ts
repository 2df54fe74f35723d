/**
 * Category-split retrieval for one case (docs/definitions.md), pure: a library index built once,
 * the allocation of S slots to categories by the pool mix, then within each category its
 * best rubrics by BM25 relevance to the case text, then support (more first), then id.
 */
import type { SlotAllocation } from '../../common/rubrics/rubric-types';
import { allocateSlots } from './allocate-slots';
import { buildBm25Index, matchedTerms, queryTerms, scoreAll, type Bm25Index } from './bm25';
import { compareCodes } from '../categories/effective-category';
import type { CategoryCounts } from './mix';

/** How many matched terms explain a retrieved rubric. */
const explainTerms = 5;

/** A rubric as retrieval sees it: its effective category, support count and searchable text. */
export interface RubricDocument {
  id: string;
  category: string;
  support: number;
  /** Title, applies-when, pattern and fix. */
  text: string;
}

/**
 * Everything retrieval needs about a library, built once per library and reused for every
 * case. Rubrics are numbered by category, and within a category by support (descending)
 * then id: each category is one range of document numbers, already in tie-break order.
 */
export interface LibraryIndex {
  /** Rubric id by document number. */
  readonly ids: readonly string[];
  /** Each category's documents: [start, end). */
  readonly ranges: ReadonlyMap<string, readonly [number, number]>;
  /** Rubrics per category. */
  readonly available: CategoryCounts;
  readonly bm25: Bm25Index;
}

function tieOrder(x: RubricDocument, y: RubricDocument): number {
  return compareCodes(x.category, y.category) || y.support - x.support || compareCodes(x.id, y.id);
}

/** Indexes a library's rubrics; the order they come in does not matter. */
export function buildLibraryIndex(rubrics: readonly RubricDocument[]): LibraryIndex {
  const ordered = [...rubrics].sort(tieOrder);
  const ranges = new Map<string, [number, number]>();
  ordered.forEach((r, doc) => {
    const range = ranges.get(r.category);
    if (range) range[1] = doc + 1;
    else ranges.set(r.category, [doc, doc + 1]);
  });
  return {
    ids: ordered.map((r) => r.id),
    ranges,
    available: Object.fromEntries([...ranges].map(([category, [start, end]]) => [category, end - start])),
    bm25: buildBm25Index(ordered.map((r) => r.text)),
  };
}

/** One case to retrieve for: its text and how to split the slots. */
export interface CaseRequest {
  /** Task statement, program(s) and traceback of the case. */
  text: string;
  slots: number;
  /** Failure events of the pool per effective category. */
  pool: CategoryCounts;
  protect?: CategoryCounts;
}

/** A retrieved rubric. */
export interface Pick {
  id: string;
  category: string;
  /** Place within its category, 1 = best. */
  rank: number;
  score: number;
  matchedTerms: string[];
}

/** The allocation of the slots and the rubrics that fill them. */
export interface SplitResult {
  allocation: SlotAllocation[];
  /** In allocation order, then rank. */
  picks: Pick[];
}

/**
 * The `k` best documents of [start, end): higher score first, ties in document order, which
 * is the support-then-id order. A document only displaces the worst kept one by scoring
 * strictly more, since on an equal score the one seen earlier wins.
 */
function best([start, end]: readonly [number, number], k: number, scores: Float64Array): number[] {
  const top: number[] = [];
  for (let doc = start; doc < end; doc++) {
    const score = scores[doc]!;
    if (top.length === k) {
      if (score <= scores[top[k - 1]!]!) continue;
      top.pop();
    }
    let at = top.length;
    while (at > 0 && scores[top[at - 1]!]! < score) at -= 1;
    top.splice(at, 0, doc);
  }
  return top;
}

/** Allocates the slots, then fills each category with its best rubrics for the case. */
export function categorySplit(index: LibraryIndex, request: CaseRequest): SplitResult {
  const allocation = allocateSlots({ slots: request.slots, pool: request.pool, available: index.available, protect: request.protect });
  const terms = queryTerms(index.bm25, request.text);
  const scores = scoreAll(index.bm25, terms);
  const picks: Pick[] = [];
  for (const { category, slots } of allocation) {
    const range = index.ranges.get(category);
    if (slots === 0 || !range) continue;
    best(range, slots, scores).forEach((doc, i) =>
      picks.push({
        id: index.ids[doc]!,
        category,
        rank: i + 1,
        score: scores[doc]!,
        matchedTerms: matchedTerms(index.bm25, terms, doc, explainTerms),
      }),
    );
  }
  return { allocation, picks };
}
