import type { NewestFirstSearch } from '../../common/search/search-types';
import type { Db } from '../db/open-corpus';
import { estimateSteps, rowidSpan } from './search-estimate';

/**
 * What BM25 ranking may cost before search serves the newest matches instead. FTS5 ranks by
 * scoring every match (`ORDER BY rank` sorts them all) after reading each phrase's whole doclist
 * to count the steps it is in. Measured on a million steps (2-core VM, nearly idle): about
 * 0.75 µs a match for one word, 30 ms at 40,000 matches; 27 ns a step a phrase is in, 30 ms at
 * 1.1 million. Ranking is allowed while matches / maxMatches + postings / maxPostings <= 1.
 * maxPostings is set lower than its 30 ms because each further word adds to the cost of scoring
 * a match, which this sum leaves out (a six-word error line of 17,000 matches ranks in 35 ms).
 */
export interface RankingLimits {
  maxMatches: number;
  maxPostings: number;
  /** Matches read from each end of the index to estimate a count (see estimateSteps). */
  sample: number;
}

export const rankingLimits: RankingLimits = { maxMatches: 40_000, maxPostings: 800_000, sample: 1_000 };

export type SearchPlan = { ranking: 'bm25' } | ({ ranking: 'newest'; match: string } & Omit<NewestFirstSearch, 'ranking' | 'hits'>);

interface Phrase {
  word: string;
  /** The phrase as FTS5 syntax, without a prefix star. */
  whole: string;
  prefix: boolean;
}

/** The phrases of a query built by toFtsQuery: each word quoted, the last maybe a prefix. */
function phrasesOf(match: string): Phrase[] {
  return [...match.matchAll(/"([^"]*)"(\*?)/g)].map(([, word, star]) => ({ word: word!, whole: `"${word}"`, prefix: star === '*' }));
}

/**
 * Decides whether BM25 can rank a query within the limits, from estimated counts (about 0.3 ms
 * of sampling a word, 12 ms for a pasted traceback line of 16, against up to a second of
 * ranking). A query that fits is ranked exactly as without planning. Otherwise its matches come
 * newest first (`ORDER BY rowid DESC`, which FTS5 serves without reading them all), and the plan
 * says why. Then a last word typed as a prefix is matched whole if the word alone is in more
 * than maxMatches steps: FTS5 merges the doclists of every word a prefix begins before it
 * returns a row (75 ms for `py*` on a million steps), and a word that common is nearly always
 * already complete.
 */
export function planSearch(db: Db, match: string, limits: RankingLimits = rankingLimits): SearchPlan {
  const span = rowidSpan(db);
  if (span === null) return { ranking: 'bm25' };
  // A prefix phrase is counted by its word as typed: counting the prefix is the merge it may cost.
  const counts = phrasesOf(match).map((p) => ({ ...p, steps: estimateSteps(db, p.whole, span, limits.sample).count }));
  const last = counts.at(-1)!;
  const wholeWord = last.prefix && last.steps > limits.maxMatches ? last.word : null;
  const served = wholeWord === null ? match : match.slice(0, -1);
  const matches = estimateSteps(db, served, span, limits.sample);
  // BM25 reads nothing when nothing matches.
  if (matches.count === 0) return { ranking: 'bm25' };
  // Ranking reads a prefix's postings three times: merged for the match, merged and read again for BM25's count.
  const postings = counts.reduce((sum, p) => sum + p.steps * (p.prefix ? 3 : 1), 0);
  const matchLoad = matches.count / limits.maxMatches;
  const postingLoad = postings / limits.maxPostings;
  if (matchLoad + postingLoad <= 1) return { ranking: 'bm25' };
  const common = [...new Map(counts.map((p) => [p.word, p])).values()].sort((a, b) => b.steps - a.steps).slice(0, 3);
  return {
    ranking: 'newest',
    match: served,
    reason: matchLoad >= postingLoad ? 'matches' : 'common-words',
    matches,
    commonWords: common.map((p) => ({ word: p.word, steps: p.steps })),
    wholeWord,
  };
}
