/**
 * A real OpenSSH server on 127.0.0.1 for the ssh runner's tests and benchmark: a random free
 * port, a temporary host key, a temporary client key as the only authorised key, and a
 * known_hosts file that trusts exactly that host key. Started and stopped by the caller.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './free-port';

export const sshdPath = '/usr/sbin/sshd';

/** Why the loopback sshd cannot run here, or null when it can. */
export function sshdMissing(): string | null {
  for (const bin of [sshdPath, '/usr/bin/ssh', '/usr/bin/ssh-keygen']) {
    if (!existsSync(bin)) return `${bin} is not installed (bash scripts/install-test-deps.sh installs openssh-server)`;
  }
  return null;
}

export interface LoopbackSshd {
  port: number;
  user: string;
  /** Private key the server authorises. */
  clientKey: string;
  /** known_hosts trusting this server's host key for [127.0.0.1]:port. */
  knownHosts: string;
  /** A known_hosts file that holds a different key for the same host (a "changed" host key). */
  wrongKnownHosts: string;
  dir: string;
  /** Kills the server's per-connection processes: every open SSH connection drops, the server keeps listening. */
  dropConnections(): number;
  stop(): Promise<void>;
}

/** Child process ids of `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // the process is gone
  }
  return out;
}

function keygen(path: string): void {
  const r = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'rwb-test', '-f', path], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ssh-keygen failed: ${r.stderr}`);
}

function knownHostsLine(port: number, pubPath: string): string {
  const [type, key] = readFileSync(pubPath, 'utf8').trim().split(/\s+/);
  return `[127.0.0.1]:${port} ${type} ${key}\n`;
}

export async function startSshd(dir: string): Promise<LoopbackSshd> {
  mkdirSync(dir, { recursive: true });
  const hostKey = join(dir, 'host_ed25519');
  const otherHostKey = join(dir, 'other_host_ed25519');
  const clientKey = join(dir, 'client_ed25519');
  for (const key of [hostKey, otherHostKey, clientKey]) keygen(key);
  const port = await freePort();
  const user = userInfo().username;
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${clientKey}.pub`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'PermitRootLogin prohibit-password',
      `PidFile ${join(dir, 'sshd.pid')}`,
      'Subsystem sftp internal-sftp',
      'MaxSessions 64',
      'MaxStartups 64',
      'LogLevel ERROR',
      // Bash sources ~/.bashrc for a command sshd runs unless it is a nested shell. The account
      // here is this machine's own, whose .bashrc may be interactive set-up (pyenv init costs a
      // second of CPU a session, and the runner opens several sessions an attempt), so sessions
      // start as a nested shell with this process's PATH, like a remote account kept for jobs.
      `SetEnv SHLVL=1 "PATH=${process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'}"`,
      '',
    ].join('\n'),
  );
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true });
  const knownHosts = join(dir, 'known_hosts');
  writeFileSync(knownHosts, knownHostsLine(port, `${hostKey}.pub`));
  const wrongKnownHosts = join(dir, 'known_hosts_changed');
  writeFileSync(wrongKnownHosts, knownHostsLine(port, `${otherHostKey}.pub`));

  const child: ChildProcess = spawn(sshdPath, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let exited = false;
  const gone = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  try {
    await waitForPort(port, 10_000, () => !exited);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`sshd did not start: ${(err as Error).message}\n${stderr}`);
  }
  const server: LoopbackSshd = {
    port,
    user,
    clientKey,
    knownHosts,
    wrongKnownHosts,
    dir,
    dropConnections() {
      const children = child.pid ? childrenOf(child.pid) : [];
      for (const pid of children) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      return children.length;
    },
    async stop() {
      server.dropConnections();
      if (!exited) child.kill('SIGTERM');
      await gone;
    },
  };
  return server;
}
