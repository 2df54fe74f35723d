import { describe, expect, it } from 'vitest';
import { parseHash, formatHash } from './route';
import { formatSides, parseSide, parseSides } from './compare-route';

describe('compare URL sides', () => {
  it('round-trips sides whose parts hold colons, slashes and spaces', () => {
    const a = { rollout: 'pool:r 1', path: 'src/train:v2.py', version: 3 };
    const b = { rollout: 'r-2', path: 'final.py', version: 0 };
    const hash = formatHash({ name: 'compare', a, b });
    expect(hash).toBe('#/compare?a=pool%3Ar%201:src%2Ftrain%3Av2.py:3&b=r-2:final.py:0');
    expect(parseHash(hash)).toEqual({ name: 'compare', a, b });
  });

  it('reads a side with only A, or none', () => {
    expect(parseSides('a=r-1:train.py:0')).toEqual({ a: { rollout: 'r-1', path: 'train.py', version: 0 }, b: null });
    expect(parseHash('#/compare')).toEqual({ name: 'compare', a: null, b: null });
    expect(formatSides({ a: null, b: null })).toBe('');
  });

  it('refuses sides that are not rollout:path:version', () => {
    expect(parseSide('r-1:train.py')).toBeNull();
    expect(parseSide('r-1:train.py:v2')).toBeNull();
    expect(parseSide(':train.py:1')).toBeNull();
    expect(parseSide('r-1::1')).toBeNull();
    expect(parseSide('r-1:%E0%A4%A:1')).toBeNull();
  });

  it('keeps a bare colon typed into a path', () => {
    expect(parseSide('r-1:a:b.py:2')).toEqual({ rollout: 'r-1', path: 'a:b.py', version: 2 });
  });
});
