import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCorpus } from './open-corpus';
import { useTempDir } from '../test-support/temp-dir';
import { TextStore, sha256 } from './texts';

const tempDir = useTempDir();

describe('TextStore', () => {
  it('stores a text put with its hash as it stores one hashed here, and remembers the texts put without', () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    const rows = () => db.prepare('SELECT hash, bytes FROM texts ORDER BY hash').all();
    const store = new TextStore(db, { remember: true });
    const lone = 'half a pair \uD800 here';
    expect(store.put('same output\n')).toBe(sha256('same output\n'));
    expect(store.putHashed('hashed elsewhere', sha256('hashed elsewhere'))).toBe(sha256('hashed elsewhere'));
    expect(store.putHashed(lone, sha256(lone))).toBe(sha256(lone));
    expect(rows()).toEqual(
      [
        { hash: sha256('same output\n'), bytes: 12 },
        { hash: sha256('hashed elsewhere'), bytes: 16 },
        { hash: sha256(lone), bytes: Buffer.byteLength(lone) },
      ].sort((x, y) => x.hash.localeCompare(y.hash)),
    );
    for (const text of ['same output\n', 'hashed elsewhere', lone]) expect(store.get(sha256(text))).toBe(text);
    const tooLongToRemember = 'x'.repeat(16 * 1024 + 1);
    store.put(tooLongToRemember);

    // Remembered texts are not written again: removed behind the store's back, they stay removed.
    db.exec('DELETE FROM texts');
    expect(store.put('same output\n')).toBe(sha256('same output\n'));
    expect(rows()).toEqual([]);
    // A text put with its hash, or too long to remember, is written again.
    expect(store.putHashed('hashed elsewhere', sha256('hashed elsewhere'))).toBe(sha256('hashed elsewhere'));
    expect(store.put(tooLongToRemember)).toBe(sha256(tooLongToRemember));
    expect(rows()).toHaveLength(2);
    db.close();
  });
});
