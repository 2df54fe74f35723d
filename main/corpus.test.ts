import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startupCorpus } from './corpus';

vi.mock('electron', () => import('./test-support/fake-electron'));

describe('the corpus chosen at startup', () => {
  it('is the sample corpus in the data folder, seeded on first run, without --db', () => {
    expect(startupCorpus([], '/data')).toEqual({ db: join('/data', 'sample.rwb.db'), seedSample: true });
  });

  it('is the --db file, resolved, in either spelling, never seeded', () => {
    expect(startupCorpus(['--db', 'runs/corpus.db'], '/data')).toEqual({ db: resolve('runs/corpus.db'), seedSample: false });
    expect(startupCorpus(['--db=/abs/c.db'], '/data')).toEqual({ db: '/abs/c.db', seedSample: false });
  });

  it("ignores Electron's and Chromium's own switches and the app path around it", () => {
    const argv = ['.', '--no-sandbox', '--enable-logging', '--db', '/abs/c.db', '--inspect=9229'];
    expect(startupCorpus(argv, '/data')).toEqual({ db: '/abs/c.db', seedSample: false });
    expect(startupCorpus(['.', '--no-sandbox'], '/data')).toEqual({ db: join('/data', 'sample.rwb.db'), seedSample: true });
  });
});
