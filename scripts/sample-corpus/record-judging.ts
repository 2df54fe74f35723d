/**
 * Records the sample's judging ledger (fixtures/sample/judging-ledger.jsonl): imports the
 * sample bundle into a scratch corpus, runs the sample's mining and judge runs against the
 * deterministic fake model on 127.0.0.1, and writes every answered request in ledger order.
 * The fake answers from the request alone, so the file is the same on every run.
 * Usage: `npx tsx scripts/sample-corpus/record-judging.ts [--out FILE]` (after write.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Core } from '../../workers/core/core';
import { sampleBundlePath } from '../../workers/core/sample-corpus';
import { type RecordedRow, runSampleJudging, sampleLedgerPath } from '../../workers/core/sample-judging';
import { FakeMessagesServer } from '../../workers/model/test-support/fake-messages-server';
import { openCorpus } from '../../workers/db/open-corpus';
import { importFile } from '../../workers/import/import-file';
import { pipelineReply } from '../../workers/pipeline/test-support/fake-pipeline-model';

/** A fixed, fake key: the fake server checks it, nothing stores it. */
const recordingKey = 'sk-ant-sample-recording';
/** Recorded rows carry one fixed time, so the file does not depend on when it was recorded. */
const recordedAt = '2026-01-01T00:00:00.000Z';

/** The fake server names each message at random; nothing reads the name, so it is made the request's. */
function stableMessageId(response: string, hash: string): string {
  return JSON.stringify({ ...(JSON.parse(response) as object), id: `msg_sample_${hash.slice(0, 16)}` });
}

/** Runs the recording in a scratch folder; returns the ledger rows as the fixture stores them. */
export async function recordSampleJudging(): Promise<RecordedRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rwb-sample-judging-'));
  const server = await FakeMessagesServer.start(recordingKey);
  server.replyWith(pipelineReply);
  const dbPath = join(dir, 'corpus.db');
  try {
    const db = openCorpus(dbPath);
    await importFile(db, sampleBundlePath);
    db.close();
    const core = new Core({ dbPath, shell: 'cli', modelEnv: { RWB_MODEL_MODE: 'live', ANTHROPIC_API_KEY: recordingKey } });
    try {
      process.env.ANTHROPIC_BASE_URL = server.url;
      await runSampleJudging(core);
      const sql = `SELECT request_hash AS requestHash, purpose, model, http_status AS httpStatus, input_tokens AS inputTokens,
                          output_tokens AS outputTokens, cost_usd AS costUsd, request, response, schema_valid AS schemaValid
                   FROM model_requests WHERE status = 'returned' ORDER BY id`;
      const rows = core.db.prepare<unknown[], Omit<RecordedRow, 'schemaValid' | 'createdAt'> & { schemaValid: number }>(sql).all();
      // Concurrent calls settle in any order; by hash the file is stable.
      return rows
        .map((r) => ({ ...r, response: stableMessageId(r.response, r.requestHash), schemaValid: r.schemaValid === 1, createdAt: recordedAt }))
        .sort((a, b) => a.requestHash.localeCompare(b.requestHash));
    } finally {
      core.close();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--out');
  const out = at >= 0 ? argv[at + 1] : sampleLedgerPath;
  if (!out) throw new Error('--out needs a file name');
  const rows = await recordSampleJudging();
  const text = `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
  writeFileSync(out, text);
  process.stderr.write(`wrote ${rows.length} ledger rows (${Buffer.byteLength(text)} bytes) to ${out}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
