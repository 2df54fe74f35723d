/**
 * Settings kept in the corpus (Settings screen): who labels, blind mode and the theme. They live in the
 * corpus, not in the browser, because serve mode's origin (its port) changes every start and a
 * browser's storage would forget them. Nothing secret is ever stored here.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { WorkbenchSettings } from '../../common/labels/labels';
import type { Db } from '../db/open-corpus';

const defaults: WorkbenchSettings = { annotator: null, blind: true, theme: 'system' };

export function getSettings(db: Db): WorkbenchSettings {
  const rows = db.prepare<unknown[], { key: string; value: string }>('SELECT key, value FROM user_settings').all();
  const stored = Object.fromEntries(rows.filter((r) => r.key in defaults).map((r) => [r.key, JSON.parse(r.value) as unknown]));
  return { ...defaults, ...stored } as WorkbenchSettings;
}

/** Saves the settings given; the others keep their value. Returns them all. */
export function setSettings(db: Db, req: ParsedRequestOf<'settings.set'>): WorkbenchSettings {
  const save = db.prepare(`INSERT INTO user_settings (key, value, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`);
  const now = new Date().toISOString();
  db.transaction(() => {
    for (const [key, value] of Object.entries(req)) if (value !== undefined) save.run(key, JSON.stringify(value), now);
  })();
  return getSettings(db);
}
