/**
 * A team on one serve process (issue 28): each person signs in with their own link, every
 * write is theirs, a role below an operation's gets `forbidden`, blind mode is enforced in
 * the answers a person receives, and a revoked link stops at once, open sockets included.
 * A real server and worker on a copy of the sample corpus, read through its HTTP API.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import WebSocket from 'ws';
import type { ResponseOf } from '../../common/contract';
import { Core } from '../core/core';
import { useSampleCorpus, stubRenderer } from '../test-support/serve-fixture';
import { useTempDir } from '../test-support/temp-dir';
import { startServer, type RunningServer } from './server';

const tempDir = useTempDir();
const sampleCorpus = useSampleCorpus();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const ownerToken = 'owner-token-0123456789';

interface Answer {
  status: number;
  body: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}

async function start(publicUrl?: string): Promise<{ server: RunningServer; dbPath: string; as: (token: string) => Caller }> {
  const dir = tempDir();
  const dbPath = await sampleCorpus(dir);
  const server = await startServer({ dbPath, port: 0, seedSample: false, rendererDir: stubRenderer(dir), token: ownerToken, publicUrl });
  running.push(server);
  return { server, dbPath, as: (token) => caller(`http://127.0.0.1:${server.port}`, token) };
}

type Caller = (op: string, body: unknown) => Promise<Answer>;

function caller(base: string, token: string): Caller {
  return async (op, body) => {
    const response = await fetch(`${base}/api/${op}`, { method: 'POST', headers: { 'x-rwb-token': token }, body: JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? (JSON.parse(text) as Answer['body']) : { ok: false } };
  };
}

async function value<T>(answer: Promise<Answer>): Promise<T> {
  const { body } = await answer;
  if (!body.ok) throw new Error(`expected a value, got ${JSON.stringify(body.error)}`);
  return body.value as T;
}

/** Adds a person as the owner (an admin) and returns their link's secret. */
async function addPerson(owner: Caller, name: string, role = 'auditor'): Promise<string> {
  return (await value<ResponseOf<'people.add'>>(owner('people.add', { name, role }))).token;
}

const rubric = (id: string) => ({ kind: 'rubric', id });
const pool = { kind: 'library', library: 'whole-rollout-pool' };

