import { describe, expect, it } from 'vitest';
import { failureCountText } from './failure-count';

describe('failureCountText', () => {
  it('explains the events found at grading beside the failed steps', () => {
    expect(failureCountText(5, 1)).toBe('5: 4 failed steps + 1 at grading');
    expect(failureCountText(2, 1)).toBe('2: 1 failed step + 1 at grading');
    expect(failureCountText(1, 1)).toBe('1: 0 failed steps + 1 at grading');
    expect(failureCountText(3, 0)).toBe('3');
  });
});
