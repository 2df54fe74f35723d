/**
 * Every write named by issue 28 is made in the signed-in person's name, whatever the request
 * says: labels, adjudications, run audits, taxonomy versions, runs started and pipeline runs,
 * each read back from the corpus's own rows; a label, adjudication or run audit naming another
 * annotator is refused and writes nothing. A real server and worker on a copy of the sample
 * corpus, the model behind the local fake Messages API.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '../../common/contract';
import { FakeMessagesServer } from '../model/test-support/fake-messages-server';
import { testKey } from '../model/test-support/model-test-kit';
import { pipelineReply } from '../pipeline/test-support/fake-pipeline-model';
import { startServer, type RunningServer } from '../serve/server';
import { stubRenderer, useSampleCorpus } from '../test-support/serve-fixture';
import { useTempDir } from '../test-support/temp-dir';

const tempDir = useTempDir();
const sampleCorpus = useSampleCorpus();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
  vi.unstubAllEnvs();
});

const ownerToken = 'owner-token-0123456789';
const scopes = [
  'dataset',
  'starting_model',
  'hidden_assets',
  'protocol_exposure',
  'evaluator',
  'network',
  'contamination',
  'resources',
  'submission_timing',
  'receipts',
];
const cleanAudit = Object.fromEntries(scopes.map((s) => [s, { status: 'clean', evidence: '', impact: '' }]));

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

describe('writes over serve mode', () => {
  it("are made in the session's person's name, and one naming another annotator is refused", async () => {
    const model = await FakeMessagesServer.start(testKey);
    cleanups.push(() => model.stop());
    model.replyWith(pipelineReply);
    // The worker is a child process: it takes the model's address from the environment it starts with.
    vi.stubEnv('ANTHROPIC_API_KEY', testKey);
    vi.stubEnv('ANTHROPIC_BASE_URL', model.url);
    vi.stubEnv('RWB_MODEL_MODE', 'live');
    const dir = tempDir();
    const dbPath = await sampleCorpus(dir);
    const server: RunningServer = await startServer({ dbPath, port: 0, seedSample: false, rendererDir: stubRenderer(dir), token: ownerToken });
    cleanups.push(() => server.close());
    const call = async (token: string, op: string, body: unknown): Promise<Answer> => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/${op}`, {
        method: 'POST',
        headers: { 'x-rwb-token': token },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Answer;
    };
    const value = async <T>(token: string, op: string, body: unknown): Promise<T> => {
      const answer = await call(token, op, body);
      if (!answer.ok) throw new Error(`${op}: ${answer.error?.message}`);
      return answer.value as T;
    };
    const token = async (name: string, role: string) => (await value<ResponseOf<'people.add'>>(ownerToken, 'people.add', { name, role })).token;
    const rita = await token('rita', 'researcher');
    const ann = await token('ann', 'auditor');
    const rollout = { kind: 'rollout', id: 'r-0001' };
    const rubric = { kind: 'rubric', id: 'rb-0011' };

    // Another's name is refused for a label, an adjudication and a run audit alike.
    for (const body of [
      { annotator: 'rita', schema: 'quality_audit', target: rubric, value: 'accept' },
      { annotator: 'rita', schema: 'quality_audit', target: rubric, value: 'accept', adjudication: true },
      { annotator: 'rita', schema: 'run_audit', target: rollout, value: cleanAudit },
    ]) {
      const refused = await call(ann, 'labels.add', body);
      expect(refused.error?.code, JSON.stringify(body)).toBe('forbidden');
    }
    const label = await value<ResponseOf<'labels.add'>>(ann, 'labels.add', { annotator: 'ann', schema: 'quality_audit', target: rubric, value: 'accept' });
    const adjudication = await value<ResponseOf<'labels.add'>>(ann, 'labels.add', {
      annotator: 'ann',
      schema: 'quality_audit',
      target: rubric,
      value: 'accept',
      adjudication: true,
    });
    const audit = await value<ResponseOf<'labels.add'>>(ann, 'labels.add', { annotator: 'ann', schema: 'run_audit', target: rollout, value: cleanAudit });

    const taxonomy = await value<ResponseOf<'taxonomy.get'>>(rita, 'taxonomy.get', {});
    await value(rita, 'taxonomy.save', { version: 'v-rita', categories: taxonomy.categories });
    const made = await value<ResponseOf<'cases.create'>>(rita, 'cases.create', {
      task: 'dabench-17',
      program: { path: 'p.sh', content: 'exit 0' },
      command: 'bash p.sh',
    });
    const experiment = await value<ResponseOf<'experiments.create'>>(rita, 'experiments.create', {
      name: 'by rita',
      arms: ['original'],
      repeats: 1,
      cases: [made.id],
    });
    const started = await value<ResponseOf<'runs.start'>>(rita, 'runs.start', { experiment: experiment.id, backend: 'local' });
    await value(rita, 'runs.cancel', { jobId: started.jobId });
    const mined = await value<ResponseOf<'pipeline.mine'>>(rita, 'pipeline.mine', { rollouts: ['r-0001'], wait: true });

    const db = new Database(dbPath, { readonly: true });
    try {
      const annotatorOf = db.prepare<[number], string>('SELECT annotator FROM labels WHERE id = ?').pluck();
      expect([label, adjudication, audit].map((l) => annotatorOf.get(l.id))).toEqual(['ann', 'ann', 'ann']);
      expect(db.prepare("SELECT count(*) FROM labels WHERE annotator = 'rita'").pluck().get()).toBe(0);
      expect(adjudication.adjudication).toBe(true);
      expect(db.prepare("SELECT created_by FROM taxonomies WHERE version = 'v-rita'").pluck().get()).toBe('rita');
      expect(db.prepare('SELECT created_by FROM experiments WHERE id = ?').pluck().get(experiment.id)).toBe('rita');
      expect(db.prepare('SELECT DISTINCT started_by FROM attempts WHERE experiment_id = ?').pluck().all(experiment.id)).toEqual(['rita']);
      expect(db.prepare('SELECT created_by FROM pipeline_runs WHERE id = ?').pluck().get(mined.run.id)).toBe('rita');
    } finally {
      db.close();
    }
  });
});
