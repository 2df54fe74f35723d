/** What a search returns. Plain data only: it crosses process boundaries as JSON. */

export interface SearchHit {
  rollout: string | null;
  step: number | null;
  rubric: string | null;
  field: 'command' | 'stdout' | 'stderr' | 'rubric';
  /** Plain text around the match; `highlights` are [start, end) character ranges of matched words in it. */
  snippet: string;
  highlights: [number, number][];
}

/** A number of steps: counted, or extrapolated from samples when counting would read too much. */
export interface StepCount {
  count: number;
  estimated: boolean;
}

/** Step hits by BM25 relevance, best first. */
export interface RankedSearch {
  ranking: 'bm25';
  hits: SearchHit[];
}

/**
 * Step hits newest first (latest imported), because ranking every match by BM25 was estimated
 * to take too long: too many matches to score, or words in so many steps that BM25's reading
 * of them is the cost.
 */
export interface NewestFirstSearch {
  ranking: 'newest';
  hits: SearchHit[];
  reason: 'matches' | 'common-words';
  /** Steps the words match in the whole corpus, corpus filters aside. */
  matches: StepCount;
  /** The query's most common words (at most three, most common first) and the steps each is in. */
  commonWords: { word: string; steps: number }[];
  /** The last word when it was matched whole, not as the prefix of longer words it would be while typing. */
  wholeWord: string | null;
}

/** `ranking` orders the step hits; rubric hits, when asked for, follow them by relevance either way. */
export type SearchResult = RankedSearch | NewestFirstSearch;
