import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RecentDigests } from './recent-digests';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

describe('RecentDigests', () => {
  it('tells a digest seen from one not seen, among many', () => {
    const digests = new RecentDigests(50_000);
    for (let i = 0; i < 20_000; i++) expect(digests.remember(digest(`seen ${i}`))).toBe(false);
    const again = Array.from({ length: 20_000 }, (_, i) => digests.remember(digest(`seen ${i}`)));
    expect(again.every(Boolean)).toBe(true);
    const others = Array.from({ length: 20_000 }, (_, i) => digests.remember(digest(`other ${i}`)));
    expect(others.some(Boolean)).toBe(false);
  });

  it('keeps the digests that keep coming and forgets the others after two generations', () => {
    const digests = new RecentDigests(3);
    digests.remember(digest('hot'));
    for (let i = 0; i < 20; i++) {
      expect(digests.remember(digest('hot')), `round ${i}`).toBe(true);
      digests.remember(digest(`cold ${i}`));
    }
    expect(digests.remember(digest('cold 19'))).toBe(true);
    expect(digests.remember(digest('cold 0'))).toBe(false);
  });

  it('holds at most twice its size', () => {
    const digests = new RecentDigests(4);
    for (let i = 0; i < 100; i++) digests.remember(digest(String(i)));
    // Asking remembers: ask from the newest back, so the answers do not push out what is asked next.
    const held = Array.from({ length: 100 }, (_, i) => 99 - i).filter((i) => digests.remember(digest(String(i))));
    expect(held.length).toBeLessThanOrEqual(8);
    expect(held).toContain(99);
  });

  it('refuses what is not a sha256 in hex', () => {
    const digests = new RecentDigests(4);
    expect(() => digests.remember('not a digest')).toThrow(/not a sha256 digest/);
    expect(() => digests.remember(digest('x').slice(0, 40))).toThrow(/not a sha256 digest/);
  });
});
