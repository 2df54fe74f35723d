/**
 * Every write made over serve mode is in the signed-in person's name (issue 28): a researcher's
 * taxonomy version, experiment and run, and an auditor's adjudication, each read back from the
 * corpus's own rows. A real server and worker on a copy of the sample corpus.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../common/contract';
import { startServer, type RunningServer } from '../serve/server';
import { stubRenderer, useSampleCorpus } from '../test-support/serve-fixture';
import { useTempDir } from '../test-support/temp-dir';

const tempDir = useTempDir();
const sampleCorpus = useSampleCorpus();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const ownerToken = 'owner-token-0123456789';

describe('writes over serve mode', () => {
  it("are stamped with the session's person: taxonomy versions, experiments, runs started and adjudications", async () => {
    const dir = tempDir();
    const dbPath = await sampleCorpus(dir);
    const server = await startServer({ dbPath, port: 0, seedSample: false, rendererDir: stubRenderer(dir), token: ownerToken });
    running.push(server);
    const call = async <T>(token: string, op: string, body: unknown): Promise<T> => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/${op}`, {
        method: 'POST',
        headers: { 'x-rwb-token': token },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } };
      if (!answer.ok) throw new Error(`${op}: ${answer.error?.message}`);
      return answer.value as T;
    };
    const token = async (name: string, role: string) => (await call<ResponseOf<'people.add'>>(ownerToken, 'people.add', { name, role })).token;
    const rita = await token('rita', 'researcher');
    const ann = await token('ann', 'auditor');

    const taxonomy = await call<ResponseOf<'taxonomy.get'>>(rita, 'taxonomy.get', {});
    await call(rita, 'taxonomy.save', { version: 'v-rita', categories: taxonomy.categories });
    const made = await call<ResponseOf<'cases.create'>>(rita, 'cases.create', {
      task: 'dsbench-bike-sharing',
      program: { path: 'main.py', content: 'print(1)\n' },
      command: 'true',
      dataDir: dir,
    });
    const experiment = await call<ResponseOf<'experiments.create'>>(rita, 'experiments.create', {
      name: 'by rita',
      arms: ['original'],
      repeats: 1,
      cases: [made.id],
    });
    await call(rita, 'runs.start', { experiment: experiment.id, backend: 'local', wait: true });
    await call(ann, 'labels.add', {
      annotator: 'ann',
      schema: 'quality_audit',
      target: { kind: 'rubric', id: 'rb-0011' },
      value: 'accept',
      adjudication: true,
    });

    const db = new Database(dbPath, { readonly: true });
    try {
      expect(db.prepare("SELECT created_by FROM taxonomies WHERE version = 'v-rita'").pluck().get()).toBe('rita');
      expect(db.prepare('SELECT created_by FROM experiments WHERE id = ?').pluck().get(experiment.id)).toBe('rita');
      const startedBy = db.prepare('SELECT DISTINCT started_by FROM attempts WHERE experiment_id = ?').pluck().all(experiment.id);
      expect(startedBy).toEqual(['rita']);
      const adjudicated = db.prepare("SELECT annotator FROM labels WHERE json_extract(extra, '$.adjudication') = 1 AND target_id = 'rb-0011'").pluck().all();
      expect(adjudicated).toEqual(['ann']);
    } finally {
      db.close();
    }
  });
});
