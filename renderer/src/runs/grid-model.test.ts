import { describe, expect, it } from 'vitest';
import type { AttemptRow, ExperimentDetail } from '../../../common/runs/run-types';
import { gridRows, moveInGrid, positionOf } from './grid-model';

function attempt(id: number, caseId: string, arm: string, repeat: number): AttemptRow {
  return {
    id,
    experiment: 'e',
    case: caseId,
    arm,
    repeat,
    status: 'queued',
    exitCode: null,
    wallS: null,
    score: null,
    valid: null,
    host: null,
    backend: null,
    backendJobId: null,
    runJobId: null,
    timeoutS: null,
    dispatchedAt: null,
    startedAt: null,
    endedAt: null,
    error: null,
    workDir: null,
    logBytes: null,
    slot: null,
    gpu: null,
    envNames: null,
  };
}

const detail = {
  id: 'e',
  name: 'e',
  arms: ['original', 'fixed'],
  repeats: 2,
  variants: [],
  cases: [{ id: 'c1' }, { id: 'c2' }],
  attempts: [attempt(1, 'c1', 'original', 0), attempt(2, 'c1', 'original', 1), attempt(3, 'c1', 'fixed', 0), attempt(5, 'c2', 'fixed', 1)],
} as unknown as ExperimentDetail;

describe('attempt grid', () => {
  it('lays out case x arm rows with a cell per repeat, missing slots as null', () => {
    const rows = gridRows(detail);
    expect(rows.map((r) => [r.caseId, r.arm, r.firstOfCase])).toEqual([
      ['c1', 'original', true],
      ['c1', 'fixed', false],
      ['c2', 'original', true],
      ['c2', 'fixed', false],
    ]);
    expect(rows[1]!.cells.map((c) => c?.id ?? null)).toEqual([3, null]);
    expect(positionOf(rows, 5)).toEqual({ row: 3, col: 1 });
    expect(positionOf(rows, 99)).toBeNull();
  });

  it('moves with the arrows and stops at the edges', () => {
    const rows = gridRows(detail);
    expect(moveInGrid(rows, { row: 0, col: 0 }, 'ArrowDown')).toEqual({ row: 1, col: 0 });
    expect(moveInGrid(rows, { row: 0, col: 0 }, 'ArrowUp')).toEqual({ row: 0, col: 0 });
    expect(moveInGrid(rows, { row: 3, col: 1 }, 'ArrowRight')).toEqual({ row: 3, col: 1 });
    expect(moveInGrid(rows, { row: 0, col: 0 }, 'x')).toBeNull();
  });
});
