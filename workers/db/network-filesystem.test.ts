import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../core/core';
import { useTempDir } from '../test-support/temp-dir';
import { rwbEntry } from '../test-support/rwb-entry';
import { networkFilesystemOf } from './network-filesystem';
import { openCorpus } from './open-corpus';

const tempDir = useTempDir();

/** A corpus with one committed write, closed so that everything is in the main file. */
function corpusWithRow(path: string): Buffer {
  const db = openCorpus(path);
  db.prepare(`CREATE TABLE IF NOT EXISTS probe (v TEXT)`).run();
  db.prepare(`INSERT INTO probe (v) VALUES ('kept')`).run();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return readFileSync(path);
}

describe('a corpus on a network filesystem', () => {
  it('is refused for writing, saying why and what to do, with the file untouched and nothing beside it', () => {
    const dir = tempDir();
    const path = join(dir, 'shared.db');
    const before = corpusWithRow(path);
    const asked: string[] = [];
    let error: unknown;
    try {
      openCorpus(path, { filesystemOf: (folder) => (asked.push(folder), 'NFS') }).close();
    } catch (err) {
      error = err;
    }
    expect(asked).toEqual([dir]);
    expect(error).toMatchObject({ code: 'corpus_refused', details: { cause: 'network_filesystem' } });
    expect((error as Error).message).toBe(
      `${path} is on a network filesystem (NFS), where SQLite's write-ahead log is unsafe: its locks and shared memory do not work across machines, so writes could corrupt the corpus. Copy it to a local disk to work on it, or open it read-only (rwb --read-only, rwb serve --read-only); the file was left untouched`,
    );
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(['shared.db']);
  });

  it('is refused before a new corpus is created there', () => {
    const dir = tempDir();
    expect(() => openCorpus(join(dir, 'new.db'), { filesystemOf: () => 'FUSE sshfs' })).toThrow(/new\.db is on a network filesystem \(FUSE sshfs\)/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('opens read-only, and the probe is not asked', () => {
    const path = join(tempDir(), 'shared.db');
    corpusWithRow(path);
    const db = openCorpus(path, { readonly: true, filesystemOf: () => expect.fail('a read-only open needs no probe') });
    try {
      expect(db.prepare('SELECT v FROM probe').pluck().get()).toBe('kept');
    } finally {
      db.close();
    }
  });

  it('finds this machine’s temporary folder local', () => {
    expect(networkFilesystemOf(tempDir())).toBeNull();
  });
});

describe('a corpus opened read-only', () => {
  it('answers reads and refuses every write with read_only, naming the operation and the file', async () => {
    const path = join(tempDir(), 'c.db');
    corpusWithRow(path);
    const before = readFileSync(path);
    const core = new Core({ dbPath: path, shell: 'cli', readonly: true });
    try {
      expect((await core.invoke('corpus.stats', {})).rollouts).toBe(0);
      await expect(core.invoke('settings.set', { annotator: 'ro' })).rejects.toMatchObject({
        code: 'read_only',
        message: `settings.set writes, and this corpus was opened read-only (${path})`,
      });
    } finally {
      core.close();
    }
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('is what `rwb --read-only` opens: a read answers, a write is refused with exit 1', () => {
    const dir = tempDir();
    const path = join(dir, 'c.db');
    corpusWithRow(path);
    const rwb = (...args: string[]) => spawnSync(process.execPath, [rwbEntry(), ...args, '--db', path, '--read-only'], { encoding: 'utf8' });
    const stats = rwb('stats', '--json');
    expect(stats.stderr).toBe('');
    expect(JSON.parse(stats.stdout)).toMatchObject({ rollouts: 0 });
    const write = rwb('import', join(dir, 'missing.jsonl'));
    expect(write.status).toBe(1);
    expect(write.stderr).toMatch(/^rwb: import\.files writes, and this corpus was opened read-only/);
  });
});
