import { describe, expect, it } from 'vitest';
import { overscanFor, rowsInView, scrollToShow } from './fixed-height-rows';

describe('rowsInView', () => {
  it('gives the rows a height shows from the top, with the overscan after them only', () => {
    expect(rowsInView(0, 320, 1000, 32, 5)).toEqual({ first: 0, last: 14 });
  });

  it('counts a row cut by the bottom edge as in view, and the overscan before the first row in view', () => {
    expect(rowsInView(3200, 330, 1000, 32, 5)).toEqual({ first: 95, last: 115 });
  });

  it('stops at the list end, scrolled or not', () => {
    expect(rowsInView(0, 800, 3, 32, 20)).toEqual({ first: 0, last: 2 });
    expect(rowsInView(32 * 990, 640, 1000, 32, 20)).toEqual({ first: 970, last: 999 });
  });

  it('does not grow with the list: a row range the same at 100,000 rows as at 1,000', () => {
    expect(rowsInView(640, 480, 100_000, 32, 20)).toEqual(rowsInView(640, 480, 1000, 32, 20));
  });

  it('has no rows for an empty list, and one row for a list not laid out yet', () => {
    expect(rowsInView(0, 800, 0, 32, 20)).toEqual({ first: -1, last: -1 });
    expect(rowsInView(0, 0, 10, 32, 0)).toEqual({ first: 0, last: 0 });
  });
});

describe('scrollToShow', () => {
  it('leaves a row in view where it is', () => {
    expect(scrollToShow(5, 0, 320, 32)).toBeNull();
  });

  it('scrolls up to a row above the view, and down just far enough to show a row below it whole', () => {
    expect(scrollToShow(2, 320, 320, 32)).toBe(64);
    expect(scrollToShow(10, 0, 320, 32)).toBe(32);
  });
});

describe('overscanFor', () => {
  it('renders two rows past the view until the list first scrolls, then the full overscan', () => {
    expect(overscanFor(false, 20)).toBe(2);
    expect(overscanFor(true, 20)).toBe(20);
    expect(overscanFor(false, 1)).toBe(1);
  });
});
