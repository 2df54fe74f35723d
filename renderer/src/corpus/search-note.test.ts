import { describe, expect, it } from 'vitest';
import { unrankedNote } from './search-note';

describe('the note above newest-first search hits', () => {
  it('says there are too many matches to rank, about how many, and which word was matched whole', () => {
    const note = unrankedNote({
      reason: 'matches',
      matches: { count: 980_000, estimated: true },
      commonWords: [{ word: 'py', steps: 980_000 }],
      wholeWord: 'py',
    });
    expect(note).toBe(
      'About 980,000 steps contain these words: too many to rank by relevance quickly, so the newest come first. Add words to narrow the search. “py” is matched as a whole word, not as the start of longer ones.',
    );
  });

  it('names the common words when they, not the matches, make ranking slow', () => {
    const note = unrankedNote({
      reason: 'common-words',
      matches: { count: 17, estimated: false },
      commonWords: [
        { word: 'py', steps: 980_000 },
        { word: 'in', steps: 540_000 },
        { word: 'pandas', steps: 430_000 },
      ],
      wholeWord: null,
    });
    expect(note).toBe(
      '17 steps contain these words, but ranking them by relevance would be slow: “py” is in about 980,000, “in” is in about 540,000 and “pandas” is in about 430,000 steps. The newest come first; leave such common words out to rank.',
    );
  });
});
