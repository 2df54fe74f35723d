import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openCorpus, type Db } from '../db/open-corpus';
import { listFailures } from '../corpus/rollout-queries';
import { corpusStats } from '../corpus/corpus-queries';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { importFile } from './import-file';
import { tableCounts } from '../test-support/table-counts';

const tempDir = useTempDir();

function freshCorpus(dir: string): Db {
  return openCorpus(join(dir, 'corpus.db'));
}

describe('importFile (bundle v1)', () => {
  it('imports every record type and derives the failed step’s failure event', async () => {
    const dir = tempDir();
    const db = freshCorpus(dir);
    const result = await importFile(db, writeBundle(dir, 'mini.jsonl', miniBundle()));
    expect(result).toMatchObject({ format: 'bundle', rollouts: 1, steps: 2, programs: 1, failures: 2, rubrics: 1, libraries: 1, labels: 1, duplicates: 0 });

    const [stepFailure, grading] = listFailures(db, 'r-1');
    expect(stepFailure).toMatchObject({
      step: 1,
      kind: 'crash',
      exceptionClass: 'KeyError',
      message: "'Agee'",
      program: { path: 'solution.py', version: 0 },
      programLine: 4,
      category: 'C02',
      cause: 'typo in column name',
    });
    expect(stepFailure!.frames).toEqual([expect.objectContaining({ file: '/workspace/solution.py', line: 4, function: '<module>' })]);
    expect(grading).toMatchObject({ step: null, kind: 'wrong_answer', category: 'C02' });
    expect(db.prepare('SELECT extra FROM rollouts WHERE id = ?').pluck().get('r-1')).toBe('{"futureField":{"kept":true}}');
    const hits = db.prepare(`SELECT rowid FROM step_fts WHERE step_fts MATCH '"Agee"'`).all();
    expect(hits).toHaveLength(1);
    db.close();
  });

  it('is idempotent: importing the same file again changes nothing and reports duplicates', async () => {
    const dir = tempDir();
    const db = freshCorpus(dir);
    const file = writeBundle(dir, 'mini.jsonl', miniBundle());
    await importFile(db, file);
    const before = tableCounts(db);
    const again = await importFile(db, file);
    expect(again).toMatchObject({ rollouts: 0, steps: 0, programs: 0, failures: 0, rubrics: 0, duplicates: 12 });
    expect({ ...tableCounts(db), imports: 0 }).toEqual({ ...before, imports: 0 });
    db.close();
  });

  it('accepts records in any order', async () => {
    const dir = tempDir();
    const db = freshCorpus(dir);
    const result = await importFile(db, writeBundle(dir, 'reversed.jsonl', [...miniBundle()].reverse()));
    expect(result.steps).toBe(2);
    expect(listFailures(db, 'r-1')[0]).toMatchObject({ exceptionClass: 'KeyError', category: 'C02' });
    db.close();
  });

  it('points a traceback into the last program of its name as SQLite orders paths, whether the rollout comes before its programs or after', async () => {
    // By UTF-8 bytes (SQLite's order) the path under U+1D538 sorts after the one under U+FF21; by UTF-16 code units it sorts before.
    const dirs = ['b', 'a', '\u{1D538}', '\uFF21'];
    const base = miniBundle().filter((r) => !('type' in r) || !['rollout', 'program', 'step', 'failure'].includes(r.type as string));
    const rollout = miniBundle().find((r) => 'type' in r && r.type === 'rollout')!;
    const programs = dirs.map((d) => ({ type: 'program', rollout: 'r-1', path: `${d}/train.py`, version: 0, content: 'import x\nfail()\n' }));
    const step = {
      type: 'step',
      rollout: 'r-1',
      index: 0,
      command: 'python train.py',
      stderr: 'Traceback (most recent call last):\n  File "/w/train.py", line 2, in <module>\n    fail()\nNameError: name \'fail\' is not defined\n',
      exitCode: 1,
    };
    for (const [name, records] of [
      ['rollout-first.jsonl', [...base, rollout, ...programs, step]],
      ['rollout-last.jsonl', [...base, ...programs, step, rollout]],
    ] as const) {
      const dir = tempDir();
      const db = freshCorpus(dir);
      await importFile(db, writeBundle(dir, name, records));
      const [event] = listFailures(db, 'r-1');
      expect(event, name).toMatchObject({ exceptionClass: 'NameError', program: { path: '\u{1D538}/train.py', version: 0 }, programLine: 2 });
      db.close();
    }
  });

  it('reads gzipped bundles', async () => {
    const dir = tempDir();
    const db = freshCorpus(dir);
    const plain = writeBundle(dir, 'mini.jsonl', miniBundle());
    const gz = join(dir, 'mini.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(plain)));
    expect(await importFile(db, gz)).toMatchObject({ format: 'bundle', steps: 2 });
    db.close();
  });

  const badCases: [string, (records: (object | string)[]) => void, RegExp][] = [
    ['truncated JSON', (r) => r.splice(6, 0, '{"type":"step","rollout":"r-1","ind'), /bad\.jsonl:7: not valid JSON/],
    ['a wrong type', (r) => r.splice(6, 0, { type: 'step', rollout: 'r-1', index: 'two', command: 'ls' }), /bad\.jsonl:7 field "index": step record/],
    ['an unknown record type', (r) => r.push({ type: 'checkpoint', id: 'x' }), /bad\.jsonl:14 field "type": unknown record type "checkpoint"/],
    [
      'a dangling reference',
      (r) => r.push({ type: 'step', rollout: 'r-404', index: 0, command: 'ls' }),
      /bad\.jsonl:14 field "rollout": refers to rollout "r-404", which is neither in this file nor in the corpus/,
    ],
    [
      'a dangling program reference',
      (r) => r.push({ type: 'step', rollout: 'r-1', index: 5, command: 'python x.py', program: { path: 'x.py', version: 3 } }),
      /bad\.jsonl:14 field "program": refers to program x\.py version 3/,
    ],
    [
      'the same id with different content',
      (r) => r.push({ type: 'rubric', id: 'rb-1', title: 'Other', appliesWhen: 'x', pattern: 'y', family: 'error' }),
      /bad\.jsonl:14: rubric "rb-1" already exists with different content/,
    ],
    [
      'a failure annotating a missing step',
      (r) => r.push({ type: 'failure', rollout: 'r-1', step: 9, category: 'C02' }),
      /bad\.jsonl:14 field "step": rollout "r-1" has no step 9/,
    ],
    ['a non-object line', (r) => r.push('[1, 2, 3]'), /bad\.jsonl:14: a record must be a JSON object/],
  ];

  for (const [name, corrupt, message] of badCases) {
    it(`refuses a file with ${name}, naming the line, and writes nothing from it`, async () => {
      const dir = tempDir();
      const db = freshCorpus(dir);
      const records: (object | string)[] = miniBundle();
      corrupt(records);
      const before = tableCounts(db);
      await expect(importFile(db, writeBundle(dir, 'bad.jsonl', records))).rejects.toThrow(message);
      expect(tableCounts(db)).toEqual(before);
      expect(db.inTransaction).toBe(false);
      db.close();
    });
  }

  it('refuses an empty file and an unrecognised one', async () => {
    const dir = tempDir();
    const db = freshCorpus(dir);
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    await expect(importFile(db, empty)).rejects.toThrow(/empty\.jsonl: the file is empty/);
    const garbage = join(dir, 'garbage.bin');
    writeFileSync(garbage, Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0x02]));
    await expect(importFile(db, garbage)).rejects.toThrow(/garbage\.bin: format not recognised/);
    expect(corpusStats(db).rollouts).toBe(0);
    db.close();
  });
});
