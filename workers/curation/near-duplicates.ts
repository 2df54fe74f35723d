/**
 * Near-duplicate merge (docs/definitions.md): two rubrics are near-duplicates when the Jaccard
 * similarity of their normalised word 3-gram sets is at least a threshold (default 0.6);
 * the merged rubric keeps the union of support. Pure.
 */

/** The threshold of docs/definitions.md. */
export const defaultMergeThreshold = 0.6;

/**
 * Lower-cased runs of letters and digits (any script), so punctuation, Markdown marks and
 * spacing never make two texts differ.
 */
export function normalisedWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The set of word 3-grams of a text. A text of one or two words has no 3-gram, so its
 * whole word sequence stands as its one gram (else every short text would be a duplicate
 * of every other, both sets being empty); a text without words has none.
 */
export function wordTrigrams(text: string): Set<string> {
  const words = normalisedWords(text);
  const grams = new Set<string>();
  if (words.length > 0 && words.length < 3) grams.add(words.join(' '));
  for (let i = 0; i + 3 <= words.length; i++) grams.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return grams;
}

/** |A ∩ B| / |A ∪ B|. Two texts without words are no evidence of a duplicate, so two empty sets score 0. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const gram of small) if (large.has(gram)) common++;
  return common / (a.size + b.size - common);
}

/** A source of a rubric: a rollout and its task. */
export interface SupportRef {
  rollout: string;
  task: string | null;
}

/** Where a text went: into kept item `into`, with its similarity. */
export interface DuplicateMatch {
  into: number;
  similarity: number;
}

/**
 * The 3-gram sets of the items kept so far, for incremental merging: each new text is
 * compared with every kept one and matches the most similar at or above the threshold
 * (ties: the earliest kept). Matching is greedy and order-dependent by design: the same
 * texts in the same order always merge the same way, which replay relies on.
 */
export class NearDuplicateIndex {
  private readonly grams: Set<string>[] = [];

  constructor(readonly threshold = defaultMergeThreshold) {}

  /** The kept item `text` duplicates, or null. */
  match(text: string): DuplicateMatch | null {
    const own = wordTrigrams(text);
    let found: DuplicateMatch | null = null;
    this.grams.forEach((g, into) => {
      const similarity = jaccard(own, g);
      if (similarity >= this.threshold && (found === null || similarity > found.similarity)) found = { into, similarity };
    });
    return found;
  }

  /** Keeps `text`; returns its index. */
  add(text: string): number {
    this.grams.push(wordTrigrams(text));
    return this.grams.length - 1;
  }
}

/** Union of support, one entry per rollout (the first task seen for it), ordered by rollout id for stable output. */
export function unionSupport(...lists: readonly (readonly SupportRef[])[]): SupportRef[] {
  const byRollout = new Map<string, SupportRef>();
  for (const list of lists) for (const s of list) if (!byRollout.has(s.rollout)) byRollout.set(s.rollout, { rollout: s.rollout, task: s.task });
  return [...byRollout.values()].sort((a, b) => (a.rollout < b.rollout ? -1 : a.rollout > b.rollout ? 1 : 0));
}
