import { describe, expect, it } from 'vitest';
import { categoryGap } from './category-gap';

const counts = [
  { id: 'lib-format', name: 'Output format', count: 0 },
  { id: 'lib-small', name: 'Small', count: 2 },
  { id: 'lib-big', name: 'Big', count: 7 },
  { id: 'lib-tie', name: 'Tie', count: 7 },
];

describe('categoryGap', () => {
  it('offers the library with the most rubrics in the category when the chosen one has none', () => {
    expect(categoryGap('C03', 'lib-format', counts)).toEqual({ category: 'C03', offer: { id: 'lib-big', name: 'Big', count: 7 } });
  });

  it('says nothing when the chosen library has rubrics in the category', () => {
    expect(categoryGap('C03', 'lib-small', counts)).toBeNull();
  });

  it('reports the gap with no offer when no library has the category', () => {
    const none = counts.map((c) => ({ ...c, count: 0 }));
    expect(categoryGap('C03', 'lib-big', none)).toEqual({ category: 'C03', offer: null });
  });

  it('waits until the chosen library has been counted', () => {
    expect(categoryGap('C03', 'lib-unknown', counts)).toBeNull();
  });
});
