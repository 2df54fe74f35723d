/**
 * Dispatch overhead of the runners: from `runs.start` (the real operation, through the core,
 * with its corpus writes and working-folder preparation) to the first byte of the program's
 * output, against the same command spawned bare (local), and against a bare `ssh host true`
 * (ssh, to an OpenSSH server on 127.0.0.1 started here). Samples are interleaved, and the
 * targets are judged on medians. Then parallel throughput: 32 attempts of a 2-second program
 * on 4 local slots, from `runs.start` to the last attempt recorded, against the ideal
 * 32 × 2 s / 4 = 16 s.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Core } from '../workers/core/core';
import { sshdMissing, startSshd } from '../workers/runs/runners/test-support/sshd';
import { formatNumber } from './report';
import { target, type Benchmark, type Metric, type Target } from './types';

const command = 'echo first-byte';
const samples = 8;
/** The parallel throughput run: attempts, slots and each program's seconds. */
const parallelAttempts = 32;
const parallelSlots = 4;
const programS = 2;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds from spawning `file args` to its first stdout byte (`untilExit`: to its exit). */
function bare(file: string, args: string[], untilExit = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let done = false;
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    if (!untilExit) {
      child.stdout.once('data', () => {
        done = true;
        resolve(performance.now() - t0);
      });
    }
    child.once('error', reject);
    child.once('close', (code) => {
      if (untilExit && code === 0) resolve(performance.now() - t0);
      else if (!done) reject(new Error(`${file} exited ${code} without output: ${err}`));
    });
  });
}

/** Milliseconds from calling runs.start to the first attempt:output event; waits for the run to end. */
async function viaApi(core: Core, caseId: string, backend: string): Promise<number> {
  const exp = await core.invoke('experiments.create', { name: `bench ${backend}`, arms: ['original'], repeats: 1, cases: [caseId] });
  let first: number | null = null;
  let jobId = '';
  let resolveEnd!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnd = resolve));
  const stop = core.onEvent((e) => {
    if (e.type === 'attempt:output' && first === null) first = performance.now();
    if (e.type === 'job:progress' && e.jobId === jobId && e.phase !== 'running') resolveEnd();
  });
  jobId = `bench-${exp.id}`;
  const t0 = performance.now();
  await core.invoke('runs.start', { experiment: exp.id, backend, jobId });
  await ended;
  stop();
  const row = (await core.invoke('experiments.get', { id: exp.id })).attempts[0]!;
  if (row.status !== 'succeeded' || first === null) throw new Error(`bench run on ${backend} ended ${row.status}: ${row.error}`);
  return first - t0;
}

/** Seconds from runs.start to the end of a run of `parallelAttempts` sleeps over `parallelSlots` local slots. */
async function parallelWall(core: Core, caseId: string): Promise<number> {
  const exp = await core.invoke('experiments.create', { name: 'bench parallel', arms: ['original'], repeats: parallelAttempts, cases: [caseId] });
  const t0 = performance.now();
  const run = await core.invoke('runs.start', { experiment: exp.id, backend: 'local', parallel: parallelSlots, wait: true });
  const wallS = (performance.now() - t0) / 1000;
  const bad = run.rows.filter((r) => r.status !== 'succeeded');
  if (bad.length) throw new Error(`bench parallel run: ${bad.length} attempts did not succeed (${bad[0]!.status}: ${bad[0]!.error})`);
  return wallS;
}

