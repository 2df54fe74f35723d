import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../db/texts';
import { readBundleOnThread } from './bundle-reader-worker';

const sampleCorpus = join(__dirname, '../../fixtures/sample/sample-corpus.jsonl');

describe('the bundle reader thread', () => {
  it('hands over each step and program with the sha256 of the texts it stores', async () => {
    let steps = 0;
    let programs = 0;
    for await (const { record, textHashes } of readBundleOnThread(sampleCorpus, 'sample-corpus.jsonl')) {
      if (record.type === 'step') {
        steps += 1;
        expect(textHashes).toEqual([sha256(record.stdout), sha256(record.stderr)]);
      } else if (record.type === 'program') {
        programs += 1;
        expect(textHashes).toEqual([sha256(record.content)]);
      } else {
        expect(textHashes).toBeUndefined();
      }
    }
    expect(steps).toBeGreaterThan(10);
    expect(programs).toBeGreaterThan(0);
  });
});
