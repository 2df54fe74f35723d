import { describe, expect, it } from 'vitest';
import { openCorpus } from './open-corpus';
import { exactRows } from './wtf8-rows';

describe('exactRows', () => {
  it('reads a lone surrogate back from its row, leaves a real U+FFFD, other tables’ columns and rows without _rowid as read', () => {
    const db = openCorpus(':memory:');
    db.exec('CREATE TABLE t (name TEXT, other TEXT); CREATE TABLE u (label TEXT)');
    db.prepare('INSERT INTO t VALUES (?, ?)').run('cut \ud83d', 'a real \ufffd');
    db.prepare('INSERT INTO u VALUES (?)').run('x \ude00');
    const exact = exactRows(db);
    const row = db.prepare<[], Record<string, unknown>>('SELECT t.rowid AS _rowid, t.*, u.label FROM t, u').get()!;
    expect(row.name).toBe('cut \ufffd\ufffd\ufffd');
    expect(exact('t', row)).toEqual({ _rowid: 1, name: 'cut \ud83d', other: 'a real \ufffd', label: row.label });
    const { _rowid: _, ...withoutRowid } = row;
    expect(exact('t', withoutRowid)).toBe(withoutRowid);
    expect(db.prepare('SELECT count(*) FROM t WHERE name = ?').pluck().get('cut \ud83d')).toBe(1);
    db.close();
  });
});
