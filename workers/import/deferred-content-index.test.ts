import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../scripts/gen-corpus';
import { openCorpus, type Db } from '../db/open-corpus';
import { useTempDir } from '../test-support/temp-dir';
import { importFile } from './import-file';

const tempDir = useTempDir();

const indexSql = (db: Db) =>
  db.prepare<unknown[], string>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'program_versions_content'`).pluck().get() ?? null;

/** Imports `bundle`, noting at every progress report whether the content index was there. */
async function importWatchingIndex(db: Db, bundle: string): Promise<{ seen: boolean[] }> {
  const seen: boolean[] = [];
  await importFile(db, bundle, { onProgress: () => seen.push(indexSql(db) !== null) });
  return { seen };
}

describe('the program versions content index during an import', () => {
  it('is taken off once a large import has written as many versions as the corpus held, and built again before the commit', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    const defined = indexSql(db);
    expect(defined).toMatch(/ON program_versions\(content_hash\)/);
    const large = join(dir, 'large.jsonl');
    const generated = await generateCorpus({ rollouts: 250, stepsPerRollout: 100, rubrics: 0, out: large, seed: 3 });
    expect(generated.programs).toBeGreaterThan(10_000);

    const { seen } = await importWatchingIndex(db, large);
    expect(seen[0]).toBe(true);
    expect(seen).toContain(false);
    expect(indexSql(db)).toBe(defined);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT id FROM program_versions WHERE content_hash = ?`).all('x');
    expect(JSON.stringify(plan)).toMatch(/USING (COVERING )?INDEX program_versions_content/);
    const [hash, versions] = db
      .prepare<unknown[], [string, number]>('SELECT content_hash, count(*) FROM program_versions GROUP BY content_hash ORDER BY count(*) DESC LIMIT 1')
      .raw()
      .get()!;
    expect(db.prepare('SELECT count(*) FROM program_versions WHERE content_hash = ?').pluck().get(hash)).toBe(versions);

    // A corpus holding more program versions than the next file adds keeps the index throughout.
    const small = join(dir, 'small.jsonl');
    await generateCorpus({ rollouts: 30, stepsPerRollout: 100, rubrics: 0, out: small, seed: 4 });
    writeFileSync(small, readFileSync(small, 'utf8').replaceAll('"g-', '"other-').replaceAll('"gen-', '"other-gen-'));
    const again = await importWatchingIndex(db, small);
    expect(again.seen.length).toBeGreaterThan(0);
    expect(again.seen.every(Boolean)).toBe(true);
    db.close();
  });

  it('is back as defined after an import that fails once it was taken off', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    const defined = indexSql(db);
    const bundle = join(dir, 'broken.jsonl');
    await generateCorpus({ rollouts: 250, stepsPerRollout: 100, rubrics: 0, out: bundle, seed: 3 });
    appendFileSync(bundle, '{"type": "rollout"}\n');
    const seen: boolean[] = [];
    await expect(importFile(db, bundle, { onProgress: () => seen.push(indexSql(db) !== null) })).rejects.toThrow(/broken\.jsonl:\d+/);
    expect(seen).toContain(false);
    expect(indexSql(db)).toBe(defined);
    expect(db.prepare('SELECT count(*) FROM program_versions').pluck().get()).toBe(0);
    db.close();
  });
});
