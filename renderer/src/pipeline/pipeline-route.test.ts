import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../router/route';

describe('pipeline route', () => {
  it('reads the run whose details to open, and round-trips', () => {
    expect(parseHash('#/pipeline')).toEqual({ name: 'pipeline', run: null });
    expect(parseHash('#/pipeline?run=')).toEqual({ name: 'pipeline', run: null });
    expect(parseHash('#/pipeline?run=judge-1%2Fa')).toEqual({ name: 'pipeline', run: 'judge-1/a' });
    for (const hash of ['#/pipeline', '#/pipeline?run=judge-1%2Fa']) expect(formatHash(parseHash(hash))).toBe(hash);
  });
});
