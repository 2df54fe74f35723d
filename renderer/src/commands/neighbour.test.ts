import { describe, expect, it } from 'vitest';
import { neighbour } from './neighbour';

describe('neighbour', () => {
  const values = ['a', 'b', 'c'];

  it('steps by the given count and stops at either end', () => {
    expect(neighbour(values, 1, 1)).toBe('c');
    expect(neighbour(values, 1, -1)).toBe('a');
    expect(neighbour(values, 2, 1)).toBe('c');
    expect(neighbour(values, 0, -1)).toBe('a');
  });

  it('gives the first when nothing is chosen, and nothing for an empty list', () => {
    expect(neighbour(values, -1, 1)).toBe('a');
    expect(neighbour(values, -1, -1)).toBe('a');
    expect(neighbour([], -1, 1)).toBeUndefined();
  });
});
