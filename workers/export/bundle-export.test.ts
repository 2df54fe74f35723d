import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
    const annotations = readFileSync(exported, 'utf8').split('\n').filter((l) => l.startsWith('{"type":"failure"') && !l.includes('"step":null')).length;
    expect(again.duplicates + annotations).toBe(records);
    db.close();
  });

  it('leaves no partial file when the export fails', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'c.db'));
    await expect(exportBundle(db, join(dir, 'missing-folder', 'out.jsonl'))).rejects.toThrow(/ENOENT/);
    db.close();
  });
});
