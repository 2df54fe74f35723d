import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..');
export const rwbBin = join(repoRoot, 'bin', 'rwb.js');
export const sampleBundle = join(repoRoot, 'fixtures', 'sample', 'sample-corpus.jsonl');
/** The sample corpus imported once per run; every test works on its own copy. */
export const templateCorpus = join(repoRoot, 'test-results', 'e2e-template', 'sample.db');
export const screenshotDir = join(repoRoot, 'e2e', 'screenshots');
