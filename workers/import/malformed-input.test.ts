/**
 * Malformed input: every case must fail with an error that names the file (and the line and
 * field where there is one) and leave the corpus exactly as it was. Cases already covered
 * in import-file.test.ts are not repeated here: a truncated line in the middle of a file,
 * `index: "two"`, the unknown type "checkpoint", a dangling rollout and program reference,
 * a rubric id reused with other content within one file, a failure annotating a missing
 * step, a non-object line, and an empty or unrecognised file under auto-detection.
 *
 * The last block checks that input in any order (forward references, annotations and a
 * taxonomy before the steps they concern, programs after the steps that ran them) gives
 * the same corpus as the same records in a tidy order, since failure events are derived
 * while the file streams.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../common/errors';
import { openCorpus, type Db } from '../db/open-corpus';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { fieldAt, firstInvalidUtf8 } from './bundle-reader';
import { importFile, type ImportOptions } from './import-file';
import { oneRow } from '../db/one-row';

const tempDir = useTempDir();

/** Every table's row count (FTS indexes and their shadow tables included) and a digest of the texts. */
function corpusState(db: Db): { counts: Record<string, number>; texts: string } {
  const tables = db.prepare<unknown[], string>(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
  const counts = Object.fromEntries(tables.map((t) => [t, oneRow(db.prepare<unknown[], number>(`SELECT count(*) FROM "${t}"`).pluck().get())]));
  const texts = createHash('sha256');
  for (const row of db.prepare<unknown[], [string, number, string]>('SELECT hash, bytes, body FROM texts ORDER BY hash').raw().iterate()) {
    texts.update(`${row[0]}\u0000${row[1]}\u0000${row[2]}\u0000`);
  }
  return { counts, texts: texts.digest('hex') };
}

/** A corpus that already holds the mini bundle, so "unchanged" means more than "empty". */
async function seededCorpus(dir: string): Promise<Db> {
  const db = openCorpus(join(dir, 'corpus.db'));
  await importFile(db, writeBundle(dir, 'seed.jsonl', miniBundle()));
  return db;
}

/** Imports `path`, expects an import_failed error matching `message`, and checks the corpus did not change. */
async function expectRefused(db: Db, path: string, message: RegExp, options: ImportOptions = {}): Promise<ApiError> {
  const before = corpusState(db);
  const error = await importFile(db, path, options).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe('import_failed');
  expect((error as ApiError).message).toMatch(message);
  expect(db.inTransaction).toBe(false);
  expect(corpusState(db)).toEqual(before);
  return error as ApiError;
}

/** A second rollout on the seeded corpus's task: records that are valid on their own. */
function secondRollout(): object[] {
  return [
    { type: 'rollout', id: 'r-2', task: 'task-1', collection: 'pool', agent: 'haiku', seed: 2, grade: 'correct', score: 0.9 },
    { type: 'program', rollout: 'r-2', path: 'solution.py', version: 0, content: 'print(1)\n' },
    { type: 'step', rollout: 'r-2', index: 0, command: 'ls', stdout: 'train.csv\n', exitCode: 0 },
    { type: 'step', rollout: 'r-2', index: 1, command: 'python solution.py', stdout: '1\n', exitCode: 0, program: { path: 'solution.py', version: 0 } },
  ];
}

const lines = (records: readonly (object | string)[]): string => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

describe('malformed input: the error names the file, line and field; the corpus is unchanged', () => {
  it('a file cut in the middle of its last record', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const text = lines(secondRollout());
    const path = join(dir, 'cut.jsonl');
    writeFileSync(path, text.slice(0, text.length - 25));
    await expectRefused(db, path, /^cut\.jsonl:4: not valid JSON \(/);
    db.close();
  });

  const wrongTypes: [string, object, RegExp][] = [
    ['a string exit code', { type: 'step', rollout: 'r-2', index: 2, command: 'ls', exitCode: '1' }, /bad\.jsonl:5 field "exitCode": step record: /],
    ['a grade outside the enum', { type: 'rollout', id: 'r-3', task: 'task-1', grade: 'meh' }, /bad\.jsonl:5 field "grade": rollout record: /],
    [
      'a negative program version',
      { type: 'step', rollout: 'r-2', index: 2, command: 'ls', program: { path: 'solution.py', version: -1 } },
      /bad\.jsonl:5 field "program\.version": step record: /,
    ],
    [
      'a nested category without a family',
      { type: 'taxonomy', version: 'v9', categories: [{ code: 'X', name: 'x' }] },
      /bad\.jsonl:5 field "categories\.0\.family": taxonomy record: /,
    ],
    ['a record type that is a number', { type: 5, id: 'x' }, /bad\.jsonl:5 field "type": missing record type/],
    ['a record without a type', { id: 'x' }, /bad\.jsonl:5 field "type": missing record type/],
  ];
  for (const [name, record, message] of wrongTypes) {
    it(`wrong types: ${name}`, async () => {
      const dir = tempDir();
      const db = await seededCorpus(dir);
      await expectRefused(db, writeBundle(dir, 'bad.jsonl', [...secondRollout(), record]), message);
      db.close();
    });
  }

  it('unknown record types, also after valid records of this file', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    await expectRefused(
      db,
      writeBundle(dir, 'bad.jsonl', [...secondRollout(), { type: 'Step', rollout: 'r-2', index: 3 }]),
      /bad\.jsonl:5 field "type": unknown record type "Step" \(expected one of taxonomy, /,
    );
    db.close();
  });

  const dangling: [string, object, RegExp][] = [
    [
      'a task whose benchmark is missing',
      { type: 'task', id: 'task-2', benchmark: 'nope', statement: 's' },
      /bad\.jsonl:5 field "benchmark": refers to benchmark "nope", which is neither in this file nor in the corpus/,
    ],
    [
      'a rollout whose collection is missing',
      { type: 'rollout', id: 'r-3', task: 'task-1', collection: 'gone' },
      /bad\.jsonl:5 field "collection": refers to collection "gone"/,
    ],
    [
      'a library listing a missing rubric',
      { type: 'library', id: 'lib-2', name: 'L', method: 'quota', builtAt: '2026-01-01', rubrics: ['rb-1', 'rb-404'] },
      /bad\.jsonl:5 field "rubrics\.1": refers to rubric "rb-404"/,
    ],
    [
      'a program of a missing rollout',
      { type: 'program', rollout: 'r-9', path: 'a.py', version: 0, content: '' },
      /bad\.jsonl:5 field "rollout": refers to rollout "r-9"/,
    ],
  ];
  for (const [name, record, message] of dangling) {
    it(`dangling references: ${name}`, async () => {
      const dir = tempDir();
      const db = await seededCorpus(dir);
      await expectRefused(db, writeBundle(dir, 'bad.jsonl', [...secondRollout(), record]), message);
      db.close();
    });
  }

  it('dangling references: the first dangling one in the file is named, even when it was read before its neighbours', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const records = [{ type: 'step', rollout: 'r-8', index: 0, command: 'ls' }, ...secondRollout(), { type: 'step', rollout: 'r-9', index: 0, command: 'ls' }];
    await expectRefused(db, writeBundle(dir, 'bad.jsonl', records), /bad\.jsonl:1 field "rollout": refers to rollout "r-8"/);
    db.close();
  });

  it('the same step key with other content within one file, while the same step twice is one row', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const [rollout, program, step0, step1] = secondRollout() as Record<string, unknown>[];
    const twice = await importFile(db, writeBundle(dir, 'twice.jsonl', [rollout!, program!, step0!, step1!, step1!]));
    expect(twice).toMatchObject({ steps: 2, duplicates: 1 });
    const other = { ...step1!, index: 5 };
    await expectRefused(
      db,
      writeBundle(dir, 'bad.jsonl', [other, { ...other, stdout: '2\n' }]),
      /^bad\.jsonl:2: step "r-2" 5 already exists with different content/,
    );
    db.close();
  });

  it('the same program version with other content within one file', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const records = [...secondRollout(), { type: 'program', rollout: 'r-2', path: 'solution.py', version: 0, content: 'print(2)\n' }];
    await expectRefused(
      db,
      writeBundle(dir, 'bad.jsonl', records),
      /^bad\.jsonl:5: program solution\.py version 0 of rollout "r-2" already exists with different content/,
    );
    db.close();
  });

  const againstCorpus: [string, object, RegExp][] = [
    [
      'a step',
      { type: 'step', rollout: 'r-1', index: 0, command: 'ls', stdout: 'test.csv\n', exitCode: 0, durationMs: 12 },
      /^bad\.jsonl:1: step "r-1" 0 already exists with different content/,
    ],
    [
      'a program',
      { type: 'program', rollout: 'r-1', path: 'solution.py', version: 0, content: 'changed\n' },
      /^bad\.jsonl:1: program solution\.py version 0 of rollout "r-1" already exists with different content/,
    ],
    ['a rollout', { type: 'rollout', id: 'r-1', task: 'task-1', grade: 'correct' }, /^bad\.jsonl:1: rollout "r-1" already exists with different content/],
    [
      'a task',
      { type: 'task', id: 'task-1', benchmark: 'bench', statement: 'Median age' },
      /^bad\.jsonl:1: task "task-1" already exists with different content/,
    ],
  ];
  for (const [name, record, message] of againstCorpus) {
    it(`the same id with other content than the corpus holds from an earlier import: ${name}`, async () => {
      const dir = tempDir();
      const db = await seededCorpus(dir);
      await expectRefused(db, writeBundle(dir, 'bad.jsonl', [record, ...secondRollout()]), message);
      db.close();
    });
  }

  it('binary garbage: random bytes are not recognised, and are refused by line when named a bundle', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const path = join(dir, 'noise.jsonl');
    writeFileSync(path, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)));
    await expectRefused(db, path, /^noise\.jsonl: format not recognised/);
    await expectRefused(db, path, /^noise\.jsonl:1: invalid UTF-8 at byte \d+ of the line/, { format: 'bundle' });
    db.close();
  });

  it('binary garbage: valid lines followed by a binary line', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const path = join(dir, 'tail.jsonl');
    writeFileSync(path, Buffer.concat([Buffer.from(lines(secondRollout())), Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x80, 0x0a])]));
    await expectRefused(db, path, /^tail\.jsonl:5: invalid UTF-8 at byte 2 of the line \(0xFF 0xFE\)/);
    db.close();
  });

  it('binary garbage that happens to be valid UTF-8 (NUL and control bytes) is not JSON', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const path = join(dir, 'ctl.jsonl');
    writeFileSync(path, Buffer.concat([Buffer.from(lines(secondRollout())), Buffer.from([0x00, 0x01, 0x02, 0x1b, 0x5b, 0x0a])]));
    await expectRefused(db, path, /^ctl\.jsonl:5: not valid JSON/);
    db.close();
  });

  it('invalid UTF-8 inside a JSON string on line N names the line, the byte and the field', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const good = lines(secondRollout());
    const bad = Buffer.concat([
      Buffer.from('{"type":"step","rollout":"r-2","index":2,"command":"cat log","stdout":"caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","exitCode":0}\n'),
    ]);
    const path = join(dir, 'latin.jsonl');
    writeFileSync(path, Buffer.concat([Buffer.from(good), bad]));
    const error = await expectRefused(db, path, /^latin\.jsonl:5 field "stdout": invalid UTF-8 at byte 75 of the line \(0xC3 0x28\)/);
    expect(error.details).toMatchObject({ file: 'latin.jsonl', line: 5, field: 'stdout' });
    db.close();
  });

  it('invalid UTF-8 in a nested field names its path; a truncated sequence at the end of a line is caught too', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const nested = join(dir, 'nested.jsonl');
    writeFileSync(
      nested,
      Buffer.concat([
        Buffer.from('{"type":"taxonomy","version":"v2","categories":[{"code":"A","name":"a","family":"crash"},{"code":"B","name":"b'),
        Buffer.from([0xe2, 0x82]),
        Buffer.from('","family":"crash"}]}\n'),
      ]),
    );
    await expectRefused(db, nested, /^nested\.jsonl:1 field "categories\.1\.name": invalid UTF-8/, { format: 'bundle' });
    const truncated = join(dir, 'end.jsonl');
    writeFileSync(truncated, Buffer.concat([Buffer.from(lines(secondRollout())), Buffer.from([0x7b, 0xf0, 0x9f, 0x98])]));
    await expectRefused(db, truncated, /^end\.jsonl:5: invalid UTF-8 at byte 2 of the line/);
    db.close();
  });

  it('a real U+FFFD (and other non-ASCII text) in valid input is imported as written', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const stdout = 'r\u00e9sum\u00e9 \uFFFD replacement char, emoji \u{1F600}, CJK \u6f22\u5b57\n';
    const records = [...secondRollout(), { type: 'step', rollout: 'r-2', index: 2, command: 'cat notes', stdout, exitCode: 0 }];
    await importFile(db, writeBundle(dir, 'text.jsonl', records));
    const stored = db.prepare(`SELECT t.body FROM steps s JOIN texts t ON t.hash = s.stdout_hash WHERE s.rollout_id = 'r-2' AND s.idx = 2`).pluck().get();
    expect(stored).toBe(stdout);
    db.close();
  });

  it('a 50 MB single line that is not JSON is refused quickly, with a short message', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const path = join(dir, 'huge.jsonl');
    writeFileSync(path, lines(secondRollout().slice(0, 2)) + 'x'.repeat(50 * 1024 * 1024) + '\n');
    const started = performance.now();
    const error = await expectRefused(db, path, /^huge\.jsonl:3: not valid JSON \(/);
    expect(error.message.length).toBeLessThan(500);
    // Tells a linear scan from a quadratic one (days on 50 MB), so it holds under any load.
    expect(performance.now() - started).toBeLessThan(60_000);
    db.close();
  });

  it('a valid step whose stdout is a single 50 MB line imports correctly, and quickly', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const chunk = 'epoch 3/10 loss=0.4312 acc=0.8811 lr=3e-4 |##########| ';
    const stdout = chunk.repeat(Math.ceil((50 * 1024 * 1024) / chunk.length)) + 'needle_word_at_the_end';
    const stderr = [
      'Traceback (most recent call last):',
      '  File "/workspace/solution.py", line 1, in <module>',
      '    print(1)',
      'ValueError: too much output',
    ].join('\n');
    const records = [
      ...secondRollout(),
      { type: 'step', rollout: 'r-2', index: 2, command: 'python solution.py', stdout, stderr, exitCode: 1, program: { path: 'solution.py', version: 0 } },
    ];
    const path = writeBundle(dir, 'big.jsonl', records);
    const started = performance.now();
    const result = await importFile(db, path);
    const seconds = (performance.now() - started) / 1000;
    expect(result).toMatchObject({ rollouts: 1, steps: 3, programs: 1, failures: 1 });
    const row = oneRow(
      db
        .prepare<unknown[], { bytes: number; body: string }>(
          `SELECT s.stdout_bytes AS bytes, t.body AS body FROM steps s JOIN texts t ON t.hash = s.stdout_hash WHERE s.rollout_id = 'r-2' AND s.idx = 2`,
        )
        .get(),
    );
    expect(row.bytes).toBe(Buffer.byteLength(stdout));
    expect(row.body === stdout).toBe(true);
    expect(db.prepare(`SELECT exception_class, program_line FROM failure_events WHERE rollout_id = 'r-2' AND step_idx = 2`).get()).toEqual({
      exception_class: 'ValueError',
      program_line: 1,
    });
    expect(db.prepare(`SELECT count(*) FROM step_fts WHERE step_fts MATCH '"needle_word_at_the_end"'`).pluck().get()).toBe(1);
    // Tells a linear import from a quadratic one (days on 50 MB); about two seconds on a quiet machine.
    expect(seconds).toBeLessThan(90);
  }, 120_000);

  it('an empty file, a file of blank lines and a gzipped empty file', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    await expectRefused(db, empty, /^empty\.jsonl: the file is empty/, { format: 'bundle' });
    const blank = join(dir, 'blank.jsonl');
    writeFileSync(blank, '\n  \n\r\n');
    await expectRefused(db, blank, /^blank\.jsonl: the file is empty/);
    await expectRefused(db, blank, /^blank\.jsonl: the file is empty/, { format: 'bundle' });
    const gz = join(dir, 'empty.jsonl.gz');
    writeFileSync(gz, gzipSync(Buffer.alloc(0)));
    await expectRefused(db, gz, /^empty\.jsonl\.gz: the file is empty/);
    db.close();
  });

  it('a gzip file that is truncated, and one that is corrupt', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const many = Array.from({ length: 400 }, (_, i) => ({
      type: 'step',
      rollout: 'r-2',
      index: i + 2,
      command: `echo ${i}`,
      stdout: `${'line '.repeat(40)}${i}\n`,
      exitCode: 0,
    }));
    const gz = gzipSync(Buffer.from(lines([...secondRollout(), ...many])));
    const truncated = join(dir, 'cut.jsonl.gz');
    writeFileSync(truncated, gz.subarray(0, Math.floor(gz.length * 0.6)));
    await expectRefused(db, truncated, /^cut\.jsonl\.gz:\d+: the gzip data ends early: the file is truncated/);
    const corrupt = Buffer.from(gz);
    for (let i = 200; i < 260; i++) corrupt[i] = corrupt[i]! ^ 0x5a;
    const bad = join(dir, 'bad.jsonl.gz');
    writeFileSync(bad, corrupt);
    // Named a bundle: under auto-detection a head that does not decompress is reported by the
    // format detector (registry.ts), before the reader sees the file.
    await expectRefused(db, bad, /^bad\.jsonl\.gz:\d+: (corrupt gzip data|not valid JSON|invalid UTF-8)/, { format: 'bundle' });
    db.close();
  });

  it('a file that does not exist, with and without a named format', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    await expectRefused(db, join(dir, 'nope.jsonl'), /^nope\.jsonl: no such file \(/);
    await expectRefused(db, join(dir, 'nope.jsonl'), /^nope\.jsonl: no such file \(/, { format: 'bundle' });
    db.close();
  });

  it('a folder passed as a file', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const folder = join(dir, 'rollouts.jsonl');
    mkdirSync(folder);
    await expectRefused(db, folder, /^rollouts\.jsonl: is a folder, not a file/);
    await expectRefused(db, folder, /^rollouts\.jsonl: is a folder, not a file/, { format: 'bundle' });
    db.close();
  });
});

