import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBundlePath } from '../core/sample-corpus';
import { openCorpus, type Db } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { getTaxonomy, listLibraries, requireLibrary } from './library-queries';

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rwb-libraries-'));
  db = openCorpus(join(dir, 'sample.db'));
  await importFile(db, sampleBundlePath);
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('listLibraries', () => {
  it('lists every library by build date with size, parameters and category count', () => {
    const libraries = listLibraries(db);
    expect(libraries.map(({ id, method, builtAt, size, categories }) => ({ id, method, builtAt, size, categories }))).toEqual([
      { id: 'wrong-answer-1st', method: 'wrong-answer', builtAt: '2026-07-02', size: 10, categories: 4 },
      { id: 'whole-rollout-pool', method: 'whole-rollout', builtAt: '2026-09-08', size: 45, categories: 18 },
      { id: 'quota-24', method: 'quota', builtAt: '2026-09-20', size: 24, categories: 14 },
    ]);
    expect(libraries[2]!.params).toMatchObject({ targetSize: 24, matchedTo: 'pool' });
    expect(libraries[2]!.name).toBe('Quota 24');
  });

  it('names a library that is not there', () => {
    expect(() => requireLibrary(db, 'nope')).toThrow('library "nope" is not in this corpus');
  });
});

describe('getTaxonomy', () => {
  it('returns the newest taxonomy with its categories in order', () => {
    const taxonomy = getTaxonomy(db);
    expect(taxonomy.version).toBe('v1');
    expect(taxonomy.categories).toHaveLength(22);
    expect(taxonomy.categories[0]).toMatchObject({ code: 'C01', name: 'Missing package', family: 'crash' });
    expect(taxonomy.categories[0]!.guideline).toContain('ModuleNotFoundError');
    expect(taxonomy.categories.map((c) => c.code).slice(-4)).toEqual(['P01', 'P02', 'P03', 'P04']);
  });

  it('is empty for a corpus without a taxonomy', () => {
    const empty = openCorpus(':memory:');
    expect(getTaxonomy(empty)).toEqual({ version: null, categories: [] });
    empty.close();
  });
});
