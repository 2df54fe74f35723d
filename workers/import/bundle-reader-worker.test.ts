import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../scripts/gen-corpus';
import { recountFigures } from '../db/migrations/010-rollout-figures';
import { openCorpus, type Db } from '../db/open-corpus';
import { extractFailure } from '../failures';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle } from '../test-support/write-bundle';
import { readBundle, type LocatedRecord } from './bundle-reader';
import { readBundleOnThread, readerThreadBytes } from './bundle-reader-worker';
import { recordHash } from '../util/canonical-json';
import { sha256 } from '../db/texts';
import { programValues, stepColumn, stepValues } from './prepared-rows';
import type { BundleRecord } from '../../common/corpus/bundle';
import { importFile } from './import-file';

const tempDir = useTempDir();
const sampleCorpus = join(__dirname, '../../fixtures/sample/sample-corpus.jsonl');

/** Every record a reader yields, and the error it stopped on (as data), if any. */
async function drain(records: AsyncIterable<LocatedRecord>): Promise<{ read: LocatedRecord[]; error: unknown }> {
  const read: LocatedRecord[] = [];
  try {
    for await (const r of records) read.push(r);
  } catch (err) {
    const e = err as Error & { code?: string; details?: unknown };
    return { read, error: { name: e.name, code: e.code, message: e.message, details: e.details } };
  }
  return { read, error: null };
}

/** Every row of every table, sorted, FTS5 index data included, leaving out the import's own row, the migrations' dates and the file's path. */
function dump(db: Db, path: string): Record<string, string[]> {
  const tables = db.prepare<unknown[], string>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all();
  const out: Record<string, string[]> = {};
  for (const table of tables.filter((t) => t !== 'imports' && t !== 'schema_migrations')) {
    const rows = db.prepare<unknown[], unknown[]>(`SELECT * FROM "${table}"`).raw().all();
    out[table] = rows.map((row) => JSON.stringify(row.map((v) => (v === path ? 'PATH' : v)))).sort();
  }
  return out;
}

