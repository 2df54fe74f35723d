/**
 * Every documented way in imports a bundle large enough for the reader thread (issue 26,
 * item 3) and gets the same counts: `npx rwb import` (bin/rwb.js, the sources through
 * tsx), the built CLI, serve mode's `import.files`, and the worker Electron main forks, run
 * as a child process with an IPC channel the way main runs it.
 */
import { execFile, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../common/contract';
import type { ImportResult } from '../../common/corpus/corpus-types';
import { encodeWorkerArgs, type WorkerMessage } from '../../common/worker-protocol';
import { generateCorpus, type GenSummary } from '../../scripts/gen-corpus';
import { buildIsStale } from '../worker-connection/build-freshness.js';
import { stubRenderer } from '../test-support/serve-fixture';
import { spawnServe } from '../test-support/spawn-serve';
import { useTempDir } from '../test-support/temp-dir';
import { workerEntry } from '../worker-connection/fork-transport';
import { readerThreadBytes } from './bundle-reader-worker';

const run = promisify(execFile);
const tempDir = useTempDir();
const sourceCli = fileURLToPath(new URL('../../bin/rwb.js', import.meta.url));
const builtCli = fileURLToPath(new URL('../../out/main/cli.js', import.meta.url));

let bundle = '';
let generated: GenSummary;
let folder = '';

// One bundle for the file: generated, not committed (8.8 MB).
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'rwb-entry-'));
  bundle = join(folder, 'big.jsonl');
  generated = await generateCorpus({ rollouts: 1400, stepsPerRollout: 8, rubrics: 0, out: bundle, seed: 3 });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What every entry point must report for the bundle. */
function expectImported(result: ImportResult): void {
  expect(statSync(bundle).size).toBeGreaterThan(readerThreadBytes);
  expect(result.files).toHaveLength(1);
  expect(result.files[0]).toMatchObject({ format: 'bundle', error: null, rollouts: generated.rollouts, steps: generated.steps, programs: generated.programs });
}

async function cli(entry: string): Promise<ImportResult> {
  const { stdout } = await run(process.execPath, [entry, 'import', bundle, '--db', join(tempDir(), 'corpus.db'), '--json'], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as ImportResult;
}

describe('a bundle over the reader thread size through every entry point', { timeout: 300_000 }, () => {
  it('npx rwb import: bin/rwb.js, the sources through tsx', async () => {
    expectImported(await cli(sourceCli));
  });

  // The build is what `npm test` makes before the unit tests; a stale one is not the code under test.
  it.skipIf(buildIsStale())('the built CLI, out/main/cli.js', async () => {
    expectImported(await cli(builtCli));
  });

  it("serve mode's import.files", async () => {
    const dir = tempDir();
    const serve = await spawnServe(['--db', join(dir, 'corpus.db'), '--renderer', stubRenderer(dir)], { ANTHROPIC_API_KEY: undefined });
    try {
      // Serve mode reads only what was uploaded to it, as the Import dialog does.
      const upload = await fetch(`${serve.origin}/upload?name=big.jsonl`, {
        method: 'POST',
        headers: { 'x-rwb-token': serve.token },
        body: readFileSync(bundle),
      });
      const uploaded = (await upload.json()) as Result<{ path: string }>;
      if (!uploaded.ok) throw new Error(uploaded.error.message);
      const response = await fetch(`${serve.origin}/api/import.files`, {
        method: 'POST',
        headers: { 'x-rwb-token': serve.token, 'content-type': 'application/json' },
        body: JSON.stringify({ paths: [uploaded.value.path] }),
      });
      const body = (await response.json()) as Result<ImportResult>;
      if (!body.ok) throw new Error(`${body.error.message}\n${serve.output()}`);
      expectImported(body.value);
    } finally {
      await serve.stop();
    }
  });

  it('the desktop worker, forked with the arguments Electron main gives it', async () => {
    const entry = workerEntry();
    const worker = fork(entry.path, encodeWorkerArgs({ db: join(tempDir(), 'corpus.db'), shell: 'electron', seedSample: false }), {
      execArgv: entry.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    try {
      const result = await new Promise<Result<unknown>>((resolve, reject) => {
        worker.on('message', (message: WorkerMessage) => {
          if (message.kind === 'ready') worker.send({ kind: 'request', id: 1, op: 'import.files', request: { paths: [bundle] } });
          else if (message.kind === 'fatal') reject(new Error(message.error.message));
          else if (message.kind === 'response' && message.id === 1) resolve(message.result);
        });
        worker.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
      });
      if (!result.ok) throw new Error(result.error.message);
      expectImported(result.value as ImportResult);
    } finally {
      worker.kill();
    }
  });
});
