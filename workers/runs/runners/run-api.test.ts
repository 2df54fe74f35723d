/**
 * The re-execution operations' contract: strict host validation (hostile fields refused
 * before anything is stored or run), case and experiment checks, and attempts left running
 * by a worker that died.
 */
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../../common/contract';
import { updateAttempt } from '../run-attempts';
import { useTempDir } from '../../test-support/temp-dir';
import { runCorpus } from './test-support/run-corpus';

const tempDir = useTempDir();
const goodHost = {
  name: 'gpu-box-2',
  user: 'ana',
  host: 'gpu2.lab.example.org',
  port: 22,
  identityFile: '/home/ana/.ssh/id_ed25519',
  workDir: '~/rwb',
  gpuLabel: '4x A100 80GB',
};

describe('hosts.save validation', () => {
  it('accepts a plain host and applies defaults', () => {
    expect(parseRequest('hosts.save', { name: 'box', user: 'ana', host: '10.0.0.7' })).toEqual({
      name: 'box',
      user: 'ana',
      host: '10.0.0.7',
      port: 22,
      identityFile: null,
      knownHostsFile: null,
      workDir: '~/rwb-runs',
      gpuLabel: '',
      slots: null,
      envNames: [],
    });
    expect(() => parseRequest('hosts.save', goodHost)).not.toThrow();
    expect(() => parseRequest('hosts.save', { ...goodHost, host: 'fe80::1' })).not.toThrow();
  });

  it.each([
    ['host', '127.0.0.1; touch x'],
    ['host', '$(touch x)'],
    ['host', '-oProxyCommand=touch x'],
    ['host', 'a host'],
    ['host', 'box\nother'],
    ['user', '-oProxyCommand=sh'],
    ['user', 'ana;id'],
    ['user', "o'neil"],
    ['user', 'ana bob'],
    ['port', 0],
    ['port', 65536],
    ['port', 22.5],
    ['name', '../../etc'],
    ['name', 'box;rm'],
    ['identityFile', 'relative/key'],
    ['identityFile', '/home/ana/key\nProxyCommand x'],
    ['identityFile', '/home/%u/key'],
    ['knownHostsFile', '/tmp/a b'],
    ['knownHostsFile', '/tmp/"x"'],
    ['workDir', '~/x; rm -rf ~'],
    ['workDir', '~/$(touch x)'],
    ['workDir', '/scratch/../etc'],
    ['workDir', 'relative'],
    ['gpuLabel', 'A100\u001b[31m'],
  ])('refuses %s = %j', (field, value) => {
    expect(() => parseRequest('hosts.save', { ...goodHost, [field]: value })).toThrow(new RegExp(`^hosts.save: ${field}: `));
  });

  it('refuses hostile backends and program paths', () => {
    for (const backend of ['ssh:', 'ssh:a b', 'ssh:$(x)', 'ssh:../h', 'kubernetes', 'local; rm']) {
      expect(() => parseRequest('runs.start', { experiment: 'e', backend })).toThrow(/backend is "local", "slurm" or "ssh:<saved host name>"/);
    }
    for (const [path, why] of [
      ['../escape.py', 'climbs out'],
      ['/etc/passwd', 'is absolute'],
      ['.rwb/exit', 'inside .rwb/'],
      ['a/../../b.py', 'climbs out'],
    ]) {
      expect(() => parseRequest('cases.create', { task: 't', program: { path, content: '' } })).toThrow(new RegExp(why!));
    }
    expect(() => parseRequest('cases.create', { task: 't', program: { path: 'x.py', content: '' }, score: { from: 'stdout', regex: '(' } })).toThrow(
      /not a valid regular expression/,
    );
  });
});

