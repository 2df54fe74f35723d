/**
 * Integer allocation of S retrieval slots to categories (docs/definitions.md, "Category-split
 * retrieval"). Pure and exact: the pool mix arrives as integer counts, so remainders are
 * compared as integers and a tie is a real tie, never floating-point noise.
 *
 * 1. Protected: each named category gets min(N, its rubrics); the rest of N is passed on.
 *    A protected category takes no part in stage 2: its count is fixed.
 * 2. Proportional: the remaining R slots go to the other categories with pool count w_c > 0.
 *    Each gets floor(R x w_c / W) (W = their total count, so exact = R x q_c / Q), and the
 *    leftover slots go to the largest remainders (ties: larger w_c, then code ascending). A
 *    category with fewer rubrics than slots fills what it can and passes the rest on: the
 *    passed-on slots are apportioned by the same rule among the stage-2 categories that still
 *    have rubrics left, round after round, until all are placed or none has rubrics left.
 * 3. Last resort: slots still unplaced, because every pool category ran out of rubrics, go to
 *    every category with rubrics left (those absent from the pool, and protected ones beyond
 *    their count) in proportion to the library's own counts, by the same rule. So a category
 *    the pool never saw gets nothing while a pool category still has rubrics, and the slots
 *    filled are always min(S, rubrics in the library).
 */
import type { SlotAllocation } from '../../common/rubrics/rubric-types';
import { compareCodes } from '../categories/effective-category';
import { countOf, totalOf, type CategoryCounts } from './mix';

/** What the allocation needs: S, the pool mix as counts, the library's rubrics per category, protected counts. */
export interface SlotRequest {
  /** S, a positive whole number. */
  slots: number;
  /** Failure events of the pool per effective category (whole numbers): q_c = pool[c] / total. */
  pool: CategoryCounts;
  /** Rubrics of the library per category. */
  available: CategoryCounts;
  /** Fixed slot counts of protected categories; their sum may not exceed `slots`. */
  protect?: CategoryCounts;
}

interface Bucket {
  category: string;
  weight: number;
  available: number;
  isProtected: boolean;
  exact: number;
  slotsBefore: number;
  slots: number;
}

type WeightOf = (bucket: Bucket) => number;

/**
 * Largest-remainder apportionment of `n` slots by integer weights: floor of each exact share,
 * then one more slot to each of the largest remainders (ties: larger weight, then code).
 */
function apportion(n: number, buckets: readonly Bucket[], weightOf: WeightOf): number[] {
  const total = buckets.reduce((sum, b) => sum + weightOf(b), 0);
  const scaled = buckets.map((b) => n * weightOf(b));
  const remainders = scaled.map((s) => s % total);
  const given = scaled.map((s, i) => (s - remainders[i]!) / total);
  let leftover = n - given.reduce((sum, g) => sum + g, 0);
  const order = buckets
    .map((_, i) => i)
    .sort(
      (i, j) => remainders[j]! - remainders[i]! || weightOf(buckets[j]!) - weightOf(buckets[i]!) || compareCodes(buckets[i]!.category, buckets[j]!.category),
    );
  // The remainders sum to leftover x total and each is below total, so every slot handed out here lands on a non-zero remainder.
  for (const i of order) {
    if (leftover === 0) break;
    given[i]! += 1;
    leftover -= 1;
  }
  return given;
}

/**
 * Places `pending` slots among the candidates that still have rubrics left, by the same rule,
 * passing on again whatever a category cannot fill. Returns the slots nobody could take.
 */
function place(pending: number, candidates: readonly Bucket[], weightOf: WeightOf): number {
  while (pending > 0) {
    const open = candidates.filter((b) => b.slots < b.available && weightOf(b) > 0);
    if (open.length === 0) break;
    const given = apportion(pending, open, weightOf);
    pending = 0;
    open.forEach((b, i) => {
      const take = Math.min(given[i]!, b.available - b.slots);
      b.slots += take;
      pending += given[i]! - take;
    });
  }
  return pending;
}

/** Protected first, then by pool count (largest first), then by code. */
function allocationOrder(a: Bucket, b: Bucket): number {
  return Number(b.isProtected) - Number(a.isProtected) || b.weight - a.weight || compareCodes(a.category, b.category);
}

/**
 * Allocates S slots to categories; see the module comment for the rule. Lists every category
 * that is in the pool, in the library or protected, including those that got no slot.
 */
export function allocateSlots(request: SlotRequest): SlotAllocation[] {
  const { slots, pool, available, protect = {} } = request;
  if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`slots must be a positive whole number, not ${slots}`);
  const protectedTotal = totalOf(protect);
  if (protectedTotal > slots) throw new RangeError(`the protected slots (${protectedTotal}) exceed the ${slots} slots`);

  const codes = new Set([
    ...Object.keys(pool).filter((c) => pool[c]! > 0),
    ...Object.keys(available).filter((c) => available[c]! > 0),
    ...Object.keys(protect),
  ]);
  const buckets: Bucket[] = [...codes].map((category) => ({
    category,
    weight: countOf(pool, category),
    available: countOf(available, category),
    isProtected: Object.prototype.hasOwnProperty.call(protect, category),
    exact: 0,
    slotsBefore: 0,
    slots: 0,
  }));

  let taken = 0;
  for (const b of buckets.filter((b) => b.isProtected)) {
    const fixed = protect[b.category]!;
    b.exact = fixed;
    b.slotsBefore = fixed;
    b.slots = Math.min(fixed, b.available);
    taken += b.slots;
  }

  const rest = slots - taken;
  const proportional = buckets.filter((b) => !b.isProtected && b.weight > 0);
  const byPool: WeightOf = (b) => b.weight;
  let pending = rest;
  if (proportional.length > 0) {
    const weightTotal = proportional.reduce((sum, b) => sum + b.weight, 0);
    const first = apportion(rest, proportional, byPool);
    pending = 0;
    proportional.forEach((b, i) => {
      b.exact = (rest * b.weight) / weightTotal;
      b.slotsBefore = first[i]!;
      b.slots = Math.min(first[i]!, b.available);
      pending += first[i]! - b.slots;
    });
  }
  pending = place(pending, proportional, byPool);
  place(pending, buckets, (b) => b.available);

  const poolTotal = totalOf(pool);
  return buckets.sort(allocationOrder).map((b) => ({
    category: b.category,
    share: poolTotal === 0 ? 0 : b.weight / poolTotal,
    exact: b.exact,
    slotsBefore: b.slotsBefore,
    slots: b.slots,
    available: b.available,
    protected: b.isProtected,
  }));
}
