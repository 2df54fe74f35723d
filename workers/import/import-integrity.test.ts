/**
 * An import either lands whole or not at all, whatever the file does: two runs under one
 * file name, a file rewritten while it is read, Python's NaN, deep nesting, a gzip that
 * inflates past the cap, and files that are not runs at all (whose content no error quotes).
 */
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { openCorpus, type Db } from '../db/open-corpus';
import { getRollout, listSteps } from '../corpus/rollout-queries';
import { tableCounts } from '../test-support/table-counts';
import { useTempDir } from '../test-support/temp-dir';
import { writeBundle } from '../test-support/write-bundle';
import { exportRecords } from '../export/export-records';
import { importFile } from './import-file';
import { maxDocumentBytes } from './json-document';
import { oneRow } from '../db/one-row';

const agents = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/agents');
const journalText = readFileSync(join(agents, 'a2-aisv2-lnp-stage4.journal.json'), 'utf8');
const tempDir = useTempDir();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function rolloutIds(db: Db): string[] {
  return db.prepare<unknown[], string>('SELECT id FROM rollouts ORDER BY id').pluck().all();
}

/** Writes `text` as `<dir>/<run>/journal.json`, the name every AIDE run gives its journal. */
function journalIn(dir: string, run: string, text: string): string {
  mkdirSync(join(dir, run));
  const path = join(dir, run, 'journal.json');
  writeFileSync(path, text);
  return path;
}

describe('ids from the run', () => {
  it('imports two different runs both named journal.json side by side, each keeping its path; a re-import changes nothing', async () => {
    const dir = tempDir();
    const second = JSON.parse(journalText) as Json;
    second.nodes[0].metric.value = 0.5;
    const a = journalIn(dir, 'run-a', journalText);
    const b = journalIn(dir, 'run-b', JSON.stringify(second));
    const db = openCorpus(join(dir, 'corpus.db'));
    expect(await importFile(db, a)).toMatchObject({ rollouts: 1, steps: 22 });
    expect(await importFile(db, b)).toMatchObject({ rollouts: 1, steps: 22 });
    const ids = rolloutIds(db);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^aide:journal@[0-9a-f]{12}$/);
    expect(ids.map((id) => getRollout(db, id).sourcePath).sort()).toEqual([a, b]);
    const before = tableCounts(db);
    expect(await importFile(db, a)).toMatchObject({ rollouts: 0, steps: 0, failures: 0 });
    expect({ ...tableCounts(db), imports: 0 }).toEqual({ ...before, imports: 0 });
    db.close();
  });
});

describe('round trip', () => {
  it('exports buggy nodes and refused edits with their messages, and imports the export back to the same events and bytes', async () => {
    const dir = tempDir();
    const first = openCorpus(join(dir, 'first.db'));
    await importFile(first, join(agents, 'a2-aisv2-lnp-stage4.journal.json'));
    await importFile(first, join(agents, 'u1-openhands-multi-swe-bench-output.jsonl'));
    const exported = join(dir, 'export.jsonl');
    writeFileSync(exported, [...exportRecords(first)].map((r) => `${JSON.stringify(r)}\n`).join(''));
    const second = openCorpus(join(dir, 'second.db'));
    await importFile(second, exported);
    const events = 'SELECT rollout_id, step_idx, kind, exception_class, message FROM failure_events ORDER BY rollout_id, step_idx';
    expect(second.prepare(events).all()).toEqual(first.prepare(events).all());
    expect(second.prepare("SELECT count(*) FROM failure_events WHERE kind IN ('buggy', 'rejected_edit')").pluck().get()).toBe(27);
    expect([...exportRecords(second)].map((r) => JSON.stringify(r)).join('\n')).toBe(readFileSync(exported, 'utf8').trimEnd());
    first.close();
    second.close();
  });
});

