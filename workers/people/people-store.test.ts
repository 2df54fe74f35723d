import { afterEach, describe, expect, it } from 'vitest';
import { openCorpus, type Db } from '../db/open-corpus';
import { hashSecret, matchSecret } from './link-secret';
import { activePeople, addPerson, listPeople, ownerPerson, revokePerson, setRole } from './people-store';

const opened: Db[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function corpus(): Db {
  const db = openCorpus(':memory:');
  opened.push(db);
  return db;
}

describe('the people of a corpus', () => {
  it('keeps only the hash of a link, which signs in only its person, and a new link replaces the old', () => {
    const db = corpus();
    const first = addPerson(db, 'ann', 'auditor');
    const stored = db.prepare<[], { token_hash: string }>("SELECT token_hash FROM people WHERE name = 'ann'").get()!;
    expect(stored.token_hash).toBe(hashSecret(first.token));
    expect(JSON.stringify(db.prepare('SELECT * FROM people').all())).not.toContain(first.token);
    addPerson(db, 'bob', 'researcher');
    expect(matchSecret(first.token, activePeople(db))?.name).toBe('ann');
    expect(matchSecret(`${first.token}x`, activePeople(db))).toBeUndefined();

    const second = addPerson(db, 'ann', 'researcher');
    expect(matchSecret(first.token, activePeople(db))).toBeUndefined();
    expect(matchSecret(second.token, activePeople(db))).toMatchObject({ name: 'ann', role: 'researcher' });
  });

  it('revokes a link at once, keeps the person listed, and names an unknown one', () => {
    const db = corpus();
    const ann = addPerson(db, 'ann', 'auditor');
    expect(revokePerson(db, 'ann')).toEqual({ name: 'ann', role: 'auditor' });
    expect(matchSecret(ann.token, activePeople(db))).toBeUndefined();
    expect(listPeople(db)).toMatchObject([{ name: 'ann', hasLink: false }]);
    expect(() => revokePerson(db, 'zed')).toThrow('no person named "zed"');
  });

  it('changes a role and keeps the link, and never leaves the corpus without an admin', () => {
    const db = corpus();
    expect(ownerPerson(db, 'olga')).toEqual({ name: 'olga', role: 'admin' });
    const ann = addPerson(db, 'ann', 'auditor');
    expect(setRole(db, 'ann', 'researcher')).toEqual({ name: 'ann', role: 'researcher' });
    expect(matchSecret(ann.token, activePeople(db))).toMatchObject({ name: 'ann', role: 'researcher' });
    expect(() => setRole(db, 'olga', 'auditor')).toThrow('olga is the only admin: make another person an admin before you make them an auditor');
    expect(() => revokePerson(db, 'olga')).toThrow('olga is the only admin');
    setRole(db, 'ann', 'admin');
    expect(setRole(db, 'olga', 'auditor')).toEqual({ name: 'olga', role: 'auditor' });
    revokePerson(db, 'olga');
    expect(() => setRole(db, 'olga', 'admin')).toThrow('no person named "olga" signs in');
    expect(listPeople(db)).toMatchObject([
      { name: 'olga', revoked: true },
      { name: 'ann', revoked: false },
    ]);
  });

  it('makes the first admin once, in the fallback name, and keeps it on later starts', () => {
    const db = corpus();
    addPerson(db, 'ann', 'auditor');
    expect(ownerPerson(db, 'olga')).toEqual({ name: 'olga', role: 'admin' });
    expect(ownerPerson(db, 'someone-else')).toEqual({ name: 'olga', role: 'admin' });
    expect(listPeople(db).map((p) => p.name)).toEqual(['ann', 'olga']);
  });
});