describe('the bundle reader thread', () => {
  it('reads the same records as one thread, each step and program as the row its record is written as, texts sent before marked', async () => {
    const inline = await drain(readBundle(sampleCorpus, 'sample-corpus.jsonl'));
    const threaded = await drain(readBundleOnThread(sampleCorpus, 'sample-corpus.jsonl'));
    expect(threaded.error).toBeNull();
    expect(threaded.read.map((r) => r.line)).toEqual(inline.read.map((r) => r.line));
    const prepared = { step: 0, program: 0, failed: 0, storedTexts: 0 };
    // The sample is far smaller than the thread's memory of texts sent: every text sent before is marked stored.
    const sent = new Set<string>();
    const stored = (text: string) => {
      const known = sent.has(sha256(text));
      sent.add(sha256(text));
      if (known) prepared.storedTexts += 1;
      return known;
    };
    threaded.read.forEach((item, i) => {
      const { record } = inline.read[i] as { record: BundleRecord };
      if (!('prepared' in item)) {
        expect(item).toEqual({ line: item.line, record });
        expect(['step', 'program']).not.toContain(record.type);
        return;
      }
      prepared[item.prepared.type] += 1;
      if (record.type === 'step') {
        const { command, stdout, stderr, timedOut, killed } = record;
        const failure = extractFailure({ command, stdout, stderr, exitCode: record.exitCode ?? null, timedOut, killed });
        if (failure) prepared.failed += 1;
        const values = stepValues(record, sha256(stdout), sha256(stderr));
        const [stdoutStored, stderrStored] = [stored(stdout), stored(stderr)];
        expect(item.prepared).toEqual({ type: 'step', values, stdout, stderr, stdoutStored, stderrStored, failure });
        expect(item.prepared.values[stepColumn.record_hash]).toBe(recordHash(record));
      } else if (record.type === 'program') {
        const values = programValues(record, sha256(record.content));
        expect(item.prepared).toEqual({ type: 'program', values, content: stored(record.content) ? null : record.content });
      } else {
        throw new Error(`line ${item.line}: a ${record.type} record came prepared`);
      }
    });
    expect(prepared.step).toBeGreaterThan(10);
    expect(prepared.program).toBeGreaterThan(0);
    expect(prepared.failed).toBeGreaterThan(0);
    expect(prepared.storedTexts).toBeGreaterThan(0);
  });

  it('stops on the error one thread stops on, after handing over every record before it', async () => {
    const dir = tempDir();
    const records = miniBundle().map((r) => JSON.stringify(r));
    const cases: Record<string, Buffer> = {
      'not JSON': Buffer.from([...records.slice(0, 7), '{"type":"step",', ...records.slice(7)].join('\n')),
      'unknown type': Buffer.from([...records.slice(0, 3), '{"type":"nonsense"}', ...records.slice(3)].join('\n')),
      'invalid field': Buffer.from([...records.slice(0, 8), '{"type":"step","rollout":"r-1","index":-1,"command":"x"}'].join('\n')),
      'invalid UTF-8': Buffer.concat([
        Buffer.from(`${records.slice(0, 5).join('\n')}\n{"type":"step","rollout":"r-1","index":9,"command":"`),
        Buffer.from([0xff, 0x22, 0x7d, 0x0a]),
      ]),
      empty: Buffer.from('\n\n'),
      'truncated gzip': gzipSync(Buffer.from(records.join('\n'))).subarray(0, 200),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const path = join(dir, `${name.replaceAll(' ', '-')}.jsonl`);
      writeFileSync(path, bytes);
      const inline = await drain(readBundle(path, 'b.jsonl'));
      const threaded = await drain(readBundleOnThread(path, 'b.jsonl'));
      expect(inline.error, name).not.toBeNull();
      expect(threaded.error, name).toEqual(inline.error);
      expect(
        threaded.read.map((r) => r.line),
        name,
      ).toEqual(inline.read.map((r) => r.line));
    }
  });

  it('ends its thread when the reading stops early', async () => {
    let read = 0;
    for await (const _ of readBundleOnThread(sampleCorpus, 'sample-corpus.jsonl')) if (++read === 3) break;
    expect(read).toBe(3);
  });

  it('refuses, with nothing written, a large bundle that grows while the thread reads it', async () => {
    const dir = tempDir();
    const padding = 'x'.repeat(4000);
    const steps = Array.from({ length: 2500 }, (_, i) => ({
      type: 'step',
      rollout: 'r',
      index: i,
      command: `echo ${i}`,
      stdout: `${padding}${i}\n`,
      exitCode: 0,
    }));
    const path = join(dir, 'run.jsonl');
    const head = [
      { type: 'benchmark', id: 'b', discipline: 'ml', role: 'mining' },
      { type: 'task', id: 't', benchmark: 'b', statement: 's' },
      { type: 'rollout', id: 'r', task: 't' },
    ];
    writeFileSync(path, [...head, ...steps].map((r) => `${JSON.stringify(r)}\n`).join(''));
    expect(statSync(path).size).toBeGreaterThanOrEqual(readerThreadBytes);
    const db = openCorpus(join(dir, 'corpus.db'));
    const before = db.prepare('SELECT count(*) FROM steps').pluck().get();
    const late = `${JSON.stringify({ type: 'step', rollout: 'r', index: 9999, command: 'late', exitCode: 0 })}\n`;
    // The first progress report (2,000 records in) appends a line; the reader may have read past the old end by then.
    let reports = 0;
    const importing = importFile(db, path, { onProgress: () => reports++ === 0 && appendFileSync(path, late) });
    await expect(importing).rejects.toThrow(/^run\.jsonl: the file was resized \(\d+ to \d+ bytes\) while it was read; nothing was written$/);
    expect(reports).toBeGreaterThan(0);
    expect(db.prepare('SELECT count(*) FROM steps').pluck().get()).toBe(before);
    expect(db.prepare('SELECT count(*) FROM rollouts').pluck().get()).toBe(0);
  });

  it('imports a large bundle to the very rows an import on one thread writes, figures included', async () => {
    const dir = tempDir();
    const plain = join(dir, 'bundle.jsonl');
    await generateCorpus({ rollouts: 90, stepsPerRollout: 100, rubrics: 20, out: plain, seed: 7 });
    expect(statSync(plain).size).toBeGreaterThanOrEqual(readerThreadBytes);
    const gzipped = join(dir, 'bundle.jsonl.gz');
    writeFileSync(gzipped, gzipSync(readFileSync(plain)));
    expect(statSync(gzipped).size).toBeLessThan(readerThreadBytes);

    const threaded = openCorpus(join(dir, 'threaded.db'));
    const inline = openCorpus(join(dir, 'inline.db'));
    const results = [await importFile(threaded, plain), await importFile(inline, gzipped)];
    expect(results[0]).toEqual({ ...results[1], file: plain });
    const rows = dump(threaded, plain);
    expect(rows.steps).toHaveLength(9000);
    expect(rows.failure_events!.length).toBeGreaterThan(100);
    expect(rows).toEqual(dump(inline, gzipped));
    threaded.exec(recountFigures('true'));
    expect(dump(threaded, plain).rollout_figures).toEqual(rows.rollout_figures);
  });
});
