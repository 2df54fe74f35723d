import { describe, expect, it } from 'vitest';
import { jaccard, NearDuplicateIndex, unionSupport, wordTrigrams } from './near-duplicates';

describe('near-duplicate merge', () => {
  it('compares normalised word 3-gram sets', () => {
    expect([...wordTrigrams('The model, uses THE wrong `metric`!')]).toEqual(['the model uses', 'model uses the', 'uses the wrong', 'the wrong metric']);
    expect([...wordTrigrams('KeyError: Age')]).toEqual(['keyerror age']);
    expect(wordTrigrams('--').size).toBe(0);
  });

  it('computes Jaccard by hand', () => {
    // 6 grams each, 3 shared (the model uses / model uses the / uses the wrong): 3 / 9.
    const metric = wordTrigrams('the model uses the wrong metric for validation');
    const split = wordTrigrams('the model uses the wrong split for validation');
    expect(jaccard(metric, split)).toBeCloseTo(3 / 9, 12);
    // 5 grams each, 4 shared: 4 / 6.
    expect(jaccard(wordTrigrams('a b c d e f g'), wordTrigrams('a b c d e f h'))).toBeCloseTo(4 / 6, 12);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it('matches at the threshold, the most similar kept text, the earliest on ties', () => {
    const index = new NearDuplicateIndex(0.6);
    expect(index.match('a b c d e f g')).toBeNull();
    expect(index.add('a b c d e f g')).toBe(0);
    expect(index.add('p q r s t u v')).toBe(1);
    // 4/6 with the first: a near-duplicate; 1/9: not.
    expect(index.match('a b c d e f h')).toEqual({ into: 0, similarity: 4 / 6 });
    expect(index.match('a b c x y z w')).toBeNull();
    index.add('b c d e f g h');
    // 'a b c d e f g h' shares 5 of 6 grams with the first and with the third: the earliest wins.
    expect(index.match('a b c d e f g h')).toEqual({ into: 0, similarity: 5 / 6 });
    expect(new NearDuplicateIndex(0.9).match('x')).toBeNull();
  });

  it('unions support, one entry per rollout, in rollout order', () => {
    expect(
      unionSupport(
        [{ rollout: 'r-3', task: 't3' }],
        [
          { rollout: 'r-2', task: 't2' },
          { rollout: 'r-3', task: 'other' },
        ],
      ),
    ).toEqual([
      { rollout: 'r-2', task: 't2' },
      { rollout: 'r-3', task: 't3' },
    ]);
  });
});
