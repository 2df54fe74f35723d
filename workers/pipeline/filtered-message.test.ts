import { describe, expect, it } from 'vitest';
import { filteredRunMessage } from './filtered-message';

const row = (category: string, quota: number, available: number) => ({ category, share: 0, exact: quota, quota, available, kept: Math.min(quota, available) });

describe('filteredRunMessage', () => {
  it('says what the cut kept, and which quotas were above what the library has', () => {
    expect(filteredRunMessage('filtered-1', 6, 45, [row('C01', 3, 5), row('C02', 3, 9)])).toBe('library filtered-1: 6 of 45 rubrics kept by the cut');
    expect(filteredRunMessage('filtered-1', 20, 45, [row('C01', 12, 5), row('C02', 10, 15), row('Q01', 3, 0)])).toBe(
      'library filtered-1: 20 of 45 rubrics kept by the cut; 10 short of the target: C01 has 5 for a quota of 12, Q01 has 0 for a quota of 3',
    );
  });
});
