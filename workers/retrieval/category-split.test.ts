import { describe, expect, it } from 'vitest';
import { buildLibraryIndex, categorySplit, type RubricDocument } from './category-split';

// Every text has two tokens, so every length norm is the same. For the query "missing column", A1 holds both terms;
// A2, A3 and A4 hold "column" once and nothing else of the query, so their scores are identical; A5 matches nothing.
const rubrics: RubricDocument[] = [
  { id: 'A5', category: 'A', support: 9, text: 'timeout grid' },
  { id: 'A3', category: 'A', support: 1, text: 'column package' },
  { id: 'A2', category: 'A', support: 1, text: 'column shape' },
  { id: 'A4', category: 'A', support: 2, text: 'column pip' },
  { id: 'A1', category: 'A', support: 1, text: 'missing column' },
  { id: 'B2', category: 'B', support: 1, text: 'memory cuda' },
  { id: 'B1', category: 'B', support: 1, text: 'memory host' },
];
const index = buildLibraryIndex(rubrics);

describe('categorySplit', () => {
  it('ranks within a category by score, then support, then id', () => {
    const { picks } = categorySplit(index, { text: 'missing column', slots: 5, pool: { A: 1 } });
    // A1 first; then the three-way tie: A4 (support 2) before A2 and A3 (support 1, by id); then A5 (score 0).
    expect(picks.map((p) => [p.id, p.rank])).toEqual([
      ['A1', 1],
      ['A4', 2],
      ['A2', 3],
      ['A3', 4],
      ['A5', 5],
    ]);
    // "missing" is in one rubric, "column" in four: the rarer term weighs more and explains A1 first.
    expect(picks[0]!.matchedTerms).toEqual(['missing', 'column']);
    expect(picks[4]).toMatchObject({ score: 0, matchedTerms: [] });
  });

  it('fills slots with unmatched rubrics by support, then id, when nothing matches', () => {
    // q = {A: .5, B: .5}, S = 4 -> 2 each; no term of "kernel" is in the library.
    const { allocation, picks } = categorySplit(index, { text: 'kernel', slots: 4, pool: { A: 1, B: 1 } });
    expect(allocation.map((a) => [a.category, a.slots])).toEqual([
      ['A', 2],
      ['B', 2],
    ]);
    expect(picks.map((p) => p.id)).toEqual(['A5', 'A4', 'B1', 'B2']);
  });

  it('lists picks in allocation order and never more per category than its slots', () => {
    // q = {B: .75, A: .25}, S = 4 -> B 3 but it has 2 rubrics -> B 2, A 2.
    const { allocation, picks } = categorySplit(index, { text: 'memory column', slots: 4, pool: { A: 1, B: 3 } });
    expect(allocation.map((a) => [a.category, a.slotsBefore, a.slots])).toEqual([
      ['B', 3, 2],
      ['A', 1, 2],
    ]);
    expect(picks.map((p) => p.category)).toEqual(['B', 'B', 'A', 'A']);
  });
});
