import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openCorpus } from '../db/open-corpus';
import { getSettings, setSettings } from '../labels/user-settings';
import { osUserName } from './os-user-name';

describe("the OS user's name offered to the desktop's one person", () => {
  it('is offered until someone names themselves, and never to a signed-in person', () => {
    const db = openCorpus(':memory:');
    try {
      const offered = osUserName();
      expect(offered === null || (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(offered) && userInfo().username.length >= offered.length)).toBe(true);
      expect(getSettings(db)).toMatchObject({ annotator: null, suggestedAnnotator: offered });
      setSettings(db, { annotator: 'cara' });
      expect(getSettings(db)).toMatchObject({ annotator: 'cara', suggestedAnnotator: null });
      expect(getSettings(db, { name: 'ann', role: 'auditor' })).toMatchObject({ annotator: 'ann', suggestedAnnotator: null });
    } finally {
      db.close();
    }
  });
});
