import { describe, expect, it } from 'vitest';
import type { StepRow } from '../../../common/corpus/corpus-types';
import { stepRowFixture } from '../lib/step-row-fixture';
import { formatDelta, isImprovement, lastStepRunning, scoreDelta } from './outcome';

function step(index: number, program: { path: string; version: number } | null): StepRow {
  return stepRowFixture({ index, program });
}

describe('outcomes of a program version', () => {
  it('finds the last step that ran exactly that version', () => {
    const steps = [
      step(1, { path: 'train.py', version: 0 }),
      step(2, { path: 'train.py', version: 1 }),
      step(3, { path: 'train.py', version: 0 }),
      step(4, null),
    ];
    expect(lastStepRunning(steps, { path: 'train.py', version: 0 })?.index).toBe(3);
    expect(lastStepRunning(steps, { path: 'train.py', version: 2 })).toBeNull();
    expect(lastStepRunning(steps, { path: 'other.py', version: 0 })).toBeNull();
  });

  it('takes score B − A only when both exist', () => {
    expect(scoreDelta(0.5, 0.75)).toBe(0.25);
    expect(scoreDelta(null, 0.75)).toBeNull();
    expect(scoreDelta(0.5, null)).toBeNull();
  });

  it('calls a change better by the task direction, and says nothing when the tasks disagree', () => {
    expect(isImprovement(0.1, true, true)).toBe(true);
    expect(isImprovement(0.1, false, false)).toBe(false);
    expect(isImprovement(-0.1, false, false)).toBe(true);
    expect(isImprovement(0.1, true, false)).toBeNull();
    expect(isImprovement(0.1, null, null)).toBeNull();
    expect(isImprovement(0, true, true)).toBeNull();
  });

  it('formats signed deltas without float noise', () => {
    expect(formatDelta(0.30000000000000004)).toBe('+0.3');
    expect(formatDelta(-3)).toBe('−3');
    expect(formatDelta(0)).toBe('0');
  });
});
