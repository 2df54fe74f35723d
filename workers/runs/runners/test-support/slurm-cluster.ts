/**
 * A real one-node Slurm cluster for the slurm runner's tests: munged with a temporary key and
 * socket, slurmctld and slurmd with a temporary config on random free ports, all started by
 * the caller and stopped by `stop()`. Clients find it through SLURM_CONF.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './free-port';

const binaries = [
  '/usr/sbin/munged',
  '/usr/sbin/slurmctld',
  '/usr/sbin/slurmd',
  '/usr/bin/sbatch',
  '/usr/bin/squeue',
  '/usr/bin/scontrol',
  '/usr/bin/scancel',
  '/usr/bin/sinfo',
];

/** Why the one-node cluster cannot run here, or null when it can. */
export function slurmMissing(): string | null {
  for (const bin of binaries) {
    if (!existsSync(bin)) return `${bin} is not installed (bash scripts/install-test-deps.sh installs slurm-wlm and munge)`;
  }
  if (process.getuid?.() !== 0) return 'slurmd must run as root to start jobs; run the slurm tests as root (CI does)';
  return null;
}

export interface SlurmCluster {
  /** Path of slurm.conf: set SLURM_CONF to it for sbatch, squeue, scontrol, scancel. */
  conf: string;
  dir: string;
  /** Environment for Slurm clients talking to this cluster. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

interface Daemon {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
  log: () => string;
}

function daemon(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Daemon {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (log += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (log += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name, child, exited, log: () => log };
}

async function stopDaemon(d: Daemon): Promise<void> {
  if (d.child.exitCode !== null || d.child.signalCode !== null) return;
  d.child.kill('SIGTERM');
  const timer = setTimeout(() => d.child.kill('SIGKILL'), 5000);
  await d.exited;
  clearTimeout(timer);
}

export async function startSlurmCluster(dir: string): Promise<SlurmCluster> {
  mkdirSync(dir, { recursive: true });
  const node = hostname().split('.')[0]!;
  const munge = join(dir, 'munge');
  mkdirSync(munge, { recursive: true });
  chmodSync(munge, 0o700);
  const key = join(munge, 'munge.key');
  writeFileSync(key, randomBytes(1024), { mode: 0o400 });
  const socket = join(munge, 'munge.socket');
  const daemons: Daemon[] = [];
  const stop = async () => {
    for (const d of [...daemons].reverse()) await stopDaemon(d);
  };
  try {
    const munged = daemon(
      'munged',
      '/usr/sbin/munged',
      [
        '--foreground',
        '--force',
        `--key-file=${key}`,
        `--socket=${socket}`,
        `--pid-file=${join(munge, 'munged.pid')}`,
        `--log-file=${join(munge, 'munged.log')}`,
        `--seed-file=${join(munge, 'munged.seed')}`,
      ],
      process.env,
    );
    daemons.push(munged);
    for (let i = 0; i < 100 && !existsSync(socket); i++) await new Promise((r) => setTimeout(r, 50));
    if (!existsSync(socket)) throw new Error(`munged did not start: ${munged.log()}`);

    const ctldPort = await freePort();
    const slurmdPort = await freePort();
    const state = join(dir, 'state');
    const spool = join(dir, 'spool');
    for (const d of [state, spool]) mkdirSync(d, { recursive: true });
    const conf = join(dir, 'slurm.conf');
    writeFileSync(
      conf,
      [
        'ClusterName=rwbtest',
        `SlurmctldHost=${node}(127.0.0.1)`,
        `SlurmctldPort=${ctldPort}`,
        `SlurmdPort=${slurmdPort}`,
        'SlurmUser=root',
        'SlurmdUser=root',
        'AuthType=auth/munge',
        `AuthInfo=socket=${socket}`,
        'CredType=cred/munge',
        'MpiDefault=none',
        'ProctrackType=proctrack/linuxproc',
        'TaskPlugin=task/none',
        'SwitchType=switch/none',
        'SelectType=select/cons_tres',
        'SelectTypeParameters=CR_Core',
        'SchedulerType=sched/builtin',
        'SchedulerParameters=sched_interval=1,sched_min_interval=0',
        `StateSaveLocation=${state}`,
        `SlurmdSpoolDir=${spool}`,
        `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
        `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
        `SlurmctldLogFile=${join(dir, 'slurmctld.log')}`,
        `SlurmdLogFile=${join(dir, 'slurmd.log')}`,
        'JobAcctGatherType=jobacct_gather/none',
        'AccountingStorageType=accounting_storage/none',
        'ReturnToService=2',
        'KillWait=2',
        'MinJobAge=600',
        'InactiveLimit=0',
        `NodeName=${node} NodeAddr=127.0.0.1 CPUs=2 RealMemory=2000 State=UNKNOWN`,
        'PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP',
        '',
      ].join('\n'),
    );
    const env = { ...process.env, SLURM_CONF: conf };
    const ctld = daemon('slurmctld', '/usr/sbin/slurmctld', ['-D', '-i', '-f', conf], env);
    daemons.push(ctld);
    await waitForPort(ctldPort, 20_000, () => ctld.child.exitCode === null).catch((err: Error) => {
      throw new Error(`slurmctld did not start: ${err.message}\n${ctld.log()}`);
    });
    const slurmd = daemon('slurmd', '/usr/sbin/slurmd', ['-D', '-f', conf], env);
    daemons.push(slurmd);
    // Ready when the node reports idle.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = spawnSync('sinfo', ['-h', '-o', '%T'], { env, encoding: 'utf8' });
      if (r.stdout.trim() === 'idle') break;
      if (slurmd.child.exitCode !== null) throw new Error(`slurmd exited: ${slurmd.log()}`);
      if (Date.now() > deadline) throw new Error(`the node did not become idle (sinfo: ${r.stdout.trim()} ${r.stderr.trim()})\n${slurmd.log()}`);
      await new Promise((res) => setTimeout(res, 200));
    }
    return { conf, dir, env: { SLURM_CONF: conf }, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
