import { describe, expect, it } from 'vitest';
import type { ProgramVersionInfo } from '../../../common/corpus/corpus-types';
import { completeSides, pathsOf, sideInRollout, versionsOf } from './default-sides';

const info = (path: string, version: number): ProgramVersionInfo => ({ path, version, sha256: `${path}${version}`, lines: 10 });
const programs = [info('train.py', 2), info('train.py', 0), info('eval.py', 0), info('train.py', 1)];

describe('default sides', () => {
  it('lists paths in API order and versions ascending', () => {
    expect(pathsOf(programs)).toEqual(['train.py', 'eval.py']);
    expect(versionsOf(programs, 'train.py')).toEqual([0, 1, 2]);
  });

  it('pairs side A with its next version', () => {
    const a = { rollout: 'r', path: 'train.py', version: 0 };
    expect(completeSides(a, programs)).toEqual({ a, b: { ...a, version: 1 } });
  });

  it('pairs the last version with the one before, and a lone version with itself', () => {
    const last = { rollout: 'r', path: 'train.py', version: 2 };
    expect(completeSides(last, programs)).toEqual({ a: { ...last, version: 1 }, b: last });
    const lone = { rollout: 'r', path: 'eval.py', version: 0 };
    expect(completeSides(lone, programs)).toEqual({ a: lone, b: lone });
  });

  it('keeps path and version when switching rollout if it has them', () => {
    expect(sideInRollout('r2', programs, { path: 'train.py', version: 1 })).toEqual({ rollout: 'r2', path: 'train.py', version: 1 });
    expect(sideInRollout('r2', programs, { path: 'train.py', version: 9 })).toEqual({ rollout: 'r2', path: 'train.py', version: 2 });
    expect(sideInRollout('r2', programs, { path: 'model.py', version: 0 })).toEqual({ rollout: 'r2', path: 'train.py', version: 2 });
    expect(sideInRollout('r2', [], null)).toBeNull();
  });
});
