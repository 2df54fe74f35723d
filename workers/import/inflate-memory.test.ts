/**
 * Done-when of issue 14: a small gzip that inflates to 300 MiB is refused (or imported) in
 * under 1 GiB of memory; and of issue 31, a bundle of long outputs imported in bounded memory. The import runs in a child process of its own, so its peak resident
 * size (`maxRSS`, which Node reads from getrusage) is the import's and nothing else's.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openCorpus } from '../db/open-corpus';
import { useTempDir } from '../test-support/temp-dir';

const tempDir = useTempDir();
const mib = 1024 * 1024;

/** Writes a gzip of `head`, `size` bytes of `a`, then `tail` (level 1: a few hundred KiB on disk). */
async function inflatingTo(path: string, head: string, size: number, tail: string): Promise<void> {
  const gzip = createGzip({ level: 1 });
  const done = once(gzip.pipe(createWriteStream(path)), 'finish');
  gzip.write(head);
  const chunk = Buffer.alloc(mib, 0x61);
  for (let written = 0; written < size; written += chunk.length) if (!gzip.write(chunk)) await once(gzip, 'drain');
  gzip.end(tail);
  await done;
}

/** Imports `path` as `format` into a new corpus in a child process; what it said and its peak resident bytes. */
function importInChild(path: string, db: string, format: string): Promise<{ outcome: string; maxRssBytes: number }> {
  const module = (file: string) => JSON.stringify(pathToFileURL(join(import.meta.dirname, file)).href);
  const script = `
    const { openCorpus } = await import(${module('../db/open-corpus.ts')});
    const { importFile } = await import(${module('./import-file.ts')});
    const corpus = openCorpus(${JSON.stringify(db)});
    const outcome = await importFile(corpus, ${JSON.stringify(path)}, { format: ${JSON.stringify(format)} }).then((r) => 'imported ' + r.rollouts, (e) => e.message);
    corpus.close();
    console.log(JSON.stringify({ outcome, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { maxBuffer: mib }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as { outcome: string; maxRssBytes: number });
    });
  });
}

describe('a gzip that inflates to 300 MiB', () => {
  it('is refused as an AIDE journal at the document cap, in under 1 GiB', async () => {
    const dir = tempDir();
    const path = join(dir, 'huge.journal.json.gz');
    await inflatingTo(path, '{"nodes": [{"code": "', 300 * mib, '"}], "node2parent": {}}');
    const { outcome, maxRssBytes } = await importInChild(path, join(dir, 'journal.db'), 'aide');
    expect(outcome).toMatch(/^huge\.journal\.json\.gz:1: the document is larger than 128 MiB/);
    expect(maxRssBytes).toBeLessThan(1024 * mib);
  });

  it('is refused as a bundle whose one line is longer than the line cap, in under 1 GiB', async () => {
    const dir = tempDir();
    const path = join(dir, 'huge.jsonl.gz');
    await inflatingTo(
      path,
      '{"type":"benchmark","id":"b","discipline":"ml","role":"mining"}\n{"type":"benchmark","id":"c","discipline":"ml","role":"mining","x":"',
      300 * mib,
      '"}\n',
    );
    const { outcome, maxRssBytes } = await importInChild(path, join(dir, 'bundle.db'), 'bundle');
    expect(outcome).toBe('huge.jsonl.gz:2: line is longer than 256 MiB');
    expect(maxRssBytes).toBeLessThan(1024 * mib);
  });
});

describe('a bundle of long outputs', () => {
  it('is imported with a few megabytes of it between the reader thread and the writer, not a thousand records', async () => {
    const dir = tempDir();
    const path = join(dir, 'long-outputs.jsonl');
    const out = createWriteStream(path);
    const write = async (record: object) => {
      if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    };
    await write({ type: 'benchmark', id: 'b', discipline: 'ml', role: 'mining' });
    await write({ type: 'task', id: 't', benchmark: 'b', statement: 's' });
    await write({ type: 'rollout', id: 'r', task: 't' });
    // 800 steps of 100 KB: 80 MB, every step's output its own text. Batches of 1,024 records took 532 MB.
    for (let i = 0; i < 800; i++)
      await write({ type: 'step', rollout: 'r', index: i, command: `run ${i}`, stdout: `${i} `.padEnd(100_000, 'epoch loss '), exitCode: 0 });
    out.end();
    await once(out, 'finish');
    const { outcome, maxRssBytes } = await importInChild(path, join(dir, 'long.db'), 'bundle');
    expect(outcome).toBe('imported 1');
    expect(maxRssBytes).toBeLessThan(420 * 1e6);
    // A file this large is hashed on a thread of its own while it is imported.
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const corpus = openCorpus(join(dir, 'long.db'));
    expect(corpus.prepare('SELECT sha256 FROM imports').pluck().get()).toBe(hash.digest('hex'));
    corpus.close();
  });
});
