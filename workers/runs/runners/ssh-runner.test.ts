/**
 * The ssh backend against a real OpenSSH server on 127.0.0.1 that this file starts (a random
 * port, a temporary host key, a temporary client key, a temporary known_hosts) and stops.
 * Skipped, saying why, only where sshd is not installed; CI installs it
 * (scripts/install-test-deps.sh).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processGoneSoon, runCorpus, type TestCore } from './test-support/run-corpus';
import { jobEnd, outputSeen, recordEvents } from './test-support/run-helpers';
import { sshdMissing, startSshd, type LoopbackSshd } from './test-support/sshd';

const missing = sshdMissing();
if (missing) console.warn(`[ssh runner tests] skipped: ${missing}`);

/** Finds `name` in the remote attempt folder of attempt `id` under the host's work folder. */
function remoteFile(workDir: string, id: number, name: string): string {
  for (const run of readdirSync(workDir)) {
    const path = join(workDir, run, `a${id}`, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`no ${name} for attempt ${id} under ${workDir}`);
}

describe.skipIf(missing !== null)('ssh backend against a loopback OpenSSH server', () => {
  let dir: string;
  let sshd: LoopbackSshd;
  let t: TestCore;
  let workDir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-ssh-test-'));
    sshd = await startSshd(join(dir, 'sshd'));
    t = await runCorpus(dir);
    workDir = join(dir, 'remote');
    await t.core.invoke('hosts.save', {
      name: 'loopback',
      user: sshd.user,
      host: '127.0.0.1',
      port: sshd.port,
      identityFile: sshd.clientKey,
      knownHostsFile: sshd.knownHosts,
      workDir,
      gpuLabel: 'none (loopback)',
    });
  });
  afterAll(async () => {
    t?.core.close();
    await sshd?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reruns a failed step's program over SSH with one call: live output, the score file copied back", async () => {
    const events = recordEvents(t.core);
    const run = await t.core.invoke('runs.rerun', { rollout: 'r-fail', path: 'final.py', version: 1, backend: 'ssh:loopback', repeats: 1, wait: true });
    const row = run.rows[0]!;
    expect(row).toMatchObject({ status: 'succeeded', exitCode: 0, score: 0.5, valid: true, host: 'loopback', backend: 'ssh:loopback', error: null });
    expect(row.wallS!).toBeGreaterThan(0.3);
    expect(JSON.parse(readFileSync(join(row.workDir!, 'score.json'), 'utf8'))).toEqual({ score: 0.5, metrics: { acc: 0.5 } });
    expect(readFileSync(join(row.workDir!, 'final.py'), 'utf8')).toContain('epoch 1');
    const log = await t.core.invoke('attempts.log', { id: row.id });
    expect(log.text).toContain('epoch 1\r\n');
    expect(log.text).toContain('val score: 0.500');
    const firstOutput = events.find((e) => e.event.type === 'attempt:output' && e.event.data.includes('epoch 1'))!;
    const end = events.find((e) => e.event.type === 'attempt:status' && e.event.attempt.status === 'succeeded')!;
    expect(end.at - firstOutput.at).toBeGreaterThan(250);
    // Where it ran: probed on the remote side with the attempt's environment, copied back with the artifacts.
    expect(existsSync(remoteFile(workDir, row.id, '.rwb/environment/python'))).toBe(true);
    const env = (await t.core.invoke('attempts.diagnosis', { id: row.id })).environment!;
    expect(env).toMatchObject({ host: hostname(), imports: { json: null, os: null, sys: null, time: null }, gpus: [], problems: [] });
    expect(env.python!.version).toMatch(/^3\.\d+\.\d+/);
    expect(env.freezeDigest).toMatch(/^[0-9a-f]{16}$/);
  });

  it("asks the remote work folder's free space before each attempt: below the disk reserve, nothing starts and the run says why", async () => {
    const jobId = 'ssh-reserve';
    const end = jobEnd(t.core, jobId, 60_000);
    await t.core.invoke('runs.rerun', {
      rollout: 'r-fail',
      path: 'final.py',
      version: 1,
      backend: 'ssh:loopback',
      repeats: 2,
      diskReserveGb: 1_000_000,
      jobId,
    });
    const last = await end;
    expect(last.message).toMatch(
      new RegExp(
        `^0 of 2 attempts over; 2 never started \\(loopback takes no more attempts: [\\d.]+ GB free on loopback:${workDir}, below the run's 1000000 GB disk reserve\\)$`,
      ),
    );
  });

  it('copies a data folder once per run, and a large program in a session of its own', async () => {
    const data = join(dir, 'data');
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'train.csv'), 'x,y\n1,2\n3,4\n');
    // Incompressible, and over the size that travels inside the run command.
    const padding = `# ${randomBytes(120_000).toString('base64')}\n`;
    const program = `${padding}import json\nrows = open("train.csv").read().splitlines()\nprint("rows", len(rows))\njson.dump({"score": len(rows)}, open("score.json", "w"))\n`;
    const c = await t.core.invoke('cases.create', { task: 'task-b', program: { path: 'big.py', content: program }, command: 'python3 big.py', dataDir: data });
    const exp = await t.core.invoke('experiments.create', { name: 'ssh data', arms: ['original'], repeats: 2, cases: [c.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'ssh:loopback', wait: true });
    expect(run.rows.map((r) => [r.status, r.score])).toEqual([
      ['succeeded', 3],
      ['succeeded', 3],
    ]);
    // Data never comes back with the artifacts: it is linked remotely, not copied per attempt.
    expect(existsSync(join(run.rows[0]!.workDir!, 'train.csv'))).toBe(false);
    expect(readFileSync(join(run.rows[0]!.workDir!, 'big.py'), 'utf8')).toBe(program);
  });

  it('stops a program at its time cap on the remote side', async () => {
    const c = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'nap.sh', content: 'sleep 60 & echo $! > child.pid\nsleep 60\n' },
      command: 'bash nap.sh',
      timeoutS: 1,
    });
    const exp = await t.core.invoke('experiments.create', { name: 'ssh cap', arms: ['original'], repeats: 1, cases: [c.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'ssh:loopback', wait: true });
    const row = run.rows[0]!;
    expect(row).toMatchObject({ status: 'timeout', exitCode: 124, valid: false });
    expect(row.wallS!).toBeGreaterThanOrEqual(0.95);
    expect(row.wallS!).toBeLessThan(2.5);
    expect(await processGoneSoon(Number(readFileSync(join(row.workDir!, 'child.pid'), 'utf8')))).toBe(true);
  });

  it('refuses a changed host key with a clear message and starts nothing', async () => {
    await t.core.invoke('hosts.save', {
      name: 'changed',
      user: sshd.user,
      host: '127.0.0.1',
      port: sshd.port,
      identityFile: sshd.clientKey,
      knownHostsFile: sshd.wrongKnownHosts,
      workDir,
    });
    const c = await t.core.invoke('cases.create', { task: 'task-b', program: { path: 'x.sh', content: 'touch ran\n' }, command: 'bash x.sh' });
    const exp = await t.core.invoke('experiments.create', { name: 'changed key', arms: ['original'], repeats: 2, cases: [c.id] });
    const refused = t.core.invoke('runs.start', { experiment: exp.id, backend: 'ssh:changed' });
    await expect(refused).rejects.toMatchObject({ code: 'unavailable', details: { reason: 'host_key_changed' } });
    await expect(refused).rejects.toThrow(/host key has CHANGED since it was recorded in .*known_hosts_changed.*man-in-the-middle.*nothing was run/);
    // Nothing started: both slots are still never-started, so a run after fixing known_hosts can start them.
    const grid = (await t.core.invoke('experiments.get', { id: exp.id })).attempts;
    expect(grid.map((a) => [a.status, a.dispatchedAt])).toEqual([
      ['queued', null],
      ['queued', null],
    ]);

    const unknownHosts = join(dir, 'empty_known_hosts');
    writeFileSync(unknownHosts, '');
    await t.core.invoke('hosts.save', {
      name: 'unknown',
      user: sshd.user,
      host: '127.0.0.1',
      port: sshd.port,
      identityFile: sshd.clientKey,
      knownHostsFile: unknownHosts,
      workDir,
    });
    await expect(t.core.invoke('runs.start', { experiment: exp.id, backend: 'ssh:unknown' })).rejects.toThrow(
      /host key is not in .*empty_known_hosts, and unknown keys are never accepted/,
    );
    // The unknown key was not silently added.
    expect(readFileSync(unknownHosts, 'utf8')).toBe('');
  });

  it('cancels a remote run: the attempt is interrupted and no remote process is left', async () => {
    const program = 'echo $$ > main.pid\nsleep 60 &\necho $! > child.pid\necho started\nsleep 60\n';
    const c = await t.core.invoke('cases.create', { task: 'task-b', program: { path: 'long.sh', content: program }, command: 'bash long.sh' });
    const exp = await t.core.invoke('experiments.create', { name: 'ssh cancel', arms: ['original'], repeats: 2, cases: [c.id] });
    const seen = outputSeen(t.core, 'started');
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'ssh:loopback' });
    const ended = jobEnd(t.core, run.jobId);
    const attemptId = await seen;
    await t.core.invoke('runs.cancel', { jobId: run.jobId });
    expect((await ended).phase).toBe('cancelled');
    const grid = (await t.core.invoke('experiments.get', { id: exp.id })).attempts;
    expect(grid.map((a) => [a.status, a.error])).toEqual([
      ['interrupted', 'cancelled'],
      ['queued', null],
    ]);
    for (const name of ['main.pid', 'child.pid']) {
      expect(await processGoneSoon(Number(readFileSync(remoteFile(workDir, attemptId, name), 'utf8')))).toBe(true);
    }
  });

  it('records a dropped connection as interrupted, after stopping the remote program', async () => {
    const program = 'echo $$ > main.pid\necho started\nsleep 60\n';
    const c = await t.core.invoke('cases.create', { task: 'task-b', program: { path: 'drop.sh', content: program }, command: 'bash drop.sh' });
    const exp = await t.core.invoke('experiments.create', { name: 'ssh drop', arms: ['original'], repeats: 1, cases: [c.id] });
    const seen = outputSeen(t.core, 'started');
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'ssh:loopback' });
    const ended = jobEnd(t.core, run.jobId);
    const attemptId = await seen;
    expect(sshd.dropConnections()).toBeGreaterThan(0);
    expect((await ended).phase).toBe('done');
    const row = (await t.core.invoke('experiments.get', { id: exp.id })).attempts[0]!;
    expect(row.status).toBe('interrupted');
    expect(row.error).toMatch(/SSH connection to loopback was lost .*the remote program was stopped/);
    expect(await processGoneSoon(Number(readFileSync(remoteFile(workDir, attemptId, 'main.pid'), 'utf8')))).toBe(true);
  });

  it('never executes hostile program paths or commands on the remote side', async () => {
    const home = join(dir, 'canary-home');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'canary'), 'alive');
    const hostilePath = `; rm -rf ${home} $(touch pwned-path) \`touch pwned-tick\` 'q' "d"\nx.py`;
    const c = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: hostilePath, content: 'import json\njson.dump({"score": 3}, open("score.json", "w"))\n' },
      command: `python3 '${hostilePath.replaceAll("'", `'\\''`)}'`,
    });
    const quoted = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'q.sh', content: '' },
      command: `printf '%s\\n' "it's \\"quoted\\"" '$(touch pwned-cmd)' "a'b"; echo '{"score": 4}' > score.json`,
    });
    const exp = await t.core.invoke('experiments.create', { name: 'ssh hostile', arms: ['original'], repeats: 1, cases: [c.id, quoted.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'ssh:loopback', wait: true });
    const byCase = new Map(run.rows.map((r) => [r.case, r]));
    expect(byCase.get(c.id)).toMatchObject({ status: 'succeeded', score: 3 });
    expect(byCase.get(quoted.id)).toMatchObject({ status: 'succeeded', score: 4 });
    expect((await t.core.invoke('attempts.log', { id: byCase.get(quoted.id)!.id })).text).toContain(`it's "quoted"\r\n$(touch pwned-cmd)\r\na'b\r\n`);
    expect(readFileSync(join(home, 'canary'), 'utf8')).toBe('alive');
    const places = [dir, workDir, process.cwd(), ...run.rows.map((r) => r.workDir!), ...readdirSync(workDir).map((d) => join(workDir, d))];
    for (const where of places) for (const name of ['pwned-path', 'pwned-tick', 'pwned-cmd']) expect(existsSync(join(where, name))).toBe(false);
  });
});
