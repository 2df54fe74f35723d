import { describe, expect, it } from 'vitest';
import { nextInCycle } from './next-in-cycle';

describe('nextInCycle', () => {
  it('moves to the next value and wraps round', () => {
    expect(nextInCycle(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextInCycle(['a', 'b', 'c'], 'c')).toBe('a');
  });

  it('starts at the first value when the current one is not listed', () => {
    expect(nextInCycle(['a', 'b'], null)).toBe('a');
    expect(nextInCycle(['a', 'b'], 'z')).toBe('a');
  });

  it('has nowhere to go with one value or none', () => {
    expect(nextInCycle(['a'], 'a')).toBeNull();
    expect(nextInCycle([], null)).toBeNull();
  });
});
