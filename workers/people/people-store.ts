/** The people of a corpus: adding one with a new link, revoking a link, and the links serve mode accepts. */
import { ApiError } from '../../common/errors';
import { aRole, type Person, type PersonAdded, type Role } from '../../common/people/people';
import type { Db } from '../db/open-corpus';
import { hashSecret, newSecret } from './link-secret';

interface PersonRow {
  name: string;
  role: Role;
  token_hash: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** A person who may sign in, with the hash of their link's secret (null for an owner who signs in through the printed URL only). */
export interface ActivePerson extends Person {
  tokenHash: string | null;
}

function findPerson(db: Db, name: string): PersonRow | undefined {
  return db.prepare<[string], PersonRow>('SELECT name, role, token_hash, created_at, revoked_at FROM people WHERE name = ?').get(name);
}

/** Adds a person, or gives one already there a new link and role: their old link stops working. */
export function addPerson(db: Db, name: string, role: Role): PersonAdded {
  const token = newSecret();
  db.prepare(
    `INSERT INTO people (name, role, token_hash, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET role = excluded.role, token_hash = excluded.token_hash, revoked_at = NULL`,
  ).run(name, role, hashSecret(token), new Date().toISOString());
  return { name, role, token };
}

function activePerson(db: Db, name: string): PersonRow {
  const person = findPerson(db, name);
  if (!person || person.revoked_at !== null) throw new ApiError('not_found', `no person named "${name}" signs in to this corpus`);
  return person;
}

/** Refuses a change that would leave the corpus with no admin to manage its people. */
function keepAnAdmin(db: Db, person: PersonRow, change: string): void {
  if (person.role !== 'admin') return;
  const admins = db.prepare<[], number>("SELECT count(*) FROM people WHERE role = 'admin' AND revoked_at IS NULL").pluck().get()!;
  if (admins <= 1)
    throw new ApiError('invalid_request', `${person.name} is the only admin: make another person an admin before you ${change}`, { field: 'name' });
}

/** Changes a person's role; their link stays, and their next request is judged by the new role. */
export function setRole(db: Db, name: string, role: Role): Person {
  const person = activePerson(db, name);
  if (role !== 'admin') keepAnAdmin(db, person, `make them ${aRole(role)}`);
  db.prepare('UPDATE people SET role = ? WHERE name = ?').run(role, name);
  return { name: person.name, role };
}

/** Revokes a person's link; their labels and everything they made stay in their name. */
export function revokePerson(db: Db, name: string): Person {
  const person = activePerson(db, name);
  keepAnAdmin(db, person, 'revoke them');
  db.prepare('UPDATE people SET token_hash = NULL, revoked_at = ? WHERE name = ?').run(new Date().toISOString(), name);
  return { name: person.name, role: person.role };
}

export function listPeople(db: Db): { name: string; role: Role; createdAt: string; hasLink: boolean; revoked: boolean }[] {
  return db
    .prepare<[], PersonRow>('SELECT name, role, token_hash, created_at, revoked_at FROM people ORDER BY created_at, rowid')
    .all()
    .map((r) => ({ name: r.name, role: r.role, createdAt: r.created_at, hasLink: r.token_hash !== null, revoked: r.revoked_at !== null }));
}

/** Everyone not revoked, with their link's hash; read by serve mode on each request, so a revocation counts at once. */
export function activePeople(db: Db): ActivePerson[] {
  return db.prepare<[], ActivePerson>('SELECT name, role, token_hash AS tokenHash FROM people WHERE revoked_at IS NULL').all();
}

/**
 * Who a serve process's printed URL signs in as: the first admin. A corpus with no admin yet
 * (a first start) gets one named as the fallback (the annotator setting, else the OS user),
 * so one person needs no set-up.
 */
export function ownerPerson(db: Db, fallbackName: string): Person {
  const admin = db.prepare<[], Person>("SELECT name, role FROM people WHERE role = 'admin' AND revoked_at IS NULL ORDER BY created_at, rowid LIMIT 1").get();
  if (admin) return admin;
  db.prepare(
    `INSERT INTO people (name, role, created_at) VALUES (?, 'admin', ?)
     ON CONFLICT (name) DO UPDATE SET role = 'admin', revoked_at = NULL`,
  ).run(fallbackName, new Date().toISOString());
  return { name: fallbackName, role: 'admin' };
}
