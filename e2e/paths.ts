import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..');
export const rwbBin = join(repoRoot, 'bin', 'rwb.js');
export const sampleBundle = join(repoRoot, 'fixtures', 'sample', 'sample-corpus.jsonl');
/** Names the sample corpus imported once per run (global-setup.ts); every test works on its own copy. */
export const templateCorpusEnv = 'RWB_E2E_TEMPLATE';

export function templateCorpus(): string {
  const path = process.env[templateCorpusEnv];
  if (!path) throw new Error(`${templateCorpusEnv} is not set: run the e2e tests through playwright.config.ts, whose global setup makes the template`);
  return path;
}
export const screenshotDir = join(repoRoot, 'e2e', 'screenshots');
