import { describe, expect, it } from 'vitest';
import type { StepRow } from '../../../common/corpus/corpus-types';
import { stepRowFixture } from '../lib/step-row-fixture';
import { stepEndNote, stepForKey } from './step-keys';

const step = (index: number, exitCode: number): StepRow =>
  stepRowFixture({ index, exitCode, failureKind: exitCode === 0 ? null : 'crash', exceptionClass: exitCode === 0 ? null : 'ValueError' });

const steps = [step(1, 0), step(2, 1), step(3, 0), step(4, 1), step(5, 0)];

describe('stepForKey', () => {
  it('jumps between failures with n and p, and finds none past the last', () => {
    expect(stepForKey('n', steps, 0)).toBe(2);
    expect(stepForKey('n', steps, 1)).toBe(4);
    expect(stepForKey('n', steps, 3)).toBeNull();
    expect(stepForKey('p', steps, 3)).toBe(2);
    expect(stepForKey('p', steps, 1)).toBeNull();
  });
});

describe('stepEndNote', () => {
  it('says so when n is pressed at the last failure and p at the first', () => {
    expect(stepEndNote('n', steps, 3)).toBe('No failed step after step 4: it is the last failure');
    expect(stepEndNote('n', steps, 4)).toBe('No failed step after step 5: it is the last failure');
    expect(stepEndNote('p', steps, 1)).toBe('No failed step before step 2: it is the first failure');
  });

  it('says so when j or k would leave the list', () => {
    expect(stepEndNote('j', steps, 4)).toBe('Step 5 is the last step');
    expect(stepEndNote('ArrowUp', steps, 0)).toBe('Step 1 is the first step');
  });

  it('says the rollout has no failure when there is none to jump to', () => {
    const clean = [step(1, 0), step(2, 0)];
    expect(stepEndNote('n', clean, 0)).toBe('This rollout has no failed step');
  });

  it('is silent when the key moves, and for keys that are not moves', () => {
    expect(stepEndNote('n', steps, 0)).toBeNull();
    expect(stepEndNote('j', steps, 0)).toBeNull();
    expect(stepEndNote('x', steps, 0)).toBeNull();
  });
});
