/** Row shapes of libraries, rubrics, the taxonomy and retrieval the API returns. Plain data only: they cross process boundaries as JSON. */
import type { libraryMethods, rubricFamilies } from '../corpus/bundle';
import type { BenchmarkRole, Grade } from '../corpus/corpus-types';

export type LibraryMethod = (typeof libraryMethods)[number];

export type RubricFamily = (typeof rubricFamilies)[number];

/** One frozen library, as the Libraries screen lists it. */
export interface LibrarySummary {
  id: string;
  name: string;
  method: LibraryMethod;
  builtAt: string;
  /** Rubrics in the library. */
  size: number;
  /** The build parameters recorded with the library. */
  params: Record<string, unknown>;
  /** Distinct effective categories of its rubrics (`uncategorised` counts as one). */
  categories: number;
}

/**
 * A library's category mix against the pool's (docs/definitions.md). Keys are category codes or
 * `uncategorised`; shares sum to 1 on each side that has rows.
 */
export interface LibraryMix {
  /** Share of the library's rubrics per category. */
  library: Record<string, number>;
  /** Share of the pool's failure events per effective category. */
  pool: Record<string, number>;
  /** Total variation distance x 100 (0 = same mix, 100 = no overlap); null when either side is empty. */
  distance: number | null;
  counts: { library: Record<string, number>; pool: Record<string, number> };
  libraryTotal: number;
  poolTotal: number;
}

/** One row of the rubric table. `category` is the rubric's own (null when it has none). */
export interface RubricRow extends Pick<RubricDetail, 'id' | 'title' | 'category' | 'family' | 'miner'> {
  /** Source rollouts the rubric came from. */
  support: number;
  /** Ids of the libraries that hold it. */
  libraries: string[];
}

export interface RubricPage {
  total: number;
  offset: number;
  rows: RubricRow[];
}

/** One source rollout of a rubric; the rollout may be missing from this corpus. */
export interface RubricSupport {
  rollout: string;
  task: string | null;
  grade: Grade | null;
  benchmark: string | null;
  benchmarkRole: BenchmarkRole | null;
  inCorpus: boolean;
}

/** A human label on a rubric; `value` is whatever the label schema holds (a code, a verdict...). */
export interface RubricLabel {
  annotator: string;
  schema: string;
  value: unknown;
  reasons: string[];
  note: string;
  at: string;
}

export interface RubricDetail {
  id: string;
  title: string;
  appliesWhen: string;
  pattern: string;
  fix: string | null;
  family: RubricFamily;
  category: string | null;
  miner: string | null;
  support: RubricSupport[];
  libraries: { id: string; name: string }[];
  labels: RubricLabel[];
}

export interface TaxonomyCategory {
  code: string;
  name: string;
  family: string;
  guideline: string | null;
}

/** The newest taxonomy of the corpus; `version` is null when the corpus has none. */
export interface Taxonomy {
  version: string | null;
  categories: TaxonomyCategory[];
}

/**
 * How many of the S slots one category got in a category-split retrieval, and why
 * (docs/definitions.md): its pool share, its exact share of the proportional slots, the integer
 * allocation before and after passing on slots it had no rubrics for.
 */
export interface SlotAllocation {
  category: string;
  /** Share q_c of the pool's failure events (0 when the pool has none in this category). */
  share: number;
  /** R x q_c / Q (R proportional slots, Q the pool share of the non-protected categories); the fixed count when protected. */
  exact: number;
  /** The first integer allocation (floor plus largest remainder, or the protected count), before any pass-on. */
  slotsBefore: number;
  /** Slots it finally filled. */
  slots: number;
  /** Rubrics of the library in this category. */
  available: number;
  protected: boolean;
}

/** A retrieved rubric; `rank` is its place within its category (1 = best match). */
export interface RetrievedRubric extends Pick<RubricDetail, 'id' | 'title' | 'appliesWhen' | 'pattern' | 'fix' | 'family'> {
  /** Effective category (`uncategorised` when the rubric has none). */
  category: string;
  rank: number;
  /** BM25 relevance to the case text (0 when no query term matched). */
  score: number;
  /** The query terms that contributed most to the score: why it was retrieved. */
  matchedTerms: string[];
  support: number;
}

/** A category-split retrieval for one case: rubrics in allocation order, then rank. */
export interface RetrievalResult {
  library: string;
  rollout: string;
  step: number | null;
  collection: string | null;
  /** S, the slots asked for; fewer are filled when the library has fewer rubrics. */
  slots: number;
  allocation: SlotAllocation[];
  rubrics: RetrievedRubric[];
}
