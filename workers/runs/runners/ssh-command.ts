/**
 * Running the system OpenSSH client: argument arrays only (the one string the remote shell
 * reads is built from shell-quoted words in `ssh-scripts.ts`), strict host-key checking
 * against the user's or the configured known_hosts, never a prompt, and ssh's refusals
 * turned into messages that say what to do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { HostConfig } from '../../../common/runs/run-types';
import { ApiError } from '../../../common/errors';
import { toolEnv } from './child-env';

export const sshBinary = 'ssh';

/** The known_hosts file a host is checked against. */
export function knownHostsFile(host: HostConfig): string {
  return host.knownHostsFile ?? join(homedir(), '.ssh', 'known_hosts');
}

/** Options every ssh invocation for `host` carries, then the destination. */
export function sshArgs(host: HostConfig, controlPath: string, extra: readonly string[] = []): string[] {
  return [
    '-o',
    'BatchMode=yes',
    '-o',
    'StrictHostKeyChecking=yes',
    '-o',
    `UserKnownHostsFile=${knownHostsFile(host)}`,
    '-o',
    'ConnectTimeout=15',
    '-o',
    'ServerAliveInterval=10',
    '-o',
    'ServerAliveCountMax=3',
    '-o',
    `ControlPath=${controlPath}`,
    '-p',
    String(host.port),
    '-l',
    host.user,
    ...(host.identityFile ? ['-i', host.identityFile, '-o', 'IdentitiesOnly=yes'] : []),
    ...extra,
    '--',
    host.host,
  ];
}

export interface SshResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs ssh to completion; `stdin` is written and closed, `stdout` collected unless `pipeTo` takes it. */
export function runSsh(
  args: readonly string[],
  options: { stdin?: Readable | Buffer; signal?: AbortSignal; onStdout?: (data: Buffer) => void } = {},
): Promise<SshResult> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(sshBinary, args, { env: toolEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      resolve({ code: null, stdout: Buffer.alloc(0), stderr: (err as Error).message });
      return;
    }
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (options.onStdout ? options.onStdout(d) : out.push(d)));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin!.on('error', () => {});
    const input = options.stdin;
    if (Buffer.isBuffer(input)) child.stdin!.end(input);
    else if (input) (input as Readable).pipe(child.stdin!);
    else child.stdin!.end();
    const onAbort = () => child.kill('SIGTERM');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (err) => (stderr += err.message));
    child.once('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    });
  });
}

/** ssh's informational lines that are not worth showing in a terminal. */
export function quietSshStderr(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((l) => !/^(Shared connection to .* closed\.|Connection to .* closed\.)$/.test(l.trim()))
    .join('\n');
}

/**
 * A clear error for an ssh that exited 255 before running anything: a changed or unknown
 * host key (always refused, never accepted), an authentication refusal, an unreachable host.
 */
export function sshRefusal(host: HostConfig, stderr: string): ApiError {
  const where = `${host.user}@${host.host}:${host.port} ("${host.name}")`;
  const known = knownHostsFile(host);
  const details = { host: host.name, stderr: stderr.trim().slice(0, 4000) };
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key for .* has changed/i.test(stderr)) {
    return new ApiError(
      'unavailable',
      `ssh refused ${where}: its host key has CHANGED since it was recorded in ${known}. This may be a man-in-the-middle attack; nothing was run. ` +
        `If the server was reinstalled, confirm its new fingerprint with its administrator, then remove the old key (ssh-keygen -f ${known} -R "${host.port === 22 ? host.host : `[${host.host}]:${host.port}`}") and add the new one.`,
      { ...details, reason: 'host_key_changed' },
    );
  }
  if (/host key is known for|Host key verification failed/i.test(stderr)) {
    return new ApiError(
      'unavailable',
      `ssh refused ${where}: its host key is not in ${known}, and unknown keys are never accepted. Check the server's fingerprint and add its key to that file (for example with ssh-keyscan, compared against the fingerprint), then run again.`,
      { ...details, reason: 'host_key_unknown' },
    );
  }
  if (/Permission denied/i.test(stderr)) {
    return new ApiError(
      'unavailable',
      `ssh could not log in to ${where}: permission denied (check the user and the identity file${host.identityFile ? ` ${host.identityFile}` : ''})`,
      {
        ...details,
        reason: 'auth',
      },
    );
  }
  const line = stderr.trim().split(/\r?\n/).filter(Boolean).at(-1) ?? 'ssh exited without a message';
  return new ApiError('unavailable', `ssh could not reach ${where}: ${line}`, { ...details, reason: 'connect' });
}
