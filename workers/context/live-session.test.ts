import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../model/ledger';
import { openCorpus } from '../db/open-corpus';
import { useTempDir } from '../test-support/temp-dir';
import { LiveSession, workerSession } from './live-session';

const tempDir = useTempDir();
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Another worker process: a real Node process that prints its session id and stays alive until killed. */
function otherProcess(): Promise<{ child: ChildProcess; session: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      '-e',
      `import(${JSON.stringify(join(import.meta.dirname, 'live-session.ts'))}).then((m) => { console.log(m.workerSession.id); setInterval(() => {}, 60_000); })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ child, session: out.trim() });
    });
    child.once('exit', (code) => reject(new Error(`the other process exited (${code}) before printing its session`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

describe('LiveSession', () => {
  it("judges this session's rows by the jobs it runs", () => {
    const session = new LiveSession();
    expect(session.isAlive(session.id)).toBe(true);
    expect(session.isAlive(session.id, 'runs-1')).toBe(false);
    session.jobs.add('runs-1');
    expect(session.isAlive(session.id, 'runs-1')).toBe(true);
    session.jobs.delete('runs-1');
    expect(session.isAlive(session.id, 'runs-1')).toBe(false);
    // Another session of this same process is one that ended.
    expect(session.isAlive(workerSession.id)).toBe(false);
    // Also when its random tag happens to be all digits (one id in 40 is).
    const [, , start] = workerSession.id.split(':');
    expect(session.isAlive(`${hostname()}:${process.pid}:${start}:12345678`)).toBe(false);
  });

  it('judges another process on this host alive while it runs, and not once it is gone or its pid was reused', async () => {
    const session = new LiveSession();
    const { child, session: other } = await otherProcess();
    const [host, pid, start, tag] = other.split(':');
    expect(host).toBe(hostname());
    expect(Number(pid)).toBe(child.pid);
    expect(session.isAlive(other)).toBe(true);
    expect(session.isAlive(other, 'a-job-it-may-run')).toBe(true);
    // The same pid started at another time is another program.
    expect(session.isAlive(`${host}:${pid}:${Number(start) + 1}:${tag}`)).toBe(false);
    // An owner written by an older version as host:pid.
    expect(session.isAlive(`${host}:${pid}`)).toBe(true);
    await exited(child);
    expect(session.isAlive(other)).toBe(false);
    expect(session.isAlive(`${host}:${pid}`)).toBe(false);
  });

  it('cannot judge another host, so takes it for alive; an owner in no known form is gone', () => {
    const session = new LiveSession();
    expect(session.isAlive('gpu-box-7:4242:123456:0badc0de')).toBe(true);
    expect(session.isAlive('0d8f2c7e-6a3b-4c0e-9f1e-2b7d8a9c1e3f')).toBe(false);
    expect(session.isAlive(null)).toBe(false);
    expect(session.isAlive('')).toBe(false);
  });

  it("the ledger's sweep keeps another live process's reserved request and marks a dead one's unresolved", async () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    const { child, session: cli } = await otherProcess();
    const dead = await otherProcess();
    await exited(dead.child);
    const insert = db.prepare(
      `INSERT INTO model_requests (request_hash, purpose, model, status, request, created_at, session) VALUES (?, 'judge', 'm', 'reserved', '{}', '2026-12-01', ?)`,
    );
    insert.run('h-cli', cli);
    insert.run('h-dead', dead.session);
    insert.run('h-mine', workerSession.id);
    expect(await new Ledger(db).sweepOrphans()).toBe(1);
    expect(db.prepare('SELECT request_hash, status FROM model_requests ORDER BY id').all()).toEqual([
      { request_hash: 'h-cli', status: 'reserved' },
      { request_hash: 'h-dead', status: 'unresolved' },
      { request_hash: 'h-mine', status: 'reserved' },
    ]);
    await exited(child);
    expect(await new Ledger(db).sweepOrphans()).toBe(1);
    db.close();
  });
});
