import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { z } from 'zod';
import { openCorpus, type Db } from '../../db/open-corpus';
import { useTempDir } from '../../test-support/temp-dir';
import { ModelClient, type ModelClientOptions } from '../model-client';
import type { StructuredRequest } from '../model-request';
import { FakeMessagesServer } from './fake-messages-server';

/** The key the tests use; it must never show up in the corpus or a log. */
export const testKey = 'sk-ant-test-4f1c9e-never-store-me';

/** The answer schema of the tests' judging tool. */
export const verdictSchema = z.strictObject({
  verdict: z.enum(['fires', 'does_not_fire']),
  rationale: z.string().min(1),
});
/** A judging tool's answer. */
export type Verdict = z.infer<typeof verdictSchema>;

/** A judging request; `n` makes its hash differ from the others'. */
export function judgeRequest(n: number, overrides: Partial<StructuredRequest<Verdict>> = {}): StructuredRequest<Verdict> {
  return {
    purpose: 'judge',
    model: 'claude-sonnet-5',
    system: 'You judge whether a rubric fires on a program, from the program and static facts only.',
    messages: [{ role: 'user', content: `Rubric 7, program ${n}: does it fire?` }],
    tool: { name: 'record_verdict', description: 'Record the verdict.', schema: verdictSchema },
    maxTokens: 512,
    ...overrides,
  };
}

/** A model_requests row as the tests read it. */
export interface LedgerRowForTest {
  id: number;
  request_hash: string;
  purpose: string;
  status: string;
  http_status: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  request: string;
  response: string | null;
  schema_valid: number | null;
  transport_retries: number;
  error: string | null;
}

/**
 * Per test: a fresh corpus file, a fake Messages API on 127.0.0.1, and clients pointed at
 * it with fast backoff; all closed after the test.
 */
export function useModelKit() {
  const tempDir = useTempDir();
  const state: { db?: Db; dbPath?: string; server?: FakeMessagesServer; clients: ModelClient[] } = { clients: [] };

  beforeEach(async () => {
    state.dbPath = join(tempDir(), 'corpus.db');
    state.db = openCorpus(state.dbPath);
    state.server = await FakeMessagesServer.start(testKey);
  });
  afterEach(async () => {
    for (const client of state.clients.splice(0)) client.dispose();
    await state.server?.stop();
    if (state.db?.open) state.db.close();
  });

  return {
    get db(): Db {
      return state.db as Db;
    },
    get dbPath(): string {
      return state.dbPath as string;
    },
    get server(): FakeMessagesServer {
      return state.server as FakeMessagesServer;
    },
    /** A live client on the fake server unless `options` say otherwise. */
    async client(options: Partial<ModelClientOptions> = {}): Promise<ModelClient> {
      const client = await ModelClient.open({
        db: state.db as Db,
        mode: 'live',
        apiKey: testKey,
        baseURL: (state.server as FakeMessagesServer).url,
        retry: { baseDelayMs: 10, maxDelayMs: 50 },
        ...options,
      });
      state.clients.push(client);
      return client;
    },
    rows(): LedgerRowForTest[] {
      return (state.db as Db).prepare<unknown[], LedgerRowForTest>('SELECT * FROM model_requests ORDER BY id').all();
    },
  };
}
