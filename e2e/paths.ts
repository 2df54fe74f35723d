import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..');
/**
 * The built CLI (`npm run build`), as the app ships: the suite drives what users run, and a
 * bundle starts in a third of the CPU time of the sources through tsx, once per test.
 */
export const rwbBin = join(repoRoot, 'out', 'main', 'cli.js');
export const sampleBundle = join(repoRoot, 'fixtures', 'sample', 'sample-corpus.jsonl');
/** Names the sample corpus imported once per run (global-setup.ts); every test works on its own copy. */
export const templateCorpusEnv = 'RWB_E2E_TEMPLATE';

export function templateCorpus(): string {
  const path = process.env[templateCorpusEnv];
  if (!path) throw new Error(`${templateCorpusEnv} is not set: run the e2e tests through playwright.config.ts, whose global setup makes the template`);
  return path;
}
export const screenshotDir = join(repoRoot, 'e2e', 'screenshots');