export const runnersBench: Benchmark = {
  name: 'runners',
  description: 'dispatch overhead to the first output byte: local vs a bare spawn, ssh vs a bare `ssh host true`',
  async run(ctx) {
    const metrics: Metric[] = [];
    const targets: Target[] = [];
    const notes: string[] = [];
    const rows: string[][] = [];
    const core = new Core({ dbPath: join(ctx.workDir, 'runners.db'), shell: 'cli' });
    try {
      const bundle = join(ctx.workDir, 'runners.jsonl');
      writeFileSync(
        bundle,
        `${JSON.stringify({ type: 'benchmark', id: 'b', discipline: 'ml', role: 'development' })}\n${JSON.stringify({ type: 'task', id: 't', benchmark: 'b', statement: 'bench' })}\n`,
      );
      await core.invoke('import.files', { paths: [bundle] });
      const c = await core.invoke('cases.create', {
        id: 'bench-case',
        task: 't',
        program: { path: 'run.sh', content: `${command}\n` },
        command,
        score: { from: 'stdout', regex: 'first' },
      });

      // Local: warm up once, then interleave.
      await viaApi(core, c.id, 'local');
      await bare('/bin/bash', ['-c', command]);
      const local: number[] = [];
      const localBare: number[] = [];
      for (let i = 0; i < samples; i++) {
        localBare.push(await bare('/bin/bash', ['-c', command]));
        local.push(await viaApi(core, c.id, 'local'));
      }
      const localOverhead = median(local) - median(localBare);
      metrics.push(
        { name: 'local: runs.start to first byte (median)', value: median(local), unit: 'ms' },
        { name: 'local: bare spawn to first byte (median)', value: median(localBare), unit: 'ms' },
        { name: 'local: overhead', value: localOverhead, unit: 'ms' },
      );
      targets.push(target('local dispatch overhead to first byte', localOverhead, '<=', 150, 'ms'));
      rows.push(...local.map((v, i) => ['local', String(i + 1), formatNumber(v), formatNumber(localBare[i]!)]));

      const sleeper = await core.invoke('cases.create', {
        id: 'bench-sleep',
        task: 't',
        program: { path: 'sleep.sh', content: '' },
        command: `sleep ${programS}; echo done`,
        score: { from: 'stdout', regex: 'done' },
      });
      const wallS = await parallelWall(core, sleeper.id);
      const idealS = (parallelAttempts * programS) / parallelSlots;
      metrics.push(
        { name: `parallel: ${parallelAttempts} attempts of ${programS} s on ${parallelSlots} local slots`, value: wallS, unit: 's' },
        { name: 'parallel: ideal', value: idealS, unit: 's' },
        { name: 'parallel: ideal / measured', value: idealS / wallS, unit: '' },
      );
      targets.push(target('parallel throughput (ideal / measured)', idealS / wallS, '>=', 0.8, ''));

      const missing = sshdMissing();
      if (missing) {
        notes.push(`ssh part skipped: ${missing}`);
      } else {
        const sshd = await startSshd(join(ctx.workDir, 'sshd'));
        try {
          await core.invoke('hosts.save', {
            name: 'loopback',
            user: sshd.user,
            host: '127.0.0.1',
            port: sshd.port,
            identityFile: sshd.clientKey,
            knownHostsFile: sshd.knownHosts,
            workDir: join(ctx.workDir, 'remote'),
          });
          const sshBare = [
            '-o',
            'BatchMode=yes',
            '-o',
            'StrictHostKeyChecking=yes',
            '-o',
            `UserKnownHostsFile=${sshd.knownHosts}`,
            '-p',
            String(sshd.port),
            '-i',
            sshd.clientKey,
            '-o',
            'IdentitiesOnly=yes',
            '-l',
            sshd.user,
            '127.0.0.1',
            'true',
          ];
          await bare('ssh', sshBare, true);
          await viaApi(core, c.id, 'ssh:loopback');
          const ssh: number[] = [];
          const sshTrue: number[] = [];
          for (let i = 0; i < samples; i++) {
            sshTrue.push(await bare('ssh', sshBare, true));
            ssh.push(await viaApi(core, c.id, 'ssh:loopback'));
          }
          const sshOverhead = median(ssh) - median(sshTrue);
          metrics.push(
            { name: 'ssh: runs.start to first byte (median)', value: median(ssh), unit: 'ms' },
            { name: 'ssh: bare `ssh host true` (median)', value: median(sshTrue), unit: 'ms' },
            { name: 'ssh: overhead', value: sshOverhead, unit: 'ms' },
          );
          targets.push(target('ssh dispatch overhead to first byte', sshOverhead, '<=', 200, 'ms'));
          rows.push(...ssh.map((v, i) => ['ssh', String(i + 1), formatNumber(v), formatNumber(sshTrue[i]!)]));
          notes.push(
            'ssh: one master connection per run (host key checked there, no remote shell), then one session that unpacks the case and starts the program; the bare `ssh host true` pays a full handshake and the remote login shell',
          );
        } finally {
          await sshd.stop();
        }
      }
    } finally {
      core.close();
    }
    notes.push(`${samples} interleaved samples per side after a warm-up; command \`${command}\``);
    return {
      metrics,
      targets,
      notes,
      tables: [{ title: 'samples (ms)', header: ['backend', 'sample', 'via runs.start', 'bare'], rows, numeric: [false, true, true, true] }],
    };
  },
};
