/**
 * A file rewritten while it is imported, without growing (the other half of "a file that
 * changes while it is read" in import-integrity.test.ts): refused, with the corpus unchanged.
 */
import { openSync, readFileSync, renameSync, utimesSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCorpus } from '../db/open-corpus';
import { tableCounts } from '../test-support/table-counts';
import { useTempDir } from '../test-support/temp-dir';
import { writeBundle } from '../test-support/write-bundle';
import { importFile } from './import-file';

const tempDir = useTempDir();

/** A bundle large enough that the import reports progress before it ends, its time set in the past so a rewrite is always seen. */
function bundle(dir: string): string {
  const steps = Array.from({ length: 2500 }, (_, i) => ({ type: 'step', rollout: 'r', index: i, command: `echo ${i}`, stdout: `${i}\n`, exitCode: 0 }));
  const path = writeBundle(dir, 'run.jsonl', [
    { type: 'benchmark', id: 'b', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 't', benchmark: 'b', statement: 's' },
    { type: 'rollout', id: 'r', task: 't' },
    ...steps,
  ]);
  utimesSync(path, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-01T00:00:00Z'));
  return path;
}

describe('a file rewritten while it is read, keeping its size', () => {
  const cases: [string, (path: string) => void, RegExp][] = [
    [
      'in place',
      (path) => {
        // The first record's benchmark id `b` becomes `c`: the same size, other content.
        const fd = openSync(path, 'r+');
        writeSync(fd, '{"type":"benchmark","id":"c"', 0);
        closeSync(fd);
      },
      /^run\.jsonl: the file was rewritten while it was read; nothing was written$/,
    ],
    [
      'by a new file renamed over it',
      (path) => {
        // The same bytes in a new file: only the file itself is another.
        const next = `${path}.next`;
        writeFileSync(next, readFileSync(path));
        renameSync(next, path);
      },
      /^run\.jsonl: the file was replaced while it was read; nothing was written$/,
    ],
  ];
  for (const [how, rewrite, message] of cases) {
    it(`is refused with nothing written: ${how}`, async () => {
      const dir = tempDir();
      const path = bundle(dir);
      const db = openCorpus(join(dir, 'corpus.db'));
      const before = tableCounts(db);
      let rewritten = false;
      const onProgress = () => {
        if (rewritten) return;
        rewritten = true;
        rewrite(path);
      };
      await expect(importFile(db, path, { onProgress })).rejects.toThrow(message);
      expect(rewritten).toBe(true);
      expect(tableCounts(db)).toEqual(before);
      db.close();
    });
  }
});
