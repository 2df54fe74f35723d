import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openCorpus } from '../db/open-corpus';
import { useTempDir } from '../test-support/temp-dir';
import { corpusStats } from './corpus-queries';
import { untilWrite } from './until-write';

const tempDir = useTempDir();

describe('untilWrite', () => {
  it('computes again after a write by this connection or a commit by another', () => {
    const path = join(tempDir(), 'c.db');
    const db = openCorpus(path);
    let computed = 0;
    const read = () => untilWrite(db, 'k', () => ++computed);
    expect([read(), read()]).toEqual([1, 1]);
    db.prepare(`INSERT INTO texts (hash, bytes, body) VALUES ('h1', 1, 'a')`).run();
    expect([read(), read()]).toEqual([2, 2]);
    const other = new Database(path);
    other.prepare(`INSERT INTO texts (hash, bytes, body) VALUES ('h2', 1, 'b')`).run();
    other.close();
    expect(read()).toBe(3);
    expect(corpusStats(db).rollouts).toBe(0);
    db.close();
  });
});
