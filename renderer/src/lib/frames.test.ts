import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../common/corpus/corpus-types';
import { groupFrames } from './frames';

const own = (line: number): Frame => ({ file: '/work/solution.py', line, function: 'main' });
const lib = (name: string): Frame => ({ file: `/usr/lib/python3.11/site-packages/sklearn/${name}.py`, line: 1, function: 'fit' });
const program = { path: 'solution.py', version: 2 };

describe('groupFrames', () => {
  it('folds each run of library frames into one group and keeps the agent frames apart', () => {
    const frames = [own(3), own(9), lib('a'), lib('b'), lib('c'), lib('d'), lib('e')];
    expect(groupFrames({ frames, program })).toEqual([
      { kind: 'own', index: 0 },
      { kind: 'own', index: 1 },
      { kind: 'library', first: 2, count: 5 },
    ]);
  });

  it('starts a new group after an agent frame between two library runs', () => {
    const frames = [{ file: '<frozen runpy>', line: 88, function: '_run_code' }, own(3), lib('a'), lib('b')];
    expect(groupFrames({ frames, program })).toEqual([
      { kind: 'library', first: 0, count: 1 },
      { kind: 'own', index: 1 },
      { kind: 'library', first: 2, count: 2 },
    ]);
  });

  it('never folds the agent frame, even when the program is stored under a library path', () => {
    const inside = { path: 'site-packages/agent/solution.py', version: 1 };
    const frames = [{ file: '/usr/lib/python3.11/site-packages/agent/solution.py', line: 5, function: 'main' }, lib('a')];
    expect(groupFrames({ frames, program: inside })).toEqual([
      { kind: 'own', index: 0 },
      { kind: 'library', first: 1, count: 1 },
    ]);
  });

  it('returns no groups for a failure without frames', () => {
    expect(groupFrames({ frames: [], program: null })).toEqual([]);
  });
});
