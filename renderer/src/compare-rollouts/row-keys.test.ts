import { describe, expect, it } from 'vitest';
import type { AlignedRow } from '../../../common/corpus/rollout-comparison';
import { rowEndNote, rowForKey } from './row-keys';

const rows: AlignedRow[] = [
  { a: 0, b: 0, differs: [] },
  { a: 1, b: 1, differs: ['outcome'] },
  { a: 2, b: null, differs: ['only_a'] },
  { a: 3, b: 2, differs: [] },
];

describe('aligned row keys', () => {
  it('j/k move a row, n/p to the next or previous row that differs', () => {
    expect(rowForKey('j', rows, 0)).toBe(1);
    expect(rowForKey('k', rows, 2)).toBe(1);
    expect(rowForKey('n', rows, 0)).toBe(1);
    expect(rowForKey('n', rows, 1)).toBe(2);
    expect(rowForKey('p', rows, 3)).toBe(2);
    expect(rowForKey('End', rows, 0)).toBe(3);
  });

  it('say why a key goes nowhere', () => {
    expect(rowForKey('n', rows, 2)).toBeNull();
    expect(rowEndNote('n', rows, 2)).toBe('No row after row 2 differs');
    expect(rowEndNote('p', rows, 1)).toBe('No row before row 1 differs');
    expect(rowEndNote('j', rows, 3)).toBe('Row 3 is the last row');
    expect(rowEndNote('k', rows, 0)).toBe('Row 0 is the first row');
    expect(rowEndNote('n', [rows[0]!, rows[3]!], 0)).toBe('The two rollouts did the same thing on every row');
    expect(rowEndNote('j', rows, 0)).toBeNull();
  });
});
