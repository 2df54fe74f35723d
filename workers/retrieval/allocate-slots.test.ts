import { describe, expect, it } from 'vitest';
import type { SlotAllocation } from '../../common/rubrics/rubric-types';
import { allocateSlots } from './allocate-slots';

/** category -> final slots, for compact expectations. */
const slotsOf = (allocation: SlotAllocation[]) => Object.fromEntries(allocation.map((a) => [a.category, a.slots]));
const plenty = { A: 20, B: 20, C: 20 };
const two = { A: 20, B: 20 };

describe('allocateSlots: proportional split', () => {
  it('gives floor(S x q) and the leftover to the largest remainder', () => {
    // S = 12, q = {A: .5, B: .3, C: .2} (pool counts 5, 3, 2)
    // exact 6, 3.6, 2.4 -> floor 6, 3, 2 (11) -> 1 leftover to B (remainder .6 > .4) -> 6, 4, 2.
    const allocation = allocateSlots({ slots: 12, pool: { A: 5, B: 3, C: 2 }, available: plenty });
    expect(allocation).toEqual([
      { category: 'A', share: 0.5, exact: 6, slotsBefore: 6, slots: 6, available: 20, protected: false },
      { category: 'B', share: 0.3, exact: 3.6, slotsBefore: 4, slots: 4, available: 20, protected: false },
      { category: 'C', share: 0.2, exact: 2.4, slotsBefore: 2, slots: 2, available: 20, protected: false },
    ]);
  });

  it('breaks a tie of remainders by the larger share', () => {
    // S = 2, q = {A: .75, B: .25}: exact 1.5, 0.5 -> floor 1, 0 -> remainders .5 and .5 tie -> A (larger q) -> 2, 0.
    expect(slotsOf(allocateSlots({ slots: 2, pool: { A: 3, B: 1 }, available: two }))).toEqual({ A: 2, B: 0 });
  });

  it('breaks a tie of remainder and share by code', () => {
    // S = 1, q = {B: .5, A: .5}: exact .5, .5 -> floor 0, 0 -> remainders and shares tie -> A (code) gets the slot.
    expect(slotsOf(allocateSlots({ slots: 1, pool: { B: 1, A: 1 }, available: two }))).toEqual({ A: 1, B: 0 });
  });

  it('compares remainders exactly, where floating point would not', () => {
    // S = 2, q = {A: 1/6, B: 4/6, C: 1/6}: exact 1/3, 4/3, 1/3 -> floor 0, 1, 0 -> all three remainders are 1/3,
    // so the larger share wins: B 2. In floating point 2 x (4/6) - 1 is 0.33333333333333326 < 1/3, which would hand the slot to A.
    expect(slotsOf(allocateSlots({ slots: 2, pool: { A: 1, B: 4, C: 1 }, available: plenty }))).toEqual({ B: 2, A: 0, C: 0 });
  });
});

describe('allocateSlots: passing slots on', () => {
  it('passes on the slots a category has no rubrics for, by the same rule', () => {
    // S = 10, q = {A: .3, B: .5, C: .2}, A has 1 rubric: initial 3, 5, 2 (exact, no leftover).
    // A fills 1 and passes 2 on to B and C in proportion 5 : 2 -> exact 1.43, 0.57 -> floor 1, 0 ->
    // the leftover goes to C (remainder .57 > .43) -> B 5 + 1 = 6, C 2 + 1 = 3. Total 1 + 6 + 3 = 10.
    const allocation = allocateSlots({ slots: 10, pool: { A: 3, B: 5, C: 2 }, available: { A: 1, B: 20, C: 20 } });
    expect(allocation.map(({ category, exact, slotsBefore, slots }) => ({ category, exact, slotsBefore, slots }))).toEqual([
      { category: 'B', exact: 5, slotsBefore: 5, slots: 6 },
      { category: 'A', exact: 3, slotsBefore: 3, slots: 1 },
      { category: 'C', exact: 2, slotsBefore: 2, slots: 3 },
    ]);
  });

  it('keeps passing on, round after round, and lists pool categories that have no rubrics', () => {
    // S = 12, q = {A: .5, B: .3, C: .2}, rubrics A 1, B 5, C 3.
    // Round 1: 6, 4, 2 -> A fills 1 (passes 5), B 4, C 2 -> 5 pending.
    // Round 2: 5 split 3 : 2 over B and C -> 3, 2 -> B takes 1 (passes 2), C takes 1 (passes 1) -> 3 pending.
    // Nobody in the pool has rubrics left, and no other category has any: 9 filled = every rubric.
    const allocation = allocateSlots({ slots: 12, pool: { A: 5, B: 3, C: 2 }, available: { A: 1, B: 5, C: 3 } });
    expect(slotsOf(allocation)).toEqual({ A: 1, B: 5, C: 3 });
  });

  it('fills min(S, rubrics) when the library has fewer rubrics than slots', () => {
    // S = 12, q = {A: .5, B: .5}, 2 + 3 rubrics: initial 6, 6 -> 2, 3 filled, 7 passed on with nowhere to go.
    const allocation = allocateSlots({ slots: 12, pool: { A: 1, B: 1 }, available: { A: 2, B: 3 } });
    expect(slotsOf(allocation)).toEqual({ A: 2, B: 3 });
    expect(allocation.map((a) => a.slotsBefore)).toEqual([6, 6]);
  });

  it('shows a pool category without rubrics with its share and no slots', () => {
    // S = 4, q = {A: .5, G: .5}, G has no rubrics: initial 2, 2 -> G passes 2 to A -> A 4.
    const allocation = allocateSlots({ slots: 4, pool: { A: 1, G: 1 }, available: { A: 9 } });
    expect(allocation).toEqual([
      { category: 'A', share: 0.5, exact: 2, slotsBefore: 2, slots: 4, available: 9, protected: false },
      { category: 'G', share: 0.5, exact: 2, slotsBefore: 2, slots: 0, available: 0, protected: false },
    ]);
  });
});

