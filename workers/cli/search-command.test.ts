import { describe, expect, it } from 'vitest';
import { newestFirstNote } from './search-command';

describe('rwb search', () => {
  it('says in one line why hits are newest first', () => {
    const common = [{ word: 'py', steps: 980_000 }];
    expect(
      newestFirstNote({ ranking: 'newest', hits: [], reason: 'matches', matches: { count: 980_000, estimated: true }, commonWords: common, wholeWord: 'py' }),
    ).toBe(
      'newest first: about 980,000 steps match, too many to rank by relevance; add words to narrow the search; "py" matched as a whole word, not as a prefix',
    );
    expect(
      newestFirstNote({ ranking: 'newest', hits: [], reason: 'common-words', matches: { count: 12, estimated: false }, commonWords: common, wholeWord: null }),
    ).toBe(
      'newest first: 12 steps match, but ranking them by relevance would be slow with words this common: "py" (about 980,000 steps); leave them out to rank',
    );
  });
});
