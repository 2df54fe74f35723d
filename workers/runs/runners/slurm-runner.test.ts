/**
 * The slurm backend on a real one-node cluster (munged, slurmctld, slurmd) that this file
 * starts with a temporary config and stops. Skipped, saying why, only where Slurm is not
 * installed (or not as root); CI installs it (scripts/install-test-deps.sh).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shQuote } from './shell-quote';
import { processGoneSoon, runCorpus, type TestCore } from './test-support/run-corpus';
import { jobEnd, outputSeen } from './test-support/run-helpers';
import { slurmMissing, startSlurmCluster, type SlurmCluster } from './test-support/slurm-cluster';

const missing = slurmMissing();
if (missing) console.warn(`[slurm runner tests] skipped: ${missing}`);

describe.skipIf(missing !== null)('slurm backend on a one-node cluster', () => {
  let dir: string;
  let cluster: SlurmCluster;
  let t: TestCore;
  const saved = {
    SLURM_CONF: process.env.SLURM_CONF,
    RWB_SLURM_POLL_MS: process.env.RWB_SLURM_POLL_MS,
    DATABASE_URL: process.env.DATABASE_URL,
    GH_PAT: process.env.GH_PAT,
    MY_PRIVATE_CREDS: process.env.MY_PRIVATE_CREDS,
  };
  const node = hostname().split('.')[0]!;
  const queue = (jobId: string) =>
    spawnSync('squeue', ['-h', '-r', '-j', jobId, '-o', '%i %T'], { env: { ...process.env, ...cluster.env }, encoding: 'utf8' }).stdout.trim();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-slurm-test-'));
    cluster = await startSlurmCluster(join(dir, 'cluster'));
    process.env.SLURM_CONF = cluster.conf;
    process.env.RWB_SLURM_POLL_MS = '200';
    t = await runCorpus(dir);
  }, 120_000);
  afterAll(async () => {
    t?.core.close();
    await cluster?.stop();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('completes a job array: one task per repeat, scores read, output streamed from the job logs', async () => {
    const run = await t.core.invoke('runs.rerun', { rollout: 'r-fail', path: 'final.py', version: 1, backend: 'slurm', repeats: 3, wait: true });
    expect(run.rows.map((r) => [r.repeat, r.status, r.exitCode, r.score, r.valid, r.host, r.backend])).toEqual([
      [0, 'succeeded', 0, 0.5, true, node, 'slurm'],
      [1, 'succeeded', 0, 0.6, true, node, 'slurm'],
      [2, 'succeeded', 0, 0.7, true, node, 'slurm'],
    ]);
    const jobIds = run.rows.map((r) => r.backendJobId!);
    const arrayId = jobIds[0]!.split('_')[0]!;
    expect(jobIds).toEqual([`${arrayId}_0`, `${arrayId}_1`, `${arrayId}_2`]);
    for (const row of run.rows) {
      expect(row.wallS!).toBeGreaterThan(0.3);
      const log = await t.core.invoke('attempts.log', { id: row.id });
      expect(log.text).toContain('epoch 1\r\n');
      expect(log.text).toContain(`val score: ${row.score!.toFixed(3)}`);
    }
    expect(queue(arrayId)).toBe('');
    // Where each task ran, probed inside the job with the task's environment.
    for (const row of run.rows) {
      const env = (await t.core.invoke('attempts.diagnosis', { id: row.id })).environment!;
      expect(env).toMatchObject({ host: hostname(), imports: { json: null, os: null, sys: null, time: null }, gpus: [], problems: [] });
      expect(env.python!.version).toMatch(/^3\.\d+\.\d+/);
      expect(env.freezeDigest).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('runs a grader inside the job and links the data folder', async () => {
    const data = join(dir, 'data');
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'labels.txt'), '1\n0\n1\n1\n');
    const c = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'predict.sh', content: 'printf "1\\n1\\n1\\n1\\n" > predictions.txt\n' },
      command: 'bash predict.sh',
      dataDir: data,
      score: { from: 'command', command: 'paste -d" " predictions.txt labels.txt | awk \'$1 == $2 { n++ } END { print "accuracy"; print n / NR }\'' },
    });
    const exp = await t.core.invoke('experiments.create', { name: 'slurm grader', arms: ['original'], repeats: 1, cases: [c.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'slurm', wait: true });
    expect(run.rows[0]).toMatchObject({ status: 'succeeded', score: 0.75, valid: true });
  });

  it('times out a task at the case cap and kills its children', async () => {
    const c = await t.core.invoke('cases.create', {
      task: 'task-b',
      program: { path: 'nap.sh', content: 'sleep 60 &\necho $! > child.pid\nsleep 60\n' },
      command: 'bash nap.sh',
      timeoutS: 2,
    });
    const exp = await t.core.invoke('experiments.create', { name: 'slurm cap', arms: ['original'], repeats: 1, cases: [c.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'slurm', wait: true });
    const row = run.rows[0]!;
    expect(row).toMatchObject({ status: 'timeout', exitCode: 124, valid: false, error: 'killed at the 2 s time cap' });
    expect(row.wallS!).toBeGreaterThanOrEqual(1.95);
    expect(row.wallS!).toBeLessThan(4);
    expect(await processGoneSoon(Number(readFileSync(join(row.workDir!, 'child.pid'), 'utf8')))).toBe(true);
  });

  it('runs at most parallel tasks of an array at once (%N), with the allowlisted environment and hostile paths as files', async () => {
    Object.assign(process.env, { DATABASE_URL: 'postgres://u:PW-slurm-1@db/x', GH_PAT: 'ghp_slurm_2266', MY_PRIVATE_CREDS: 'slurm-private-creds-3' });
    const marks = join(dir, 'running-marks');
    mkdirSync(marks);
    // Each task counts the tasks running beside it; with %1 it is always alone.
    const command = [
      `m=${shQuote(marks)}`,
      'touch "$m/$RWB_ATTEMPT"',
      'echo "beside=$(ls "$m" | wc -l)"',
      'sleep 0.5',
      'rm "$m/$RWB_ATTEMPT"',
      'env | sort',
      `echo '{"score": 1}' > score.json`,
    ].join('; ');
    const c = await t.core.invoke('cases.create', { task: 'task-b', program: { path: 'p.sh', content: '' }, command });
    const exp = await t.core.invoke('experiments.create', { name: 'slurm %N', arms: ['original'], repeats: 3, cases: [c.id] });
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'slurm', parallel: 1, wait: true });
    expect(run.rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    for (const row of run.rows) {
      const log = (await t.core.invoke('attempts.log', { id: row.id })).text;
      expect(log).toContain('beside=1\r\n');
      for (const leaked of ['DATABASE_URL', 'GH_PAT', 'MY_PRIVATE_CREDS', 'PW-slurm-1', 'ghp_slurm_2266', 'slurm-private-creds-3'])
        expect(log).not.toContain(leaked);
      expect(row.envNames).toEqual(expect.arrayContaining(['PATH', 'RWB_ATTEMPT']));
      expect(row.envNames).not.toContain('GH_PAT');
    }
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
    const hexp = await t.core.invoke('experiments.create', { name: 'slurm hostile', arms: ['original'], repeats: 1, cases: hostile.map((h) => h.id) });
    const hrun = await t.core.invoke('runs.start', { experiment: hexp.id, backend: 'slurm', wait: true });
    expect(hrun.rows.map((r) => r.status)).toEqual(hrun.rows.map(() => 'succeeded'));
    for (const row of hrun.rows) expect(existsSync(join(row.workDir!, 'pwned'))).toBe(false);
  }, 120_000);

  it('cancels with scancel: running tasks are interrupted, a pending one goes back to never started', async () => {
    const program = 'echo $$ > main.pid\necho started\nsleep 60\n';
    const c = await t.core.invoke('cases.create', { task: 'task-b', program: { path: 'long.sh', content: program }, command: 'bash long.sh' });
    // Three tasks on a node with two CPUs: the third waits in the queue.
    const exp = await t.core.invoke('experiments.create', { name: 'slurm cancel', arms: ['original'], repeats: 3, cases: [c.id] });
    const seen = outputSeen(t.core, 'started', 30_000, 2);
    const run = await t.core.invoke('runs.start', { experiment: exp.id, backend: 'slurm' });
    const ended = jobEnd(t.core, run.jobId);
    await seen;
    await t.core.invoke('runs.cancel', { jobId: run.jobId });
    expect((await ended).phase).toBe('cancelled');
    const grid = (await t.core.invoke('experiments.get', { id: exp.id })).attempts;
    const statuses = grid.map((a) => a.status).sort();
    expect(statuses).toEqual(['interrupted', 'interrupted', 'queued']);
    const pending = grid.find((a) => a.status === 'queued')!;
    expect(pending).toMatchObject({ dispatchedAt: null, backendJobId: null });
    expect(pending.error).toMatch(/cancelled before Slurm started it/);
    for (const a of grid.filter((g) => g.status === 'interrupted')) {
      expect(a.error).toBe('cancelled');
      expect(await processGoneSoon(Number(readFileSync(join(a.workDir!, 'main.pid'), 'utf8')))).toBe(true);
    }
    expect(queue(grid[0]!.backendJobId!.split('_')[0]!)).toBe('');
  });
});