describe('allocateSlots: categories outside the pool (q = 0)', () => {
  it('gives them nothing while a pool category has rubrics left', () => {
    // q = {A: 1}, D is only in the library: A takes all 12.
    expect(slotsOf(allocateSlots({ slots: 12, pool: { A: 4 }, available: { A: 20, D: 5 } }))).toEqual({ A: 12, D: 0 });
  });

  it('gives them the rest by the library mix once every pool category is exhausted', () => {
    // q = {A: 1}, A has 2 rubrics -> 10 left over. Last resort over D (5 rubrics) and E (15) by library counts 5 : 15:
    // exact 2.5, 7.5 -> floor 2, 7 -> remainders tie (.5, .5) -> E (larger count) -> D 2, E 8. Total 2 + 2 + 8 = 12.
    const allocation = allocateSlots({ slots: 12, pool: { A: 4 }, available: { A: 2, D: 5, E: 15 } });
    expect(slotsOf(allocation)).toEqual({ A: 2, E: 8, D: 2 });
    expect(allocation.find((a) => a.category === 'E')).toMatchObject({ share: 0, exact: 0, slotsBefore: 0 });
  });

  it('follows the library mix when the pool is empty', () => {
    // No failure events: 12 slots over A (3 rubrics) and B (9) by 3 : 9 -> exact 3, 9.
    expect(slotsOf(allocateSlots({ slots: 12, pool: {}, available: { A: 3, B: 9 } }))).toEqual({ B: 9, A: 3 });
  });
});

describe('allocateSlots: protected slots', () => {
  it('gives protected categories their fixed count and splits the rest over the others', () => {
    // S = 12, q = {A: .5, B: .3, C: .2}, protect C = 3: C gets 3; R = 9 over A and B by 5 : 3 ->
    // exact 5.625, 3.375 -> floor 5, 3 -> leftover to A (.625 > .375) -> A 6, B 3, C 3.
    const allocation = allocateSlots({ slots: 12, pool: { A: 5, B: 3, C: 2 }, available: plenty, protect: { C: 3 } });
    expect(allocation).toEqual([
      { category: 'C', share: 0.2, exact: 3, slotsBefore: 3, slots: 3, available: 20, protected: true },
      { category: 'A', share: 0.5, exact: 5.625, slotsBefore: 6, slots: 6, available: 20, protected: false },
      { category: 'B', share: 0.3, exact: 3.375, slotsBefore: 3, slots: 3, available: 20, protected: false },
    ]);
  });

  it('passes on protected slots the category has no rubrics for', () => {
    // protect C = 3 but C has 1 rubric: C 1, R = 11 over A and B by 5 : 3 -> exact 6.875, 4.125 ->
    // floor 6, 4 -> leftover to A (.875 > .125) -> A 7, B 4, C 1.
    const allocation = allocateSlots({ slots: 12, pool: { A: 5, B: 3, C: 2 }, available: { A: 20, B: 20, C: 1 }, protect: { C: 3 } });
    expect(slotsOf(allocation)).toEqual({ C: 1, A: 7, B: 4 });
    expect(allocation[0]).toMatchObject({ category: 'C', exact: 3, slotsBefore: 3, slots: 1, protected: true });
  });

  it('protects a category outside the pool, and tops it up only when everything else is exhausted', () => {
    // protect P = 1 (not in the pool): P 1, R = 11 -> A's 2 rubrics, 9 passed on -> last resort: P has 4 left -> P 5.
    expect(slotsOf(allocateSlots({ slots: 12, pool: { A: 1 }, available: { A: 2, P: 5 }, protect: { P: 1 } }))).toEqual({ P: 5, A: 2 });
  });

  it('refuses protected counts above S', () => {
    expect(() => allocateSlots({ slots: 4, pool: { A: 1 }, available: { A: 9 }, protect: { A: 3, B: 2 } })).toThrow(/protected slots \(5\) exceed the 4 slots/);
  });
});
