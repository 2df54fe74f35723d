import { describe, expect, it } from 'vitest';
import { buildBm25Index, matchedTerms, queryTerms, scoreAll } from './bm25';
import { tokenize } from './tokenize';

describe('tokenize', () => {
  it('keeps whole identifiers and adds their parts', () => {
    expect(tokenize("ModuleNotFoundError: No module named 'lightgbm'")).toEqual([
      'modulenotfounderror',
      'module',
      'not',
      'found',
      'error',
      'no',
      'module',
      'named',
      'lightgbm',
    ]);
    expect(tokenize('early_stopping_rounds HTTPServer float64')).toEqual([
      'early_stopping_rounds',
      'early',
      'stopping',
      'rounds',
      'httpserver',
      'http',
      'server',
      'float64',
      'float',
      '64',
    ]);
  });

  it('drops one-character tokens, stop words and decorative underscores', () => {
    expect(tokenize('the X of a __init__ in y_pred')).toEqual(['init', 'y_pred', 'pred']);
  });
});

describe('BM25', () => {
  // Four documents of two tokens each, so avgdl = 2 and every length norm is k1 x (1 - b + b x 2/2) = 1.2.
  // A term seen once then contributes idf x tf(k1+1) / (tf + 1.2) = idf x 2.2 / 2.2 = idf.
  // "missing" and "column" are each in 2 of 4 documents: idf = ln(1 + (4 - 2 + .5) / (2 + .5)) = ln 2.
  const docs = ['missing column', 'column shape', 'timeout grid', 'missing package'];
  const index = buildBm25Index(docs);
  const terms = queryTerms(index, 'Missing column, missing again');

  it('scores the hand-computed values', () => {
    const scores = [...scoreAll(index, terms)];
    // d0 matches both terms: 2 ln 2; d1 and d3 one each: ln 2; d2 none.
    expect(scores[0]).toBeCloseTo(2 * Math.LN2, 12);
    expect(scores[1]).toBeCloseTo(Math.LN2, 12);
    expect(scores[2]).toBe(0);
    expect(scores[3]).toBe(scores[1]);
  });

  it('reads a query as a set of known terms', () => {
    // "again" is in no document; the repeated "missing" counts once.
    expect(terms.map((t) => index.terms[t])).toEqual(['missing', 'column']);
  });

  it('damps repeats and long documents', () => {
    // Three documents, lengths 1, 2, 3 (avgdl 2): norms 1.2 x (.25 + .75 x l/2) = 0.75, 1.2, 1.65.
    // "error" in all three: idf = ln(1 + .5 / 3.5) = ln(8/7).
    // d0 "error": 2.2 / 1.75; d1 "error error": 2 x 2.2 / 3.2; d2 "error pip pip": 2.2 / 2.65 (each x ln(8/7)).
    const small = buildBm25Index(['error', 'error error', 'error pip pip']);
    const scores = scoreAll(small, queryTerms(small, 'error'));
    const idf = Math.log(8 / 7);
    expect(scores[0]).toBeCloseTo((idf * 2.2) / 1.75, 12);
    expect(scores[1]).toBeCloseTo((idf * 4.4) / 3.2, 12);
    expect(scores[2]).toBeCloseTo((idf * 2.2) / 2.65, 12);
  });

  it('explains a score by the terms that contributed most', () => {
    // In d0 "column" and "missing" contribute ln 2 each: the tie is listed by term.
    expect(matchedTerms(index, terms, 0, 5)).toEqual(['column', 'missing']);
    expect(matchedTerms(index, terms, 0, 1)).toEqual(['column']);
    expect(matchedTerms(index, terms, 2, 5)).toEqual([]);
  });

  it('indexes nothing without documents', () => {
    const empty = buildBm25Index([]);
    expect(scoreAll(empty, queryTerms(empty, 'anything'))).toHaveLength(0);
  });
});
