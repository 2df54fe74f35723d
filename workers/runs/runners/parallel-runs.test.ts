/**
 * Slots, order, Stop, the allowlisted environment and hostile names on the local backend,
 * with real processes. Concurrency is proven by state, never by time: the programs of a round
 * wait at a barrier (files in a folder) that only opens when the whole round runs at once,
 * so too few slots would leave them waiting until their cap.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shQuote } from './shell-quote';
import { runCorpus, type TestCore } from './test-support/run-corpus';
import { jobEnd, outputSeen, recordEvents } from './test-support/run-helpers';

/** A shell program that waits until `round size` attempts of its round have arrived at the barrier. */
function barrierCommand(barrier: string, roundSize: number): string {
  return [
    `b=${shQuote(barrier)}`,
    'touch "$b/$RWB_ATTEMPT"',
    `need=$(( (RWB_REPEAT / ${roundSize} + 1) * ${roundSize} ))`,
    'while [ "$(ls "$b" | wc -l)" -lt "$need" ]; do sleep 0.05; done',
    'echo "through with $(ls "$b" | wc -l)"',
    `echo '{"score": 1}' > score.json`,
  ].join('; ');
}

describe('local runs over slots', () => {
  let t: TestCore;
  let dir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-parallel-'));
    t = await runCorpus(dir);
  });
  afterAll(() => {
    t.core.close();
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    rmSync(dir, { recursive: true, force: true });
  });

  const sleepCase = async (command: string, extra: object = {}) =>
    t.core.invoke('cases.create', { task: 'task-a', program: { path: 'p.sh', content: '' }, command, timeoutS: 60, ...extra });

  it('runs 8 repeats on 4 slots as two full rounds, each attempt recording its slot', async () => {
    const barrier = join(dir, 'barrier-4');
    mkdirSync(barrier);
    const c = await sleepCase(barrierCommand(barrier, 4));
    const exp = await t.core.invoke('experiments.create', { name: 'four slots', arms: ['original'], repeats: 8, cases: [c.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: 4, wait: true });
    expect(run.rows.map((r) => r.status)).toEqual(Array(8).fill('succeeded'));
    const slots = run.rows.map((r) => r.slot);
    expect(new Set(slots.slice(0, 4))).toEqual(new Set(['local#1', 'local#2', 'local#3', 'local#4']));
    expect(run.rows.every((r) => r.host === 'local' && r.backend === 'local' && r.gpu === null)).toBe(true);
  });

  it('gives each slot of a GPU host its own GPU (one slot per GPU by default) and records it', async () => {
    const bin = join(dir, 'fake-bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'nvidia-smi'), '#!/bin/sh\necho "GPU 0: Fake GPU (UUID: GPU-aaaa)"\necho "GPU 1: Fake GPU (UUID: GPU-bbbb)"\n');
    chmodSync(join(bin, 'nvidia-smi'), 0o755);
    const barrier = join(dir, 'barrier-gpu');
    mkdirSync(barrier);
    const c = await sleepCase(`${barrierCommand(barrier, 2)}; echo "gpu=$CUDA_VISIBLE_DEVICES"`);
    const exp = await t.core.invoke('experiments.create', { name: 'gpus', arms: ['original'], repeats: 4, cases: [c.id] });
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', wait: true });
      expect(run.rows.map((r) => r.status)).toEqual(Array(4).fill('succeeded'));
      for (const row of run.rows) {
        const log = await t.core.invoke('attempts.log', { id: row.id });
        expect(log.text).toContain(`gpu=${row.gpu}\r\n`);
        expect(row.slot).toBe(`local#${Number(row.gpu) + 1}`);
      }
      expect(new Set(run.rows.map((r) => r.gpu))).toEqual(new Set(['0', '1']));
    } finally {
      process.env.PATH = path;
    }
  });

  it('passes parallel through the one-click rerun', async () => {
    const run = await t.core.invoke('runs.rerun', { rollout: 'r-fail', path: 'final.py', version: 1, backend: 'local', repeats: 2, parallel: 2, wait: true });
    expect(run.rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(run.rows.map((r) => r.slot).sort()).toEqual(['local#1', 'local#2']);
  });

  it('takes the local slot count from Settings when the run does not say', async () => {
    expect(await t.core.invoke('hosts.saveLocal', { slots: 3 })).toEqual({ slots: 3, envNames: [] });
    const barrier = join(dir, 'barrier-3');
    mkdirSync(barrier);
    const c = await sleepCase(barrierCommand(barrier, 3));
    const exp = await t.core.invoke('experiments.create', { name: 'three slots', arms: ['original'], repeats: 3, cases: [c.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', wait: true });
    expect(run.rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    await t.core.invoke('hosts.saveLocal', { slots: null });
  });

  it('dispatches by repeat, then case, then arm', async () => {
    const a = await sleepCase(`echo a; echo '{"score": 1}' > score.json`);
    const b = await sleepCase(`echo b; echo '{"score": 1}' > score.json`);
    const exp = await t.core.invoke('experiments.create', { name: 'order', arms: ['x', 'y'], repeats: 2, cases: [b.id, a.id] });
    const events = recordEvents(t.core);
    await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: 1, wait: true });
    const byId = new Map((await t.core.invoke('experiments.get', { id: exp.id })).attempts.map((r) => [r.id, r]));
    const started: number[] = [];
    for (const { event } of events)
      if (event.type === 'attempt:status' && event.attempt.status === 'running' && !started.includes(event.attempt.id)) started.push(event.attempt.id);
    const [first, second] = [a.id, b.id].sort();
    expect(started.map((id) => [byId.get(id)!.repeat, byId.get(id)!.case, byId.get(id)!.arm])).toEqual([
      [0, first, 'x'],
      [0, first, 'y'],
      [0, second, 'x'],
      [0, second, 'y'],
      [1, first, 'x'],
      [1, first, 'y'],
      [1, second, 'x'],
      [1, second, 'y'],
    ]);
  });

  it('starts nothing on a host with less free space than the disk reserve, saying why, and leaves every slot never started', async () => {
    const c = await sleepCase(`echo '{"score": 1}' > score.json`);
    const exp = await t.core.invoke('experiments.create', { name: 'full disk', arms: ['original'], repeats: 3, cases: [c.id] });
    const jobId = `reserve-${exp.id}`;
    const end = jobEnd(t.core, jobId, 60_000);
    await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: 2, diskReserveGb: 1_000_000, jobId });
    const last = await end;
    expect(last.phase).toBe('done');
    expect(last.message).toMatch(
      /^0 of 3 attempts over; 3 never started \(local takes no more attempts: [\d.]+ GB free on .+, below the run's 1000000 GB disk reserve\)$/,
    );
    expect(await t.core.invoke('experiments.get', { id: exp.id })).toMatchObject({ planned: 3, neverStarted: 3 });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: 2, continue: true, diskReserveGb: 0, wait: true });
    expect(run.rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('stops early: running attempts finish and are recorded, queued ones stay never started in the denominators, and Continue starts them', async () => {
    const release = join(dir, 'release');
    const c = await sleepCase(`echo waiting; while [ ! -e ${shQuote(release)} ]; do sleep 0.05; done; echo '{"score": 1}' > score.json`);
    const exp = await t.core.invoke('experiments.create', { name: 'stop', arms: ['original'], repeats: 6, cases: [c.id] });
    const jobId = `stop-${exp.id}`;
    const running = outputSeen(t.core, 'waiting', 60_000, 2);
    const end = jobEnd(t.core, jobId, 120_000);
    await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: 2, jobId });
    await running;
    expect(await t.core.invoke('runs.stop', { jobId })).toEqual({ stopping: true });
    writeFileSync(release, '');
    const last = await end;
    expect(last.phase).toBe('done');
    expect(last.message).toContain('4 never started');
    const detail = await t.core.invoke('experiments.get', { id: exp.id });
    expect(detail.attempts.map((r) => r.status).sort()).toEqual(['queued', 'queued', 'queued', 'queued', 'succeeded', 'succeeded']);
    expect(detail.attempts.filter((r) => r.status === 'queued').every((r) => r.dispatchedAt === null && r.slot === null)).toBe(true);
    expect(detail).toMatchObject({ planned: 6, neverStarted: 4 });
    const summary = (await t.core.invoke('experiments.list', {})).find((e) => e.id === exp.id)!;
    expect(summary).toMatchObject({ planned: 6, neverStarted: 4 });
    const more = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: 2, continue: true, wait: true });
    expect(more.rows.map((r) => r.status)).toEqual(Array(4).fill('succeeded'));
    expect(await t.core.invoke('experiments.get', { id: exp.id })).toMatchObject({ neverStarted: 0 });
  });

  it('gives a program only the allowlisted environment (plus the names its case adds) and scrubs secrets from its stored log', async () => {
    Object.assign(process.env, {
      DATABASE_URL: 'postgres://u:PW-db-7781@db.example/x',
      GH_PAT: 'ghp_runs_test_token_5521',
      MY_PRIVATE_CREDS: 'private-creds-0099',
      SENTRY_DSN: 'https://key-4411@sentry.example/1',
      MY_TOOL_DIR: '/opt/tool-dir',
    });
    await t.core.invoke('models.setKey', { key: 'sk-ant-api03-runs-test-key-000000' });
    const c = await sleepCase(`env | sort; echo "echoed ghp_runs_test_token_5521 sk-ant-api03-runs-test-key-000000"; echo '{"score": 1}' > score.json`, {
      env: ['MY_TOOL_DIR'],
    });
    const exp = await t.core.invoke('experiments.create', { name: 'env', arms: ['original'], repeats: 1, cases: [c.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', wait: true });
    const row = run.rows[0]!;
    expect(row.status).toBe('succeeded');
    const log = (await t.core.invoke('attempts.log', { id: row.id })).text;
    for (const leaked of [
      'DATABASE_URL',
      'GH_PAT',
      'MY_PRIVATE_CREDS',
      'SENTRY_DSN',
      'PW-db-7781',
      'private-creds-0099',
      'key-4411',
      'ghp_runs_test_token_5521',
      'sk-ant-api03-runs-test-key-000000',
    ]) {
      expect(log).not.toContain(leaked);
    }
    expect(log).toContain('echoed [secret removed] [secret removed]');
    // A name the case adds is passed on, and its value, whatever the name, is scrubbed.
    expect(log).toContain('MY_TOOL_DIR=[secret removed]');
    expect(row.envNames).toEqual(expect.arrayContaining(['PATH', 'HOME', 'MY_TOOL_DIR', 'RWB_ATTEMPT', 'RWB_REPEAT']));
    expect(row.envNames!.some((n) => ['DATABASE_URL', 'GH_PAT', 'MY_PRIVATE_CREDS', 'SENTRY_DSN'].includes(n))).toBe(false);
    await t.core.invoke('models.clearKey', {});
  });

  it('scrubs a value the case passes on under any name, split across two output chunks or base64-encoded, from the live stream and the stored log', async () => {
    const secret = 'hunter2-passphrase-8841';
    process.env.DB_PASSPHRASE = secret;
    const print = (cut: string) => `printf '%s' "$(printf '%s' "$DB_PASSPHRASE" | cut -c${cut})"`;
    const c = await sleepCase(
      [
        `printf 'split: '; ${print('1-10')}; sleep 0.5; ${print('11-')}; echo ' end'`,
        `printf '%s' "$DB_PASSPHRASE" | base64`,
        `printf 'xy%s' "$DB_PASSPHRASE" | base64`,
        `echo '{"score": 1}' > score.json`,
      ].join('; '),
      { env: ['DB_PASSPHRASE'] },
    );
    const events = recordEvents(t.core);
    const exp = await t.core.invoke('experiments.create', { name: 'passphrase', arms: ['original'], repeats: 1, cases: [c.id] });
    const row = (await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', wait: true })).rows[0]!;
    expect(row.status).toBe('succeeded');
    const chunks = events.flatMap(({ event }) => (event.type === 'attempt:output' && event.attemptId === row.id ? [event.data] : []));
    expect(chunks.length).toBeGreaterThan(1);
    const live = chunks.join('');
    const stored = (await t.core.invoke('attempts.log', { id: row.id })).text;
    const encoded = Buffer.from(secret).toString('base64').slice(0, 28);
    for (const text of [live, stored]) {
      expect(text).toContain('split: [secret removed] end');
      expect(text).not.toContain(secret.slice(0, 10));
      expect(text).not.toContain(encoded.slice(0, 20));
      expect(text).not.toContain(Buffer.from(`xy${secret}`).toString('base64').slice(4, 24));
    }
    expect(stored).toBe(live);
    expect(row.envNames).toContain('DB_PASSPHRASE');
    delete process.env.DB_PASSPHRASE;
  });

  it('runs programs whose paths look like options or shell syntax as files, with the default command', async () => {
    const names = ['-c', '--help', 'with space.py', `q'uo"te.py`, '$(touch pwned).py', 'new\nline.py', '-', '--'];
    const cases = [];
    for (const path of names) {
      const program = `import json\nprint("ran", repr(__file__))\njson.dump({"score": 1}, open("score.json", "w"))\n`;
      cases.push(await t.core.invoke('cases.create', { task: 'task-b', program: { path, content: program }, timeoutS: 60 }));
    }
    expect(cases[0]!.command).toBe('python ./-c');
    const exp = await t.core.invoke('experiments.create', { name: 'hostile names', arms: ['original'], repeats: 1, cases: cases.map((c) => c.id) });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: 4, wait: true });
    expect(run.rows.map((r) => [r.case, r.status])).toEqual(run.rows.map((r) => [r.case, 'succeeded']));
    for (const row of run.rows) {
      expect((await t.core.invoke('attempts.log', { id: row.id })).text).toContain('ran ');
      expect(row.score).toBe(1);
      expect(existsSync(join(row.workDir!, 'pwned'))).toBe(false);
      expect(readFileSync(join(row.workDir!, 'score.json'), 'utf8')).toContain('1');
    }
  });
});
