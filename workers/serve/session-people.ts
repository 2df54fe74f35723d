/**
 * Who a serve-mode request is from: the person whose link's secret it presents. The printed
 * URL's secret (this process's, kept only in memory) signs in the corpus's owner, the first
 * admin, as the box's own person (`Session.local`); every other person has a link of their own, stored hashed in the corpus. The people
 * are read from the corpus on each request (a read-only connection of the server's own, a
 * few rows), so a link revoked by another process, `rwb people revoke` say, stops working at once.
 */
import { timingSafeEqual } from 'node:crypto';
import { themeChoices, type ThemeChoice } from '../../common/theme';
import { openCorpusReader, type Db } from '../db/open-corpus';
import { matchSecret } from '../people/link-secret';
import { activePeople } from '../people/people-store';
import type { Session } from './http-auth';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class SessionPeople {
  private readonly reader: Db;

  constructor(
    dbPath: string,
    private readonly owner: { secret: string; name: string },
  ) {
    this.reader = openCorpusReader(dbPath);
  }

  /** The session a secret signs in, or undefined for an unknown or revoked one. */
  resolve(secret: string): Session | undefined {
    const people = activePeople(this.reader);
    const local = sameSecret(secret, this.owner.secret);
    const name = local ? this.owner.name : matchSecret(secret, people)?.name;
    const person = people.find((p) => p.name === name);
    return person && { person: { name: person.name, role: person.role }, local };
  }

  /**
   * The theme a signed-in person chose, for their page's first paint (`system` until they choose,
   * as their settings say); undefined for the box's own person, whose theme is the corpus's.
   */
  themeOf(session: Session): ThemeChoice | undefined {
    if (session.local) return undefined;
    const stored = this.reader
      .prepare<[string], string>("SELECT value FROM person_settings WHERE person = ? AND key = 'theme'")
      .pluck()
      .get(session.person.name);
    return themeChoices.find((c) => stored !== undefined && c === JSON.parse(stored)) ?? 'system';
  }

  close(): void {
    this.reader.close();
  }
}
