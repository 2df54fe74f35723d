import { describe, expect, it } from 'vitest';
import type { ExperimentDetail } from '../../../common/runs/run-types';
import { armProgram } from './arm-programs';

const detail = {
  cases: [
    { id: 'c1', program: { path: 'a.py', content: 'v0' }, command: 'python a.py' },
    { id: 'c2', program: { rollout: 'r', path: 'b.py', version: 2 }, command: 'python b.py' },
  ],
  variants: [
    { arm: 'fixed', case: null, program: { path: 'a.py', content: 'v1' }, command: null },
    { arm: 'fixed', case: 'c2', program: null, command: 'python b.py --fast' },
  ],
} as unknown as ExperimentDetail;

describe('armProgram', () => {
  it('runs the case as it is for an arm without a variant', () => {
    expect(armProgram(detail, 'c1', 'original')).toEqual({ program: { path: 'a.py', content: 'v0' }, command: 'python a.py' });
  });
  it('takes the variant for every case, and a case-specific one before it', () => {
    expect(armProgram(detail, 'c1', 'fixed')).toEqual({ program: { path: 'a.py', content: 'v1' }, command: 'python a.py' });
    expect(armProgram(detail, 'c2', 'fixed')).toEqual({ program: { rollout: 'r', path: 'b.py', version: 2 }, command: 'python b.py --fast' });
  });
  it('is null for a case not in the experiment', () => {
    expect(armProgram(detail, 'c9', 'fixed')).toBeNull();
  });
});