describe('re-execution operations', () => {
  it('saves, lists and deletes hosts, never storing anything but paths', async () => {
    const { core } = await runCorpus(tempDir());
    await core.invoke('hosts.save', goodHost);
    await core.invoke('hosts.save', { ...goodHost, port: 2200 });
    expect(await core.invoke('hosts.list', {})).toEqual([{ ...goodHost, port: 2200, knownHostsFile: null, slots: null, envNames: [] }]);
    await expect(core.invoke('runs.start', { experiment: 'nope', backend: 'ssh:gpu-box-2' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await core.invoke('hosts.delete', { name: 'gpu-box-2' })).toEqual({ deleted: true });
    expect(await core.invoke('hosts.list', {})).toEqual([]);
    core.close();
  });

  it('checks cases and experiments against the corpus', async () => {
    const { core } = await runCorpus(tempDir());
    await expect(core.invoke('cases.create', { program: { rollout: 'r-fail', path: 'final.py', version: 9 } })).rejects.toThrow(
      /program final.py version 9 of rollout "r-fail" is not in this corpus/,
    );
    await expect(core.invoke('cases.create', { program: { path: 'x.py', content: '' } })).rejects.toThrow(/an inline program needs the task/);
    await expect(core.invoke('cases.create', { task: 'task-b', program: { rollout: 'r-fail', path: 'final.py', version: 1 } })).rejects.toThrow(
      /is of task "task-a"/,
    );
    const c = await core.invoke('cases.create', { id: 'my-case', task: 'task-b', program: { path: 'x.py', content: 'print(1)' }, timeoutS: 30 });
    expect(c).toMatchObject({ id: 'my-case', command: 'python x.py', timeoutS: 30, dataDir: null, created: true });
    await expect(core.invoke('cases.create', { id: 'my-case', task: 'task-b', program: { path: 'x.py', content: 'print(2)' } })).rejects.toThrow(
      /already exists with a different definition/,
    );
    expect((await core.invoke('cases.list', { task: 'task-b' })).map((x) => x.id)).toEqual(['my-case']);
    await expect(core.invoke('experiments.create', { name: 'x', arms: ['a', 'a'], repeats: 1, cases: ['my-case'] })).rejects.toThrow(/arms must be distinct/);
    await expect(core.invoke('experiments.create', { name: 'x', arms: ['a'], repeats: 1, cases: ['nope'] })).rejects.toThrow(
      /case "nope" is not in this corpus/,
    );
    await expect(
      core.invoke('experiments.create', { name: 'x', arms: ['a'], repeats: 1, cases: ['my-case'], variants: [{ arm: 'b', command: 'true' }] }),
    ).rejects.toThrow(/arm "b" is not one of the arms/);
    const exp = await core.invoke('experiments.create', { id: 'exp-1', name: 'x', arms: ['a', 'b'], repeats: 2, cases: ['my-case'] });
    expect(exp.attempts.map((a) => [a.arm, a.repeat, a.status])).toEqual([
      ['a', 0, 'queued'],
      ['a', 1, 'queued'],
      ['b', 0, 'queued'],
      ['b', 1, 'queued'],
    ]);
    expect(await core.invoke('experiments.list', {})).toEqual([
      expect.objectContaining({ id: 'exp-1', caseCount: 1, counts: expect.objectContaining({ queued: 4 }) }),
    ]);
    await expect(core.invoke('runs.start', { experiment: 'exp-1', backend: 'local', arms: ['c'] })).rejects.toThrow(/has no arm "c"/);
    await expect(core.invoke('runs.start', { experiment: 'exp-1', backend: 'ssh:nobox' })).rejects.toThrow(/no SSH host named "nobox"/);
    const data = await core.invoke('cases.create', { task: 'task-b', program: { path: 'x.py', content: '' }, dataDir: '/nonexistent/data' });
    const withData = await core.invoke('experiments.create', { name: 'd', arms: ['a'], repeats: 1, cases: [data.id] });
    await expect(core.invoke('runs.start', { experiment: withData.id, backend: 'local' })).rejects.toThrow(
      /data folder \/nonexistent\/data is not a folder on this machine/,
    );
    expect((await core.invoke('experiments.get', { id: withData.id })).attempts[0]).toMatchObject({ status: 'queued', dispatchedAt: null });
    core.close();
  });

  it('records attempts left running by a worker process that is gone as unknown', async () => {
    const { core } = await runCorpus(tempDir());
    await core.invoke('cases.create', { id: 'c1', task: 'task-b', program: { path: 'x.py', content: '' } });
    const exp = await core.invoke('experiments.create', { name: 'orphans', arms: ['a'], repeats: 2, cases: ['c1'] });
    const [a0, a1] = exp.attempts;
    // Attempt 0 was running under a process id that no longer exists; attempt 1 under this process, which is alive.
    updateAttempt(
      core.db,
      a0!.id,
      { status: 'running', host: 'local' },
      { owner: `${hostname()}:999999999`, run_job_id: 'runs-old', dispatched_at: '2026-11-29T00:00:00Z' },
    );
    updateAttempt(
      core.db,
      a1!.id,
      { status: 'running', host: 'local' },
      { owner: `${hostname()}:${process.ppid}`, run_job_id: 'runs-other', dispatched_at: '2026-11-29T00:00:00Z' },
    );
    // The core's background reconciliation (a write, never part of a read), one pass.
    await core.reconcile();
    const grid = (await core.invoke('experiments.get', { id: exp.id })).attempts;
    expect(grid[0]).toMatchObject({ status: 'unknown', error: 'the workbench process that ran it stopped before recording its end' });
    expect(grid[1]).toMatchObject({ status: 'running' });
    const cmp = await core.invoke('experiments.compare', { experiment: exp.id, a: 'a', b: 'a' });
    expect(cmp.validity.unknown.a).toBe(2);
    core.close();
  });
});
