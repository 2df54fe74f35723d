/**
 * A run over a pool of two SSH hosts (two real OpenSSH servers on 127.0.0.1 that this file
 * starts and stops) plus one whose key is wrong: the refusing host is reported and left out,
 * both others take attempts from the shared queue, and when one server is killed mid-run only
 * its running attempt is lost while the other host finishes the queue. Also the allowlisted
 * environment and hostile program paths over SSH. Skipped, saying why, only where sshd is
 * not installed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shQuote } from './shell-quote';
import { runCorpus, type TestCore } from './test-support/run-corpus';
import { jobEnd, outputSeen } from './test-support/run-helpers';
import { sshdMissing, startSshd, type LoopbackSshd } from './test-support/sshd';

const missing = sshdMissing();
if (missing) console.warn(`[ssh pool tests] skipped: ${missing}`);

describe.skipIf(missing !== null)('a run over a pool of SSH hosts', () => {
  let dir: string;
  let a: LoopbackSshd;
  let b: LoopbackSshd;
  let t: TestCore;
  const saved = { ...process.env };

  const save = (name: string, sshd: LoopbackSshd, knownHosts = sshd.knownHosts) =>
    t.core.invoke('hosts.save', {
      name,
      user: sshd.user,
      host: '127.0.0.1',
      port: sshd.port,
      identityFile: sshd.clientKey,
      knownHostsFile: knownHosts,
      workDir: join(dir, `remote-${name}`),
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-pool-'));
    [a, b] = await Promise.all([startSshd(join(dir, 'sshd-a')), startSshd(join(dir, 'sshd-b'))]);
    t = await runCorpus(dir);
    await save('box-a', a);
    await save('box-b', b);
    await save('box-bad', a, a.wrongKnownHosts);
  });
  afterAll(async () => {
    t?.core.close();
    await Promise.all([a?.stop(), b?.stop()]);
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports a host that refuses its key, uses both others, and survives one being killed mid-run', async () => {
    const release = join(dir, 'release');
    const c = await t.core.invoke('cases.create', {
      task: 'task-a',
      program: { path: 'p.sh', content: '' },
      command: `echo "waiting $RWB_ATTEMPT"; while [ ! -e ${shQuote(release)} ]; do sleep 0.05; done; echo '{"score": 1}' > score.json`,
      timeoutS: 120,
    });
    const exp = await t.core.invoke('experiments.create', { name: 'pool', arms: ['original'], repeats: 6, cases: [c.id] });
    const jobId = `pool-${exp.id}`;
    const bothRunning = outputSeen(t.core, 'waiting', 60_000, 2);
    const end = jobEnd(t.core, jobId, 180_000);
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'local', hosts: ['box-a', 'box-b', 'box-bad'], parallel: 1, jobId });
    expect(run.backend).toBe('pool:box-a,box-b,box-bad');
    expect(run.refusedHosts).toEqual([{ host: 'box-bad', message: expect.stringMatching(/host key/i) }]);
    await bothRunning;
    const running = (await t.core.invoke('experiments.get', { id: exp.id })).attempts.filter((r) => r.status === 'running');
    expect(running.map((r) => r.host).sort()).toEqual(['box-a', 'box-b']);
    const lost = new Promise<void>((resolve) => {
      const off = t.core.onEvent((e) => {
        if (e.type === 'attempt:status' && e.attempt.host === 'box-b' && e.attempt.status !== 'running' && e.attempt.endedAt !== null) {
          off();
          resolve();
        }
      });
    });
    await b.stop();
    // box-b's attempt is lost before anything is released, so box-a alone finishes the queue.
    await lost;
    writeFileSync(release, '');
    expect((await end).phase).toBe('done');
    const rows = (await t.core.invoke('experiments.get', { id: exp.id })).attempts;
    const onB = rows.filter((r) => r.host === 'box-b');
    expect(onB).toHaveLength(1);
    expect(['unknown', 'interrupted']).toContain(onB[0]!.status);
    expect(onB[0]!.error).toMatch(/box-b/);
    const onA = rows.filter((r) => r.host === 'box-a');
    expect(onA.map((r) => r.status)).toEqual(Array(5).fill('succeeded'));
    expect(onA.every((r) => r.backend === 'ssh:box-a' && r.slot === 'box-a#1')).toBe(true);
  }, 240_000);

  it('gives a remote program only the allowlisted environment, records the names, and runs hostile paths as files', async () => {
    Object.assign(process.env, { DATABASE_URL: 'postgres://u:PW-ssh-3301@db/x', GH_PAT: 'ghp_ssh_pool_7713', MY_PRIVATE_CREDS: 'ssh-private-creds-55' });
    const envCase = await t.core.invoke('cases.create', {
      task: 'task-a',
      program: { path: 'e.sh', content: '' },
      command: `env | sort; echo '{"score": 1}' > score.json`,
    });
    const program = `import json\nprint("ran as a file")\njson.dump({"score": 1}, open("score.json", "w"))\n`;
    const hostile = [];
    for (const path of ['-c', '--help', 'with space.py', `q'uo"te.py`, '$(touch pwned).py', 'new\nline.py']) {
      hostile.push(
        await t.core.invoke('cases.create', {
          task: 'task-b',
          program: { path, content: program },
          command: `python3 ${shQuote(path.startsWith('-') ? `./${path}` : path)}`,
        }),
      );
    }
    const exp = await t.core.invoke('experiments.create', {
      name: 'ssh env',
      arms: ['original'],
      repeats: 1,
      cases: [envCase.id, ...hostile.map((c) => c.id)],
    });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'ssh:box-a', parallel: 3, wait: true });
    expect(run.rows.map((r) => r.status)).toEqual(run.rows.map(() => 'succeeded'));
    const envRow = run.rows.find((r) => r.case === envCase.id)!;
    const log = (await t.core.invoke('attempts.log', { id: envRow.id })).text;
    for (const leaked of [
      'DATABASE_URL',
      'GH_PAT',
      'MY_PRIVATE_CREDS',
      'PW-ssh-3301',
      'ghp_ssh_pool_7713',
      'ssh-private-creds-55',
      'SSH_CONNECTION',
      'SSH_CLIENT',
    ])
      expect(log).not.toContain(leaked);
    expect(log).toContain('RWB_ATTEMPT=');
    expect(envRow.envNames).toEqual(expect.arrayContaining(['PATH', 'HOME', 'RWB_ATTEMPT']));
    expect(envRow.envNames).not.toContain('SSH_CONNECTION');
    for (const row of run.rows.filter((r) => r.case !== envCase.id)) {
      expect((await t.core.invoke('attempts.log', { id: row.id })).text).toContain('ran as a file');
    }
  }, 240_000);
});
