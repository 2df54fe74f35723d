/**
 * What serve-mode tests share: a copy of the sample corpus per test (the sample is imported
 * once per file) and a stand-in renderer build, so the server starts without `npm run build`.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { ensureSampleCorpus } from '../core/sample-corpus';

/** Call at the top of a test file: returns a function that copies the sample corpus into a folder (the path of the copy). */
export function useSampleCorpus(): (dir: string) => Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'rwb-sample-'));
  const template = join(folder, 'sample.db');
  let made: Promise<void> | undefined;
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return async (dir) => {
    made ??= ensureSampleCorpus(template);
    await made;
    const path = join(dir, 'corpus.db');
    copyFileSync(template, path);
    return path;
  };
}

/** A folder that passes for a renderer build: an index.html and one asset. */
export function stubRenderer(dir: string): string {
  const root = join(dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./assets/app.js"></script>');
  writeFileSync(join(root, 'assets', 'app.js'), 'export {};');
  return root;
}
