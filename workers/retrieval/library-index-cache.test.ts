import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCorpus } from '../db/open-corpus';
import { importFile } from '../import/import-file';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle } from '../test-support/write-bundle';
import { libraryIndex } from './library-index-cache';

const tempDir = useTempDir();

describe('libraryIndex', () => {
  it('builds a library index once and rebuilds it when the library is replaced', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'c.db'));
    await importFile(db, writeBundle(dir, 'mini.jsonl', miniBundle()));
    const first = libraryIndex(db, 'lib-1');
    expect(first.ids).toEqual(['rb-1']);
    expect(libraryIndex(db, 'lib-1')).toBe(first);

    // Frozen libraries change only by being deleted and imported again with other content.
    db.exec(`DELETE FROM library_rubrics WHERE library_id = 'lib-1'; DELETE FROM libraries WHERE id = 'lib-1';`);
    const rubric = { type: 'rubric', id: 'rb-2', title: 'Second', appliesWhen: 'w', pattern: 'p', family: 'error' };
    const library = { type: 'library', id: 'lib-1', name: 'Lib', method: 'hand-curated', builtAt: '2026-09-21', rubrics: ['rb-1', 'rb-2'] };
    expect((await importFile(db, writeBundle(dir, 'again.jsonl', [rubric, library]))).error).toBeNull();
    const second = libraryIndex(db, 'lib-1');
    expect(second).not.toBe(first);
    expect([...second.ids].sort()).toEqual(['rb-1', 'rb-2']);
    expect(second.available).toEqual({ C02: 1, uncategorised: 1 });

    expect(() => libraryIndex(db, 'nope')).toThrow('library "nope" is not in this corpus');
    db.close();
  });
});
