/**
 * Cancelling an import reaches every loop (issue 33, item 4): a file that yields no record
 * for a long time (a gzip of empty lines, inflated, split and skipped; a large file of
 * blank lines on the reader thread; a detection scan of white space) stops within a
 * second of `jobs.cancel`, writing nothing. And an Inspect `.eval` archive is capped in total.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { openCorpus } from '../db/open-corpus';
import { tableCounts } from '../test-support/table-counts';
import { useTempDir } from '../test-support/temp-dir';
import { writeZip } from '../test-support/write-zip';
import { importFile } from './import-file';
import { maxArchiveBytes } from './inspect-importer';

const tempDir = useTempDir();
const mib = 1024 * 1024;

/** Writes `mebibytes` MiB of empty lines, gzipped when the name ends in .gz. */
async function emptyLines(path: string, mebibytes: number): Promise<string> {
  const file = createWriteStream(path);
  const gzip = path.endsWith('.gz') ? createGzip({ level: 1 }) : null;
  const sink = gzip ?? file;
  gzip?.pipe(file);
  const chunk = Buffer.alloc(mib, 0x0a);
  for (let i = 0; i < mebibytes; i++) if (!sink.write(chunk)) await once(sink, 'drain');
  sink.end();
  await once(file, 'finish');
  return path;
}

/** Starts an import, cancels it once it has run for a moment, and says how long the cancel took to be answered. */
async function cancelled(core: Core, path: string, format: 'auto' | 'bundle', jobId: string): Promise<{ ms: number; code: string | undefined }> {
  const running = core.invoke('import.files', { paths: [path], format, jobId });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const asked = performance.now();
  expect((await core.invoke('jobs.cancel', { jobId })).cancelled).toBe(true);
  const result = await running;
  return { ms: performance.now() - asked, code: result.files[0]!.error?.code };
}

describe('cancelling an import', () => {
  it('stops within a second on empty lines: gzip inflated on this thread, a large file on the reader thread, and detection', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    const gz = await emptyLines(join(dir, 'blank.jsonl.gz'), 256);
    const plain = await emptyLines(join(dir, 'blank.jsonl'), 96);
    for (const [i, [path, format]] of (
      [
        [gz, 'bundle'],
        [plain, 'bundle'],
        [gz, 'auto'],
      ] as const
    ).entries()) {
      const { ms, code } = await cancelled(core, path, format, `cancel-${i}`);
      expect({ path, format, code }).toEqual({ path, format, code: 'cancelled' });
      expect(ms).toBeLessThan(1000);
    }
    expect((await core.invoke('corpus.stats', {})).steps).toBe(0);
    core.close();
  });
});

describe('an Inspect .eval archive', () => {
  it('is refused, naming the cap, when its samples inflate past the total one import reads; nothing is written', async () => {
    const dir = tempDir();
    const path = join(dir, 'huge.eval');
    const header = Buffer.from(JSON.stringify({ version: 2, status: 'success', eval: { task: 't', task_id: 'x', run_id: 'r', model: 'm', dataset: {} } }));
    // Each sample under the per-entry cap, together over the total.
    const sample = Buffer.alloc(120 * mib, 0x20);
    const count = Math.ceil(maxArchiveBytes / sample.length) + 1;
    writeZip(path, [
      { name: 'header.json', content: header },
      ...Array.from({ length: count }, (_, i) => ({ name: `samples/${i}_epoch_1.json`, content: sample })),
    ]);
    const db = openCorpus(join(dir, 'c.db'));
    const before = tableCounts(db);
    const started = performance.now();
    await expect(importFile(db, path)).rejects.toThrow(
      new RegExp(`^huge\\.eval:1: the archive's header and ${count} samples inflate to \\d+ MiB, more than the 512 MiB one import reads$`),
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(tableCounts(db)).toEqual(before);
    db.close();
  });
});
