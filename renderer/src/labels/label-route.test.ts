import { describe, expect, it } from 'vitest';
import type { LabelTargetSet } from '../../../common/labels/labels';
import { formatHash, parseHash } from '../router/route';

describe('labels routes', () => {
  const sets: (LabelTargetSet | null)[] = [
    null,
    { kind: 'library', library: 'whole-rollout-pool' },
    { kind: 'filter' },
    { kind: 'filter', library: 'quota 24/x', category: 'C03' },
    { kind: 'filter', family: 'performance', query: 'column names' },
    { kind: 'sample', perCategory: 2, seed: 7 },
    { kind: 'sample', perCategory: 5, seed: 1, library: 'quota-24' },
  ];

  it('round-trips every view, schema and target set through the hash', () => {
    for (const view of ['queue', 'agreement', 'adjudicate', 'audit'] as const) {
      for (const targetSet of sets) {
        for (const rollout of [null, 'r-0001']) {
          const route = { name: 'labels', view, schema: 'quality_audit', targetSet, rollout } as const;
          expect(parseHash(formatHash(route))).toEqual(route);
        }
      }
    }
    expect(parseHash('#/settings')).toEqual({ name: 'settings' });
  });

  it('reads hand-written addresses and refuses what is not one', () => {
    expect(parseHash('#/labels')).toEqual({ name: 'labels', view: 'queue', schema: null, targetSet: null, rollout: null });
    expect(parseHash('#/labels?schema=category&library=lib&category=Q02')).toMatchObject({ targetSet: { kind: 'filter', library: 'lib', category: 'Q02' } });
    expect(parseHash('#/labels?sample=0')).toMatchObject({ targetSet: null });
    expect(parseHash('#/labels/elsewhere')).toEqual({ name: 'corpus' });
  });
});
