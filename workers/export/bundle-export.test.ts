import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { sampleBundlePath } from '../core/sample-corpus';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { corpusStats } from '../corpus/corpus-queries';
import { listFailures } from '../corpus/rollout-queries';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { exportBundle } from './bundle-export';

const tempDir = useTempDir();

/** Import → export → import into a fresh corpus → export: both exports and both corpora must agree. */
async function roundTrip(source: string, dir: string) {
  const first = openCorpus(join(dir, 'first.db'));
  await importFile(first, source);
  const exported = join(dir, 'first.jsonl');
  await exportBundle(first, exported);

  const second = openCorpus(join(dir, 'second.db'));
  await importFile(second, exported);
  const reexported = join(dir, 'second.jsonl');
  await exportBundle(second, reexported);
  return { first, second, exported, reexported };
}

describe('bundle export', () => {
  it('round-trips a small corpus, keeping unknown fields and failure annotations', async () => {
    const dir = tempDir();
    const { first, second, exported, reexported } = await roundTrip(writeBundle(dir, 'mini.jsonl', miniBundle()), dir);
    expect(readFileSync(reexported, 'utf8')).toBe(readFileSync(exported, 'utf8'));
    expect(corpusStats(second)).toEqual(corpusStats(first));
    const strip = (events: ReturnType<typeof listFailures>) => events.map(({ id: _id, ...rest }) => rest);
    expect(strip(listFailures(second, 'r-1'))).toEqual(strip(listFailures(first, 'r-1')));
    expect(readFileSync(exported, 'utf8')).toContain('"futureField":{"kept":true}');
    first.close();
    second.close();
  });

  it('round-trips the bundled sample corpus', async () => {
    const dir = tempDir();
    const { first, second, exported, reexported } = await roundTrip(sampleBundlePath, dir);
    expect(readFileSync(reexported, 'utf8')).toBe(readFileSync(exported, 'utf8'));
    expect(corpusStats(second)).toEqual(corpusStats(first));
    expect(corpusStats(first).rollouts).toBeGreaterThanOrEqual(24);
    first.close();
    second.close();
  });

  it('re-importing an export into the same corpus finds every record already there', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'c.db'));
    await importFile(db, sampleBundlePath);
    const exported = join(dir, 'export.jsonl');
    const { records } = await exportBundle(db, exported);
    const again = await importFile(db, exported);
    expect(again).toMatchObject({ rollouts: 0, steps: 0, programs: 0, rubrics: 0, libraries: 0, labels: 0, error: null });
    // Failure records that annotate a step are applied, not counted as rows; all the rest are duplicates.
    const annotations = readFileSync(exported, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{"type":"failure"') && !l.includes('"step":null')).length;
    expect(again.duplicates + annotations).toBe(records);
    db.close();
  });

  it('round-trips lone UTF-16 surrogates in outputs and programs byte for byte, and keeps two that differ only there apart', async () => {
    const dir = tempDir();
    const source = writeBundle(dir, 'lone.jsonl', [
      { type: 'benchmark', id: 'b', discipline: 'ml', role: 'mining' },
      { type: 'task', id: 't', benchmark: 'b', statement: 'S', metric: 'accuracy', higherIsBetter: true },
      { type: 'rollout', id: 'r', task: 't', agent: 'a', seed: 1, grade: 'wrong', score: 0 },
      { type: 'program', rollout: 'r', path: 'p.py', version: 0, content: 'print("half an emoji: \ud83d")\n' },
      {
        type: 'step',
        rollout: 'r',
        index: 0,
        command: 'python p.py',
        stdout: 'cut at \ud83d',
        stderr: '\ude00 low first',
        exitCode: 0,
        program: { path: 'p.py', version: 0 },
      },
      { type: 'step', rollout: 'r', index: 1, command: 'python p.py', stdout: 'cut at \ud83c', stderr: 'a pair stays a pair: \ud83d\ude00', exitCode: 0 },
    ]);
    const { first, second, exported, reexported } = await roundTrip(source, dir);
    const text = readFileSync(exported, 'utf8');
    expect(readFileSync(reexported, 'utf8')).toBe(text);
    expect(text).not.toContain('\ufffd');
    for (const escaped of [
      '"print(\\"half an emoji: \\ud83d\\")\\n"',
      '"stdout":"cut at \\ud83d"',
      '"stdout":"cut at \\ud83c"',
      '"stderr":"\\ude00 low first"',
      '"stderr":"a pair stays a pair: \ud83d\ude00"',
    ])
      expect(text).toContain(escaped);
    // The source's own records come back as they went in, and importing the export again adds nothing.
    const records = (path: string) =>
      readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const exportedSteps = records(exported).filter((r) => r.type === 'step' || r.type === 'program');
    for (const original of records(source).filter((r) => r.type === 'step' || r.type === 'program'))
      expect(exportedSteps).toContainEqual(expect.objectContaining(original));
    expect(await importFile(first, exported)).toMatchObject({ rollouts: 0, steps: 0, programs: 0, error: null });
    expect(corpusStats(second)).toEqual(corpusStats(first));
    first.close();
    second.close();
  });

  it('leaves no partial file when the export fails', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'c.db'));
    await expect(exportBundle(db, join(dir, 'missing-folder', 'out.jsonl'))).rejects.toThrow(/ENOENT/);
    db.close();
  });

  it('refuses a line break or control character in `out` with a typed error, for both exports, and writes nothing', async () => {
    const dir = tempDir();
    const core = new Core({ dbPath: join(dir, 'c.db'), shell: 'cli' });
    try {
      for (const name of ['a\nb', 'a\rb', 'a\u2028b', 'x\u0007.jsonl']) {
        for (const out of [name, join(dir, name)]) {
          for (const op of ['export.bundle', 'labels.export'] as const) {
            const result = await core.call(op, { out });
            expect(result, `${op} ${JSON.stringify(out)}`).toEqual({
              ok: false,
              error: { code: 'invalid_request', message: `${op}: out: a file name cannot hold a line break or other control character; choose another name` },
            });
          }
        }
      }
      expect(readdirSync(dir).filter((f) => !f.startsWith('c.db'))).toEqual([]);
    } finally {
      core.close();
    }
  });
});
