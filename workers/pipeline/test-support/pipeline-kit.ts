/**
 * Per test: a copy of the sample corpus, a fake Messages API on 127.0.0.1 answering the
 * pipeline's requests (see fake-pipeline-model.ts) unless a test scripts otherwise, the
 * worker's environment pointed at it, and a Core over the corpus; all closed after the test.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { Core } from '../../core/core';
import { sampleBundlePath } from '../../core/sample-corpus';
import { FakeMessagesServer } from '../../model/test-support/fake-messages-server';
import { testKey } from '../../model/test-support/model-test-kit';
import { openCorpus } from '../../db/open-corpus';
import { importFile } from '../../import/import-file';
import { useTempDir } from '../../test-support/temp-dir';
import { pipelineReply } from './fake-pipeline-model';

/** Registers the per-test setup and teardown; returns accessors for the test's corpus, server and Cores. */
export function usePipelineKit() {
  const tempDir = useTempDir();
  const state: { dbPath?: string; server?: FakeMessagesServer; cores: Core[] } = { cores: [] };

  beforeEach(async () => {
    state.dbPath = join(tempDir(), 'corpus.db');
    const db = openCorpus(state.dbPath);
    await importFile(db, sampleBundlePath);
    db.close();
    state.server = await FakeMessagesServer.start(testKey);
    state.server.replyWith(pipelineReply);
    vi.stubEnv('ANTHROPIC_API_KEY', testKey);
    vi.stubEnv('ANTHROPIC_BASE_URL', state.server.url);
    vi.stubEnv('RWB_MODEL_MODE', 'live');
  });
  afterEach(async () => {
    for (const core of state.cores.splice(0)) core.close();
    await state.server?.stop();
    vi.unstubAllEnvs();
  });

  return {
    get dbPath(): string {
      return state.dbPath!;
    },
    get server(): FakeMessagesServer {
      return state.server!;
    },
    /** A Core over the test's corpus, as a worker (re)started on it would be. */
    core(): Core {
      const core = new Core({ dbPath: state.dbPath!, shell: 'cli' });
      state.cores.push(core);
      return core;
    },
    /** Closes a Core: the worker stops. */
    close(core: Core): void {
      state.cores.splice(state.cores.indexOf(core), 1);
      core.close();
    },
  };
}
