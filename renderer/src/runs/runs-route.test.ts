import { describe, expect, it } from 'vitest';
import { parseHash, formatHash } from '../router/route';

describe('runs route', () => {
  it('reads the experiment and the attempt', () => {
    expect(parseHash('#/runs')).toEqual({ name: 'runs', experiment: null, attempt: null });
    expect(parseHash('#/runs/exp-1')).toEqual({ name: 'runs', experiment: 'exp-1', attempt: null });
    expect(parseHash('#/runs/exp%2F1?attempt=12')).toEqual({ name: 'runs', experiment: 'exp/1', attempt: 12 });
  });

  it('ignores a malformed attempt and falls back to the corpus for a malformed path', () => {
    expect(parseHash('#/runs/exp-1?attempt=x')).toEqual({ name: 'runs', experiment: 'exp-1', attempt: null });
    expect(parseHash('#/runs/a/b')).toEqual({ name: 'corpus' });
    expect(parseHash('#/runs/%E0')).toEqual({ name: 'corpus' });
  });

  it('round-trips', () => {
    for (const hash of ['#/runs', '#/runs/exp-1', '#/runs/exp%2F1?attempt=3']) expect(formatHash(parseHash(hash))).toBe(hash);
  });
});
