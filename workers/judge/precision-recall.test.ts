import { describe, expect, it } from 'vitest';
import { exceptionName, precisionRecall, type JudgedVerdict, type ProgramTruth } from './precision-recall';

const v = (
  rubric: string,
  family: 'error' | 'performance',
  program: number,
  verdict: JudgedVerdict['verdict'],
  predictedException: string | null = null,
): JudgedVerdict => ({
  rubric,
  family,
  program,
  verdict,
  predictedException,
});

describe('precision and recall by the definition', () => {
  const truth = new Map<number, ProgramTruth>([
    [1, { raised: new Set(['KeyError']), credited: new Set(['p1']) }],
    [2, { raised: new Set(), credited: new Set() }],
    // Only timed out: no error truth.
    [3, { raised: null, credited: null }],
    [4, { raised: new Set(['torch.OutOfMemoryError', null]), credited: null }],
    [5, { raised: null, credited: null }],
  ]);
  const verdicts = [
    v('r1', 'error', 1, 'fires', 'KeyError'), // correct
    v('r2', 'error', 1, 'fires', 'ValueError'), // wrong class
    v('r1', 'error', 2, 'fires', 'KeyError'), // the program succeeded
    v('r2', 'error', 3, 'fires', 'KeyError'), // no truth: left out
    v('r3', 'error', 4, 'fires', 'OutOfMemoryError'), // correct by last dotted name
    v('r3', 'error', 2, 'fires'), // no prediction: counted, never correct
    v('r1', 'error', 4, 'does_not_fire'),
    v('p1', 'performance', 1, 'fires'), // credited
    v('p2', 'performance', 1, 'fires'), // not credited
    v('p1', 'performance', 2, 'fires'), // labelled, nothing credited
    v('p2', 'performance', 5, 'fires'), // unlabelled: left out
    v('p3', 'performance', 2, 'unknown'),
  ];

  it('error family, by hand: precision 2/5, recall 2/3', () => {
    // Firings with truth: r1@1, r2@1, r1@2, r3@4, r3@2; correct: r1@1, r3@4.
    // Failures: (1, KeyError), (4, OutOfMemoryError), (4, unknown class); caught: the first two.
    expect(precisionRecall(verdicts, truth, 'error')).toEqual({
      family: 'error',
      precision: { hits: 2, total: 5, value: 2 / 5 },
      recall: { hits: 2, total: 3, value: 2 / 3 },
      firingsWithoutTruth: 1,
      firingsWithoutPrediction: 1,
    });
  });

  it('a subset of rubrics keeps the whole scope as recall denominator', () => {
    expect(precisionRecall(verdicts, truth, 'error', new Set(['r1']))).toMatchObject({
      precision: { hits: 1, total: 2 },
      recall: { hits: 1, total: 3 },
    });
    expect(precisionRecall(verdicts, truth, 'error', new Set(['nothing']))).toMatchObject({
      precision: { hits: 0, total: 0, value: null },
      recall: { hits: 0, total: 3, value: 0 },
    });
  });

  it('performance family, by hand: precision 1/3, recall 1/1', () => {
    expect(precisionRecall(verdicts, truth, 'performance')).toEqual({
      family: 'performance',
      precision: { hits: 1, total: 3, value: 1 / 3 },
      recall: { hits: 1, total: 1, value: 1 },
      firingsWithoutTruth: 1,
      firingsWithoutPrediction: 0,
    });
  });

  it('compares exception classes by their last dotted name', () => {
    expect(exceptionName(' numpy.core._exceptions._ArrayMemoryError ')).toBe('_ArrayMemoryError');
    expect(exceptionName('KeyError')).toBe('KeyError');
  });
});
