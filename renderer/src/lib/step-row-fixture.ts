/** A step row for unit tests: a clean step that ran `python train.py`, with the fields a test names changed. */
import type { StepRow } from '../../../common/corpus/corpus-types';

export function stepRowFixture(change: Partial<StepRow> & Pick<StepRow, 'index'>): StepRow {
  return {
    parent: null,
    command: 'python train.py',
    exitCode: 0,
    durationMs: 10,
    timedOut: false,
    killed: false,
    score: null,
    stdoutBytes: 0,
    stderrBytes: 0,
    program: null,
    failureKind: null,
    exceptionClass: null,
    ...change,
  };
}