describe('line endings and encodings that are valid', () => {
  it('accepts CRLF line endings, a lone CR between records and a byte order mark, counting lines as before', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    const records = miniBundle().map((r) => JSON.stringify(r));
    const path = join(dir, 'windows.jsonl');
    writeFileSync(path, `\uFEFF${records.slice(0, 6).join('\r\n')}\r${records.slice(6).join('\r\n')}\r\n`);
    expect(await importFile(db, path)).toMatchObject({ rollouts: 1, steps: 2, failures: 2 });
    const bad = join(dir, 'bad-windows.jsonl');
    writeFileSync(bad, `\uFEFF${records.slice(0, 6).join('\r\n')}\r{"type":"nope"}\r\n`);
    await expectRefused(db, bad, /^bad-windows\.jsonl:7 field "type": unknown record type "nope"/);
    db.close();
  });
});

describe('bundle-reader helpers', () => {
  it('finds the first byte of an ill-formed UTF-8 sequence', () => {
    expect(firstInvalidUtf8(Buffer.from('abc'))).toBe(-1);
    expect(firstInvalidUtf8(Buffer.from('caf\u00e9 \uFFFD \u{1F600}'))).toBe(-1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc3, 0x28]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xc0, 0x80]))).toBe(0); // overlong
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0); // a surrogate
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xf0, 0x9f]))).toBe(1); // cut short
  });

  it('names the field whose string is open at the end of a prefix', () => {
    expect(fieldAt('{"type":"step","stdout":"caf')).toBe('stdout');
    expect(fieldAt('{"a":{"b":[1,{"c":"x')).toBe('a.b.1.c');
    expect(fieldAt('{"a":"x\\"y","b":"')).toBe('b');
    expect(fieldAt('{"type":"st')).toBe('type');
    expect(fieldAt('{"ty')).toBeUndefined();
    expect(fieldAt('{"a":1,')).toBeUndefined();
  });
});

