import { describe, expect, it } from 'vitest';
import { RecentSet } from './recent-set';

describe('RecentSet', () => {
  it('keeps the keys that keep coming and forgets the others after two generations', () => {
    const set = new RecentSet<string>(3);
    set.add('hot');
    for (let i = 0; i < 20; i++) {
      expect(set.has('hot'), `round ${i}`).toBe(true);
      set.add(`cold ${i}`);
    }
    expect(set.has('cold 19')).toBe(true);
    expect(set.has('cold 0')).toBe(false);
    expect(set.has('never added')).toBe(false);
  });

  it('holds at most twice its size', () => {
    const set = new RecentSet<number>(4);
    for (let i = 0; i < 100; i++) set.add(i);
    const held = Array.from({ length: 100 }, (_, i) => i).filter((i) => set.has(i));
    expect(held.length).toBeLessThanOrEqual(8);
    expect(held).toContain(99);
  });
});
