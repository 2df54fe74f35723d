/**
 * Settings kept in the corpus (Settings screen): who labels, blind mode, the theme and the
 * density. They live in the corpus, not in the browser, because serve mode's origin (its port)
 * changes every start and a browser's storage would forget them. A signed-in person (serve mode)
 * keeps blind mode, the theme and the density for themself and labels in their own name; the
 * desktop app's one person keeps them for the corpus. Nothing secret is ever stored here.
 */
import type { ParsedRequestOf } from '../../common/contract';
import { ApiError } from '../../common/errors';
import type { WorkbenchSettings } from '../../common/labels/labels';
import type { Person } from '../../common/people/people';
import type { Db } from '../db/open-corpus';
import { osUserName } from '../util/os-user-name';

type Stored = Pick<WorkbenchSettings, 'annotator' | 'blind' | 'theme' | 'density'>;
const defaults: Stored = { annotator: null, blind: true, theme: 'system', density: 'comfortable' };

function storedValues(rows: { key: string; value: string }[]): Partial<Stored> {
  return Object.fromEntries(rows.filter((r) => r.key in defaults).map((r) => [r.key, JSON.parse(r.value) as unknown]));
}

/** The settings of the window's person: a signed-in person's own, else the corpus's (the desktop's one person, an admin). */
export function getSettings(db: Db, person?: Person): WorkbenchSettings {
  if (!person) {
    const rows = db.prepare<unknown[], { key: string; value: string }>('SELECT key, value FROM user_settings').all();
    const stored = { ...defaults, ...storedValues(rows) };
    return { ...stored, role: 'admin', signedIn: false, suggestedAnnotator: stored.annotator === null ? osUserName() : null };
  }
  const rows = db.prepare<[string], { key: string; value: string }>('SELECT key, value FROM person_settings WHERE person = ?').all(person.name);
  return { ...defaults, ...storedValues(rows), annotator: person.name, role: person.role, signedIn: true, suggestedAnnotator: null };
}

/** Saves the settings given; the others keep their value. Returns them all. A signed-in person cannot take another name. */
export function setSettings(db: Db, req: ParsedRequestOf<'settings.set'>, person?: Person): WorkbenchSettings {
  if (person && req.annotator !== undefined && req.annotator !== person.name) {
    throw new ApiError('forbidden', `settings.set: you are signed in as "${person.name}" and label in that name; another name needs its own link`);
  }
  const now = new Date().toISOString();
  const write = person
    ? (key: string, value: string) =>
        db
          .prepare(
            `INSERT INTO person_settings (person, key, value, updated_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (person, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
          )
          .run(person.name, key, value, now)
    : (key: string, value: string) =>
        db
          .prepare(
            `INSERT INTO user_settings (key, value, updated_at) VALUES (?, ?, ?)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
          )
          .run(key, value, now);
  db.transaction(() => {
    for (const [key, value] of Object.entries(req)) if (value !== undefined && !(person && key === 'annotator')) write(key, JSON.stringify(value));
  })();
  return getSettings(db, person);
}
