/**
 * The sample's recorded judging: a mining run over the 1st collection and a judge run of the
 * library it built, replayed from a recorded ledger (fixtures/sample/judging-ledger.jsonl)
 * when the sample corpus is created, so precision and recall, verdicts on rubric cards and a
 * library's funnel show on first start with no key. The answers were recorded against the
 * deterministic fake model of workers/pipeline/testing (scripts/sample-corpus/record-judging.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Db } from '../db/open-corpus';
import { Core } from './core';

export const sampleLedgerPath = fileURLToPath(new URL('../../fixtures/sample/judging-ledger.jsonl', import.meta.url));

/** The mining run the sample records: the 1st collection's rollouts with failures. */
export const sampleMineRequest = { collection: 'first', name: 'Mined from the 1st collection (recorded)' } as const;

/**
 * The judge run's cases: every program version a failing step ran (execution truth says
 * what went wrong), then every rollout at the program it ran last (often the fixed one).
 */
export function sampleJudgeTargets(db: Db): { rollout: string; step?: number }[] {
  const failed = db
    .prepare<unknown[], { rollout: string; step: number }>(
      `SELECT s.rollout_id AS rollout, s.idx AS step FROM failure_events f JOIN steps s ON s.rollout_id = f.rollout_id AND s.idx = f.step_idx
              WHERE s.program_path IS NOT NULL ORDER BY s.rollout_id, s.idx`,
    )
    .all();
  const rollouts = db.prepare<unknown[], string>('SELECT id FROM rollouts ORDER BY id').pluck().all();
  return [...failed, ...rollouts.map((rollout) => ({ rollout }))];
}

/** One recorded `returned` ledger row, as the fixture stores it. */
export const recordedRow = z
  .object({
    requestHash: z.string().regex(/^[0-9a-f]{64}$/),
    purpose: z.string().min(1),
    model: z.string().min(1),
    httpStatus: z.number().int(),
    inputTokens: z.number().int().nullable(),
    outputTokens: z.number().int().nullable(),
    costUsd: z.number().nullable(),
    request: z.string(),
    response: z.string(),
    schemaValid: z.boolean(),
    createdAt: z.string(),
  })
  .strict();
export type RecordedRow = z.output<typeof recordedRow>;

/** Reads the fixture; a bad line names its number. */
export function readSampleLedger(path = sampleLedgerPath): RecordedRow[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line, i) => {
      const parsed = recordedRow.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
}

function insertLedger(db: Db, rows: RecordedRow[]): void {
  const insert = db.prepare(`INSERT INTO model_requests (request_hash, purpose, model, status, http_status, input_tokens, output_tokens, cost_usd,
      request, response, schema_valid, created_at, settled_at) VALUES (?, ?, ?, 'returned', ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const r of rows) {
      insert.run(
        r.requestHash,
        r.purpose,
        r.model,
        r.httpStatus,
        r.inputTokens,
        r.outputTokens,
        r.costUsd,
        r.request,
        r.response,
        r.schemaValid ? 1 : 0,
        r.createdAt,
        r.createdAt,
      );
    }
  })();
}

/** Runs the sample's mining and judging on `core`; the caller chooses whether the model answers live or from the ledger. */
export async function runSampleJudging(core: Core): Promise<{ mine: string; judge: string; library: string }> {
  const { run: mine } = await core.invoke('pipeline.mine', { ...sampleMineRequest, wait: true });
  const library = mine.library;
  if (mine.status !== 'done' || !library) throw new Error(`the sample's mining run ended ${mine.status}: ${mine.message ?? mine.error ?? ''}`);
  const targets = sampleJudgeTargets(core.db);
  const { run: judge } = await core.invoke('pipeline.judge', { library, targets, wait: true });
  if (judge.status !== 'done') throw new Error(`the sample's judge run ended ${judge.status}: ${judge.message ?? judge.error ?? ''}`);
  return { mine: mine.id, judge: judge.id, library };
}

/** Loads the recorded ledger into the corpus at `dbPath` and replays the sample's runs from it (no network). */
export async function seedSampleJudging(dbPath: string, nativeBinding?: string): Promise<void> {
  const core = new Core({ dbPath, shell: 'cli', nativeBinding, modelEnv: { RWB_MODEL_MODE: 'replay' } });
  try {
    insertLedger(core.db, readSampleLedger());
    await runSampleJudging(core);
  } finally {
    core.close();
  }
}
