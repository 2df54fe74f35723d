import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { buildIsStale } from './build-freshness.js';

const outputs = ['out/main/index.js', 'out/main/worker.js', 'out/main/cli.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function touch(root: string, path: string, seconds: number): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  utimesSync(file, seconds, seconds);
}

describe('whether the build is older than its sources', () => {
  const tempDir = useTempDir();

  it('is fresh when every output is newer than every source, and stale once a source or the sample corpus changes', () => {
    const root = tempDir();
    touch(root, 'workers/core/core.ts', 1000);
    touch(root, 'renderer/src/app.tsx', 1000);
    for (const out of outputs) touch(root, out, 2000);
    expect(buildIsStale(root)).toBe(false);
    touch(root, 'workers/import/new-importer.ts', 3000);
    expect(buildIsStale(root)).toBe(true);
    for (const out of outputs) touch(root, out, 4000);
    touch(root, 'fixtures/sample/sample-corpus.jsonl', 5000);
    expect(buildIsStale(root)).toBe(true);
  });

  it('is stale when any output is missing, and ignores node_modules', () => {
    const root = tempDir();
    touch(root, 'common/contract.ts', 1000);
    for (const out of outputs.slice(1)) touch(root, out, 2000);
    expect(buildIsStale(root)).toBe(true);
    touch(root, outputs[0]!, 2000);
    touch(root, 'workers/node_modules/some-package/index.js', 9000);
    expect(buildIsStale(root)).toBe(false);
  });
});
