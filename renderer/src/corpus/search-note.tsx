import { formatCount } from '../lib/format';
import type { Unranked } from './search-store';

function listed(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Why the hits come newest first, and what to do to have them ranked. */
export function unrankedNote(unranked: Unranked): string {
  const { matches, reason, commonWords, wholeWord } = unranked;
  const steps = `${matches.estimated ? 'About ' : ''}${formatCount(matches.count)} ${matches.count === 1 ? 'step contains' : 'steps contain'} these words`;
  const why =
    reason === 'matches'
      ? `${steps}: too many to rank by relevance quickly, so the newest come first. Add words to narrow the search.`
      : `${steps}, but ranking them by relevance would be slow: ${listed(commonWords.map((w) => `“${w.word}” is in about ${formatCount(w.steps)}`))} steps. The newest come first; leave such common words out to rank.`;
  return wholeWord === null ? why : `${why} “${wholeWord}” is matched as a whole word, not as the start of longer ones.`;
}

/** The note above newest-first hits. */
export function SearchRankingNote({ unranked }: { unranked: Unranked }) {
  return (
    <p className="search-note" role="note" data-testid="search-ranking-note">
      {unrankedNote(unranked)}
    </p>
  );
}