describe('a team on one serve process', () => {
  it('labels as the signed-in person only, refuses what their role does not allow, and stamps what they make', async () => {
    const { as, dbPath, server } = await start();
    const owner = as(ownerToken);
    const rita = as(await addPerson(owner, 'rita', 'researcher'));

    const annToken = await addPerson(owner, 'ann');
    const page = await fetch(`http://127.0.0.1:${server.port}/?token=${annToken}`, { redirect: 'manual' });
    expect(page.headers.get('location')).toBe(`/s/${annToken}/`);
    const me = await value<ResponseOf<'settings.get'>>(as(annToken)('settings.get', {}));
    expect(me).toMatchObject({ annotator: 'ann', role: 'auditor', signedIn: true, blind: true });
    const ann = as(annToken);

    const asBob = await ann('labels.add', { annotator: 'bob', schema: 'quality_audit', target: rubric('rb-0011'), value: 'accept' });
    expect(asBob.status).toBe(403);
    expect(asBob.body.error).toMatchObject({ code: 'forbidden' });
    expect(asBob.body.error!.message).toContain('signed in as "ann"');
    const own = await value<ResponseOf<'labels.add'>>(
      ann('labels.add', { annotator: 'ann', schema: 'quality_audit', target: rubric('rb-0011'), value: 'accept' }),
    );
    expect(own.annotator).toBe('ann');
    expect((await ann('settings.set', { annotator: 'rita' })).body.error).toMatchObject({ code: 'forbidden' });

    for (const [op, body] of [
      ['import.files', { paths: ['x.jsonl'] }],
      ['labels.import', { paths: ['x.jsonl'] }],
      ['pipeline.mine', { library: 'x' }],
      ['people.add', { name: 'eve', role: 'admin' }],
      ['models.setKey', { key: 'sk-ant-0000000000' }],
    ] as const) {
      const refused = await ann(op, body);
      expect(refused.body.error?.code, op).toBe('forbidden');
      expect(refused.body.error?.message, op).toMatch(/needs the (researcher|admin) role; ann is an? auditor/);
    }
    const upload = await fetch(`http://127.0.0.1:${server.port}/upload?name=x.jsonl`, {
      method: 'POST',
      headers: { 'x-rwb-token': await addPerson(owner, 'uma') },
      body: '{}',
    });
    expect(upload.status).toBe(403);
    expect((await rita('people.revoke', { name: 'ann' })).body.error?.code).toBe('forbidden');

    const schemas = await value<ResponseOf<'labels.schemas'>>(rita('labels.schemas', {}));
    const audit = schemas.find((s) => s.name === 'quality_audit')!;
    const saved = await value<ResponseOf<'labels.schemaSave'>>(
      rita('labels.schemaSave', { name: 'quality_audit', definition: { ...audit.definition, overlapTarget: 3 } }),
    );
    const db = new Database(dbPath, { readonly: true });
    try {
      const row = db
        .prepare<[number], { created_by: string }>("SELECT created_by FROM label_schemas WHERE name = 'quality_audit' AND version = ?")
        .get(saved.version);
      expect(row?.created_by).toBe('rita');
      const stored = db.prepare<[], { annotator: string }>("SELECT annotator FROM labels WHERE target_id = 'rb-0011' AND schema_name = 'quality_audit'").all();
      expect(stored.map((r) => r.annotator)).toEqual(['ann']);
    } finally {
      db.close();
    }
  });

  it("never sends a blind auditor another person's label, a CWM verdict or the miner's category on an item they have not labelled", async () => {
    const { as, dbPath } = await start();
    const owner = as(ownerToken);
    const ann = as(await addPerson(owner, 'ann'));
    const bob = as(await addPerson(owner, 'bob'));
    await value(ann('labels.add', { annotator: 'ann', schema: 'quality_audit', target: rubric('rb-0011'), value: 'accept' }));
    await value(ann('labels.add', { annotator: 'ann', schema: 'category', target: rubric('rb-0012'), value: 'C03' }));

    // Bob asks for everything, blind mode off in the request: his own setting (blind) decides.
    const history = await value<ResponseOf<'labels.history'>>(bob('labels.history', {}));
    expect(history.labels.filter((l) => l.annotator === 'ann')).toEqual([]);
    const queue = await value<ResponseOf<'labels.queue'>>(bob('labels.queue', { schema: 'quality_audit', annotator: 'bob', targetSet: pool, blind: false }));
    expect(queue.blind).toBe(true);
    expect(queue.items.find((i) => i.target.id === 'rb-0011')!.others).toBeNull();
    const categories = await value<ResponseOf<'labels.queue'>>(bob('labels.queue', { schema: 'category', annotator: 'bob', targetSet: pool, blind: false }));
    expect(categories.items.every((i) => i.rubric?.category === null)).toBe(true);
    const evidence = await value<ResponseOf<'labels.evidence'>>(
      bob('labels.evidence', { schema: 'quality_audit', annotator: 'bob', target: rubric('rb-0011'), blind: false }),
    );
    expect(evidence.others).toBeNull();
    expect(evidence.verdicts).toBeNull();
    const judged = new Database(dbPath, { readonly: true });
    const rollout = judged.prepare<[], string>('SELECT p.rollout_id FROM verdicts v JOIN program_versions p ON p.id = v.program_id LIMIT 1').pluck().get()!;
    judged.close();
    await value(owner('settings.set', { blind: false }));
    expect((await value<unknown[]>(owner('verdicts.list', { rollout }))).length).toBeGreaterThan(0);
    expect(await value<unknown[]>(bob('verdicts.list', { rollout }))).toEqual([]);
    expect((await value<ResponseOf<'labels.export'>>(bob('labels.export', { schema: 'quality_audit' }))).records).toBe(0);
    expect((await bob('labels.queue', { schema: 'quality_audit', annotator: 'ann', targetSet: pool })).body.error?.code).toBe('forbidden');

    // Once bob has labelled rb-0011, ann's label on it reaches him, and still not the other.
    await value(bob('labels.add', { annotator: 'bob', schema: 'quality_audit', target: rubric('rb-0011'), value: 'accept' }));
    const after = await value<ResponseOf<'labels.history'>>(bob('labels.history', {}));
    expect(after.labels.filter((l) => l.annotator === 'ann').map((l) => l.target.id)).toEqual(['rb-0011']);

    // Blind mode is bob's own: turning it off leaves ann blind.
    await value(bob('settings.set', { blind: false }));
    expect((await value<ResponseOf<'labels.history'>>(bob('labels.history', {}))).labels.filter((l) => l.annotator === 'ann')).toHaveLength(2);
    expect((await value<ResponseOf<'settings.get'>>(ann('settings.get', {}))).blind).toBe(true);

    const team = await value<ResponseOf<'people.list'>>(ann('people.list', {}));
    const annRow = team.find((p) => p.name === 'ann')!;
    const audits = annRow.progress.find((p) => p.schema === 'quality_audit')!;
    expect(audits.done).toBe(1);
    // Both accepted: observed and chance agreement are both 1, so kappa is undefined, not 1.
    expect(audits.agreement).toContainEqual({ with: 'bob', items: 1, kappa: null });
  });

  it('stops a revoked link at once: its requests and its open event socket, whether revoked here or by another process', async () => {
    const { as, server, dbPath } = await start();
    const owner = as(ownerToken);
    const annToken = await addPerson(owner, 'ann');
    const bobToken = await addPerson(owner, 'bob');
    const socket = (token: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${server.port}/events?token=${token}`);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    const annSocket = await socket(annToken);
    const annClosed = closed(annSocket);
    await value(owner('people.revoke', { name: 'ann' }));
    expect(await annClosed).toBe(4403);
    expect((await as(annToken)('settings.get', {})).status).toBe(403);

    const bobSocket = await socket(bobToken);
    const bobClosed = closed(bobSocket);
    const cli = new Core({ dbPath, shell: 'cli' });
    try {
      await cli.invoke('people.revoke', { name: 'bob' });
    } finally {
      cli.close();
    }
    expect((await as(bobToken)('settings.get', {})).status).toBe(403);
    expect(await bobClosed).toBe(4403);
    expect((await owner('settings.get', {})).status).toBe(200);
  });

  it('lets in the public address a TLS proxy serves with --public-url, and only that one', async () => {
    const { server } = await start('https://rwb.example.org');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request({
          host: '127.0.0.1',
          port: server.port,
          path: '/api/settings.get',
          method: 'POST',
          headers: { 'x-rwb-token': ownerToken, ...headers },
        });
        req.on('response', (res) => (res.resume(), resolve(res.statusCode ?? 0)));
        req.on('error', reject);
        req.end('{}');
      });
    expect(await status({ host: 'rwb.example.org', origin: 'https://rwb.example.org' })).toBe(200);
    expect(await status({ host: 'rwb.example.org', origin: 'http://rwb.example.org' })).toBe(403);
    expect(await status({ host: 'evil.example.org' })).toBe(403);
    expect(server.publicLink).toBe(`https://rwb.example.org/?token=${ownerToken}`);
    const page = await fetch(`http://127.0.0.1:${server.port}/s/${ownerToken}/`);
    expect(page.headers.get('content-security-policy')).toContain('wss://rwb.example.org');
  });
});