describe('records in any order give the same corpus', () => {
  /** A rollout whose failed step's traceback points into a program, with an annotation and a taxonomy. */
  function orderedRecords(): object[] {
    const program = 'import pandas as pd\n\ndf = pd.read_csv("train.csv")\nprint(df["Agee"].mean())\n';
    const traceback = [
      'Traceback (most recent call last):',
      '  File "/workspace/solution.py", line 4, in <module>',
      '    print(df["Agee"].mean())',
      "KeyError: 'Agee'",
    ].join('\n');
    return [
      {
        type: 'taxonomy',
        version: 'v1',
        categories: [
          { code: 'C02', name: 'Missing column', family: 'crash' },
          { code: 'C06', name: 'API misuse', family: 'crash' },
        ],
      },
      { type: 'benchmark', id: 'bench', discipline: 'ml', role: 'mining' },
      { type: 'task', id: 'task-1', benchmark: 'bench', statement: 'Mean age' },
      { type: 'rollout', id: 'r-1', task: 'task-1', grade: 'wrong' },
      { type: 'program', rollout: 'r-1', path: 'solution.py', version: 0, content: program },
      { type: 'program', rollout: 'r-1', path: 'solution.py', version: 1, content: `# v1\n${program}` },
      { type: 'step', rollout: 'r-1', index: 0, command: 'python solution.py', stderr: traceback, exitCode: 1, program: { path: 'solution.py', version: 0 } },
      { type: 'step', rollout: 'r-1', index: 1, command: 'python other.py', stderr: traceback.replace('line 4', 'line 5'), exitCode: 1 },
      {
        type: 'step',
        rollout: 'r-1',
        index: 2,
        command: 'python -c "x"',
        stderr: 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nNameError: name \'x\' is not defined',
        exitCode: 1,
      },
      { type: 'step', rollout: 'r-1', index: 3, command: 'ls', stdout: 'a\n', exitCode: 0 },
      { type: 'failure', rollout: 'r-1', step: 0, category: 'C02', cause: 'typo' },
      { type: 'failure', rollout: 'r-1', step: 0, cause: 'typo, second opinion' },
      { type: 'failure', rollout: 'r-1', step: 3, kind: 'crash', cause: 'listed the wrong folder' },
      { type: 'failure', rollout: 'r-1', step: null, kind: 'wrong_answer', category: 'C02' },
    ];
  }

  function events(db: Db): unknown[] {
    return db
      .prepare(
        `SELECT rollout_id, step_idx, kind, exception_class, message, frames, traceback, program_path, program_version,
          program_line, category, suggested_category, cause, record_hash, extra FROM failure_events ORDER BY step_idx IS NULL, step_idx, record_hash`,
      )
      .all();
  }

  async function importInOrder(order: (records: object[]) => object[]): Promise<{ events: unknown[]; fts: number }> {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    await importFile(db, writeBundle(dir, 'b.jsonl', order(orderedRecords())));
    const result = {
      events: events(db),
      fts: oneRow(db.prepare<unknown[], number>(`SELECT count(*) FROM failure_fts WHERE failure_fts MATCH 'KeyError'`).pluck().get()),
    };
    db.close();
    return result;
  }

  it('derives the same failure events whatever the order of the records', async () => {
    const tidy = await importInOrder((r) => r);
    expect(tidy.events).toHaveLength(5);
    expect(tidy.events[0]).toMatchObject({
      step_idx: 0,
      exception_class: 'KeyError',
      program_path: 'solution.py',
      program_version: 0,
      program_line: 4,
      category: 'C02',
      suggested_category: 'C02',
      cause: 'typo, second opinion',
    });
    expect(tidy.events[1]).toMatchObject({ step_idx: 1, program_path: 'solution.py', program_version: 1, program_line: 5 });
    expect(tidy.events[2]).toMatchObject({ step_idx: 2, exception_class: 'NameError', suggested_category: 'C06' });
    expect(tidy.events[3]).toMatchObject({ step_idx: 3, kind: 'crash', suggested_category: null, cause: 'listed the wrong folder' });
    expect(tidy.fts).toBe(2);
    const orders: [string, (r: object[]) => object[]][] = [
      // Reversed, except that the two annotations of step 0 keep their order (the later one wins).
      ['reversed', (r) => [r[13]!, r[12]!, r[10]!, r[11]!, ...r.slice(0, 10).reverse()]],
      ['taxonomy and programs last', (r) => [...r.slice(1, 4), ...r.slice(6), r[0]!, r[4]!, r[5]!]],
      ['annotations first', (r) => [...r.slice(10), ...r.slice(0, 10)]],
      ['interleaved', (r) => [r[1]!, r[2]!, r[3]!, r[10]!, r[6]!, r[4]!, r[7]!, r[11]!, r[8]!, r[0]!, r[9]!, r[12]!, r[5]!, r[13]!]],
    ];
    for (const [, order] of orders) expect(await importInOrder(order)).toEqual(tidy);
  });

  it('annotations of one step apply in file order, also when the first comes before the step', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    const records = orderedRecords();
    const [first, second] = [records[10]!, records[11]!];
    const rest = records.filter((r) => r !== first && r !== second);
    await importFile(db, writeBundle(dir, 'b.jsonl', [first, ...rest, second]));
    expect(db.prepare('SELECT category, cause FROM failure_events WHERE step_idx = 0').get()).toEqual({ category: 'C02', cause: 'typo, second opinion' });
    db.close();
  });

  it('re-importing a file in another order changes nothing', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    await importFile(db, writeBundle(dir, 'a.jsonl', orderedRecords()));
    const before = corpusState(db);
    const again = await importFile(db, writeBundle(dir, 'b.jsonl', [...orderedRecords()].reverse()));
    expect(again).toMatchObject({ rollouts: 0, steps: 0, programs: 0 });
    const after = corpusState(db);
    expect({ ...after.counts, imports: 0 }).toEqual({ ...before.counts, imports: 0 });
    expect(after.texts).toBe(before.texts);
    db.close();
  });
});

// Keeps the helper honest: the state must see a change when there is one.
describe('corpusState', () => {
  it('changes when a text or a row is added', async () => {
    const dir = tempDir();
    const db = await seededCorpus(dir);
    const before = corpusState(db);
    await importFile(db, writeBundle(dir, 'more.jsonl', secondRollout()));
    const after = corpusState(db);
    expect(after.counts.steps).toBe(before.counts.steps! + 2);
    expect(after.texts).not.toBe(before.texts);
    expect(readFileSync(join(dir, 'more.jsonl'), 'utf8')).toContain('"r-2"');
    db.close();
  });
});
