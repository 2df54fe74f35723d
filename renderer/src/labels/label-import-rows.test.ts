import { describe, expect, it } from 'vitest';
import { importSummary } from '../lib/import-results';
import { labelImportRows } from './label-import-rows';

describe('label import rows', () => {
  it('pairs results with the files that reached the backend and names files as the user picked them', () => {
    const names = ['mine.jsonl', 'unreadable.csv', 'bad.csv'];
    const prepared = [
      { path: '/tmp/rwb-uploads-x/a1/mine.jsonl' },
      { error: { code: 'unavailable' as const, message: 'unreadable.csv: the upload failed (offline)' } },
      { path: '/tmp/rwb-uploads-x/b2/bad.csv' },
    ];
    const results = [
      { file: '/tmp/rwb-uploads-x/a1/mine.jsonl', format: 'bundle' as const, labels: 3, duplicates: 1, error: null },
      {
        file: '/tmp/rwb-uploads-x/b2/bad.csv',
        format: 'csv' as const,
        labels: 0,
        duplicates: 0,
        error: { code: 'import_failed' as const, message: '/tmp/rwb-uploads-x/b2/bad.csv:3 field "target.kind": invalid' },
      },
    ];
    const rows = labelImportRows(names, prepared, results);
    expect(rows.map((r) => [r.name, r.format, r.labels, r.duplicates, r.status, r.error?.message ?? null])).toEqual([
      ['mine.jsonl', 'bundle', 3, 1, 'ok', null],
      ['unreadable.csv', '—', 0, 0, 'failed', 'unreadable.csv: the upload failed (offline)'],
      ['bad.csv', 'csv', 0, 0, 'failed', 'bad.csv:3 field "target.kind": invalid'],
    ]);
    expect(importSummary(rows)).toBe('1 of 3 files imported; 2 failed (nothing written from them).');
  });

  it('gives every file that reached the backend the error of a failed call', () => {
    const rows = labelImportRows(['a.csv'], [{ path: '/x/a.csv' }], [], { code: 'unavailable', message: 'labels.import: the server did not answer' });
    expect(rows[0]).toMatchObject({ status: 'failed', labels: 0, error: { message: 'labels.import: the server did not answer' } });
  });
});