describe('a file that changes while it is read', () => {
  /** Imports a bundle large enough to report progress before it ends, changing it with `change` at the first report: refused with `message`, nothing written. */
  async function refusedWhenChanged(change: (path: string) => void, message: RegExp): Promise<void> {
    const dir = tempDir();
    const steps = Array.from({ length: 2500 }, (_, i) => ({ type: 'step', rollout: 'r', index: i, command: `echo ${i}`, stdout: `${i}\n`, exitCode: 0 }));
    const path = writeBundle(dir, 'run.jsonl', [
      { type: 'benchmark', id: 'b', discipline: 'ml', role: 'mining' },
      { type: 'task', id: 't', benchmark: 'b', statement: 's' },
      { type: 'rollout', id: 'r', task: 't' },
      ...steps,
    ]);
    // Its time in the past, so a change at once is seen whatever the clock's resolution.
    utimesSync(path, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-01T00:00:00Z'));
    const db = openCorpus(join(dir, 'corpus.db'));
    const before = tableCounts(db);
    let rewritten = false;
    const rewrite = () => {
      if (rewritten) return;
      rewritten = true;
      change(path);
    };
    await expect(importFile(db, path, { onProgress: rewrite })).rejects.toThrow(message);
    expect(rewritten).toBe(true);
    expect(tableCounts(db)).toEqual(before);
    db.close();
  }

  it('is refused with nothing written, when it grows during the import', async () => {
    await refusedWhenChanged(
      (path) => appendFileSync(path, `${JSON.stringify({ type: 'step', rollout: 'r', index: 9999, command: 'late', exitCode: 0 })}\n`),
      /^run\.jsonl: the file was resized \(\d+ to \d+ bytes\) while it was read; nothing was written$/,
    );
  });

  it('is refused with nothing written, when it is rewritten in place at the same size', async () => {
    await refusedWhenChanged((path) => {
      // The first record's benchmark id `b` becomes `c`: the same size, other content.
      const fd = openSync(path, 'r+');
      writeSync(fd, '{"type":"benchmark","id":"c"', 0);
      closeSync(fd);
    }, /^run\.jsonl: the file was rewritten while it was read; nothing was written$/);
  });

  it('is refused with nothing written, when a copy of the same bytes is renamed over it', async () => {
    await refusedWhenChanged((path) => {
      writeFileSync(`${path}.next`, readFileSync(path));
      renameSync(`${path}.next`, path);
    }, /^run\.jsonl: the file was replaced while it was read; nothing was written$/);
  });
});

describe('what Python and damaged files write', () => {
  it('reads NaN and Infinity: a non-finite metric is no score, with a note', async () => {
    const dir = tempDir();
    // Python's json.dumps writes float('nan') as a bare NaN, and infinities as Infinity.
    const journal = JSON.parse(journalText) as Json;
    journal.nodes[1].metric = { value: 'nan-here', maximize: true };
    journal.bad_values = ['inf-here', '-inf-here'];
    const text = JSON.stringify(journal, null, 2).replace('"nan-here"', 'NaN').replace('"inf-here"', 'Infinity').replace('"-inf-here"', '-Infinity');
    const db = openCorpus(join(dir, 'corpus.db'));
    expect(await importFile(db, journalIn(dir, 'nan', text))).toMatchObject({ rollouts: 1, steps: 22 });
    const [id] = rolloutIds(db);
    const nanNode = 1;
    expect(listSteps(db, id!)[nanNode]!.score).toBeNull();
    const extra = JSON.parse(
      oneRow(db.prepare<unknown[], string>('SELECT extra FROM steps WHERE rollout_id = ? AND idx = ?').pluck().get(id, nanNode)),
    ) as Json;
    expect(extra.scoreNote).toBe('the metric was NaN, stored as no score');
    expect(JSON.parse(oneRow(db.prepare<unknown[], string>('SELECT extra FROM rollouts').pluck().get()))).toMatchObject({
      bad_values: ['Infinity', '-Infinity'],
    });
    db.close();
  });

  it('names the line of a syntax error, not line 1, and never quotes the text', async () => {
    const dir = tempDir();
    const lines = journalText.split('\n');
    lines[67] = `${lines[67]} secret-token`;
    const db = openCorpus(join(dir, 'corpus.db'));
    const error = await importFile(db, journalIn(dir, 'bad', lines.join('\n'))).then(
      () => null,
      (err: Error) => err,
    );
    expect(error?.message).toMatch(/^journal\.json:68: not valid JSON \(/);
    expect(error?.message).not.toContain('secret');
    expect(rolloutIds(db)).toEqual([]);
    db.close();
  });

  it('refuses nesting deeper than it reads, by line, in a journal and in a bundle line', async () => {
    const dir = tempDir();
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const db = openCorpus(join(dir, 'corpus.db'));
    await expect(importFile(db, journalIn(dir, 'deep', `{"nodes": [\n{"code": "x",\n "_term_out": ${deep}}], "node2parent": {}}`))).rejects.toThrow(
      /^journal\.json:3: nested more than 512 levels deep$/,
    );
    const bundle = writeBundle(dir, 'deep.jsonl', [
      { type: 'benchmark', id: 'b', discipline: 'ml', role: 'mining' },
      `{"type":"benchmark","id":"c","discipline":"ml","role":"mining","x":${deep}}`,
    ]);
    await expect(importFile(db, bundle)).rejects.toMatchObject({ code: 'import_failed', message: 'deep.jsonl:2: the record is nested too deeply to be read' });
    expect(rolloutIds(db)).toEqual([]);
    db.close();
  });

  it('stops inflating a gzipped journal at the cap, in bounded memory, writing nothing', async () => {
    const dir = tempDir();
    const path = join(dir, 'huge.journal.json.gz');
    const gzip = createGzip({ level: 1 });
    const done = once(gzip.pipe(createWriteStream(path)), 'finish');
    gzip.write('{"nodes": [{"code": "');
    const mib = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i <= maxDocumentBytes / mib.length; i++) if (!gzip.write(mib)) await once(gzip, 'drain');
    gzip.end('"}], "node2parent": {}}');
    await done;
    const db = openCorpus(join(dir, 'corpus.db'));
    const before = tableCounts(db);
    await expect(importFile(db, path, { format: 'aide' })).rejects.toThrow(/^huge\.journal\.json\.gz:1: the document is larger than 128 MiB/);
    expect(tableCounts(db)).toEqual(before);
    db.close();
  });
});

describe('files that are not runs', () => {
  it('says what the file looks like and which formats were tried, without quoting it', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    const shadow = join(dir, 'shadow');
    writeFileSync(shadow, 'root:$6$saltsalt$hashhashhash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n');
    const refused = await importFile(db, shadow).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(refused).toBe(
      'shadow: format not recognised: text that is not JSON. Tried openhands, mini-swe-agent, inspect, bundle, aide, swe-agent; name one with --format',
    );
    const array = join(dir, 'list.json');
    writeFileSync(array, JSON.stringify([{ user: 'alice', password: 'hunter2' }]));
    const described = await importFile(db, array).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(described).toMatch(/^list\.json: format not recognised: a JSON array of objects with keys user, password\. Tried /);
    expect(described).not.toContain('hunter2');
    const forced = await importFile(db, shadow, { format: 'aide' }).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(forced).toMatch(/^shadow:1: not valid JSON \(unexpected character at byte 1 of the line\)$/);
    const asBundle = await importFile(db, shadow, { format: 'bundle' }).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(asBundle).toBe('shadow:1: not valid JSON (unexpected character)');
    expect(rolloutIds(db)).toEqual([]);
    db.close();
  });
});
