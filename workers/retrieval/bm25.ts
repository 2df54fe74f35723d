/**
 * Okapi BM25 over a fixed set of documents (a library's rubrics), with an inverted index built
 * once. Scores use k1 = 1.2, b = 0.75 and the non-negative idf of Lucene,
 * `ln(1 + (N - df + 0.5) / (df + 0.5))`, so a term in every document still counts a little
 * and never against. A query is a set of terms: a case text (a whole program and traceback)
 * repeats identifiers many times, and counting query repeats would let the program's
 * boilerplate drown the traceback's few distinctive words.
 *
 * Because the documents never change, each posting stores its finished contribution
 * `idf x tf(k1 + 1) / (tf + k1(1 - b + b x len/avglen))`: scoring a query is then one addition
 * per posting, which keeps a 61,000-rubric library within milliseconds for a program-sized query.
 */
import { tokenize } from './tokenize';

const k1 = 1.2;
const b = 0.75;

/** An inverted index in compressed-row form: one flat array of postings, sliced per term. */
export interface Bm25Index {
  readonly docCount: number;
  /** Term to term id. */
  readonly vocabulary: ReadonlyMap<string, number>;
  /** Term id to term. */
  readonly terms: readonly string[];
  /** Postings of term t are at [offsets[t], offsets[t + 1]) of `docs` (ascending) and `weights`. */
  readonly offsets: Uint32Array;
  readonly docs: Uint32Array;
  /** The term's finished BM25 contribution to the document. */
  readonly weights: Float64Array;
}

/** Builds the index of `documents` (document i is doc id i). */
export function buildBm25Index(documents: readonly string[]): Bm25Index {
  const vocabulary = new Map<string, number>();
  const terms: string[] = [];
  const df: number[] = [];
  // Each document's distinct terms and their counts, flattened; document d's run starts at starts[d].
  const docTerms: number[] = [];
  const docCounts: number[] = [];
  const starts = new Uint32Array(documents.length + 1);
  const lengths = new Float64Array(documents.length);
  const tf = new Map<number, number>();
  documents.forEach((text, doc) => {
    const tokens = tokenize(text);
    lengths[doc] = tokens.length;
    tf.clear();
    for (const token of tokens) {
      let id = vocabulary.get(token);
      if (id === undefined) {
        id = terms.length;
        vocabulary.set(token, id);
        terms.push(token);
        df.push(0);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    for (const [id, n] of tf) {
      docTerms.push(id);
      docCounts.push(n);
      df[id]! += 1;
    }
    starts[doc + 1] = docTerms.length;
  });

  const docCount = documents.length;
  const avgLength = docCount === 0 ? 0 : lengths.reduce((sum, n) => sum + n, 0) / docCount;
  const offsets = new Uint32Array(terms.length + 1);
  df.forEach((n, t) => (offsets[t + 1] = offsets[t]! + n));
  const fill = offsets.slice(0, terms.length);
  const docs = new Uint32Array(docTerms.length);
  const weights = new Float64Array(docTerms.length);
  const idf = df.map((n) => Math.log(1 + (docCount - n + 0.5) / (n + 0.5)));
  // Documents are visited in order, so every term's postings come out sorted by document.
  for (let doc = 0; doc < docCount; doc++) {
    // With avgLength 0 every document is empty; the length ratio is then taken as 1.
    const norm = k1 * (1 - b + b * (avgLength === 0 ? 1 : lengths[doc]! / avgLength));
    for (let i = starts[doc]!; i < starts[doc + 1]!; i++) {
      const term = docTerms[i]!;
      const n = docCounts[i]!;
      const at = fill[term]!++;
      docs[at] = doc;
      weights[at] = (idf[term]! * n * (k1 + 1)) / (n + norm);
    }
  }
  return { docCount, vocabulary, terms, offsets, docs, weights };
}

/** The distinct term ids of a query text that occur in the index, in first-seen order. */
export function queryTerms(index: Bm25Index, text: string): number[] {
  const seen = new Uint8Array(index.terms.length);
  const ids: number[] = [];
  for (const token of tokenize(text)) {
    const id = index.vocabulary.get(token);
    if (id !== undefined && seen[id] === 0) {
      seen[id] = 1;
      ids.push(id);
    }
  }
  return ids;
}

/** The BM25 score of every document for the query terms (0 for documents matching none). */
export function scoreAll(index: Bm25Index, terms: readonly number[]): Float64Array {
  const scores = new Float64Array(index.docCount);
  const { offsets, docs, weights } = index;
  for (const term of terms) {
    for (let i = offsets[term]!, end = offsets[term + 1]!; i < end; i++) scores[docs[i]!]! += weights[i]!;
  }
  return scores;
}

/** The term's contribution to the document, found by binary search in its postings; 0 when absent. */
function weightIn(index: Bm25Index, term: number, doc: number): number {
  let lo = index.offsets[term]!;
  let hi = index.offsets[term + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = index.docs[mid]!;
    if (at === doc) return index.weights[mid]!;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/**
 * The query terms that contributed most to a document's score, largest first (ties by term),
 * at most `limit`: the "why it was retrieved" of a rubric.
 */
export function matchedTerms(index: Bm25Index, terms: readonly number[], doc: number, limit: number): string[] {
  const matched: { term: string; weight: number }[] = [];
  for (const term of terms) {
    const weight = weightIn(index, term, doc);
    if (weight > 0) matched.push({ term: index.terms[term]!, weight });
  }
  matched.sort((x, y) => y.weight - x.weight || (x.term < y.term ? -1 : x.term > y.term ? 1 : 0));
  return matched.slice(0, limit).map((m) => m.term);
}
