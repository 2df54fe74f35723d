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
import { useTeamServer } from '../test-support/team-server';

const startTeam = useTeamServer();
let model: FakeMessagesServer | undefined;
afterEach(async () => {
  await model?.stop();
  vi.unstubAllEnvs();
});

describe('writes over serve mode', () => {
  it("are made in the session's person's name, and one naming another annotator is refused", async () => {
    model = await FakeMessagesServer.start(testKey);
    model.replyWith(pipelineReply);
    // The worker is a child process: it takes the model's address from the environment it starts with.
    vi.stubEnv('ANTHROPIC_API_KEY', testKey);
    vi.stubEnv('ANTHROPIC_BASE_URL', model.url);
    vi.stubEnv('RWB_MODEL_MODE', 'live');
    const { dbPath, call, value, addPerson } = await startTeam();
    const rita = await addPerson('rita', 'researcher');
    const ann = await addPerson('ann', 'auditor');
    const rollout = { kind: 'rollout', id: 'r-0001' };
    const rubric = { kind: 'rubric', id: 'rb-0011' };
    const auditRule = (await value<ResponseOf<'labels.schemas'>>(ann, 'labels.schemas', {})).find((s) => s.name === 'run_audit')!.definition.value;
    const scopes = auditRule.kind === 'scopes' ? auditRule.scopes.map((s) => s.value) : [];
    const cleanAudit = Object.fromEntries(scopes.map((s) => [s, { status: 'clean', evidence: '', impact: '' }]));

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
