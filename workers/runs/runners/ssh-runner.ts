/**
 * The ssh backend: the system OpenSSH client with the user's keys and known_hosts. One
 * master connection per run (ControlMaster), opened by `prepare`, which is where an unknown
 * or changed host key is refused before any slot starts. Each attempt is then one session
 * with a remote PTY (`ssh -tt`) that unpacks the case files, runs the command under setsid and
 * `timeout`, and streams its output; a second session collects the score file and artifacts
 * (and runs a grader). Cancel stops the remote process group through a third session.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostConfig } from '../../../common/runs/run-types';
import { ApiError } from '../../../common/errors';
import { environmentArgs } from './attempt-environment-probe';
import { allowedNames, toolEnv } from './child-env';
import { readEnvNames, readExitRecord, writeCaseFiles } from './case-files';
import { parseDfAvailable } from './free-space';
import { attemptEnv, cappedExit, killGraceS, parseGpuList, type AttemptSpec, type RawOutcome, type RunnerEvents, type SlotHost } from './runner';
import { quietSshStderr, runSsh, sshArgs, sshBinary, sshRefusal } from './ssh-command';
import { remoteCollect, remoteReceive, remoteRun, remoteStop, tarMarker } from './ssh-scripts';
import { shJoin } from './shell-quote';

export interface SshRunnerOptions {
  /** Names this run's remote folder (`<work folder>/rwb-<tag>/`). */
  runTag: string;
  graceS?: number;
  /** Files larger than this are not copied back (KiB). */
  maxArtifactKiB?: number;
}

/** Case files travel inside the run command up to this size (base64); larger ones get their own copy session. */
const inlinePayloadLimit = 96 * 1024;

/** `~/x` as the path relative to the login folder that ssh sessions start in; absolute paths as they are. */
export function remoteBase(workDir: string): string {
  if (workDir === '~') return '.';
  if (workDir.startsWith('~/')) return workDir.slice(2).replace(/\/+$/, '') || '.';
  return workDir.replace(/\/+$/, '') || '/';
}

export class SshRunner implements SlotHost {
  readonly name: string;
  readonly backend: string;
  readonly envNames: readonly string[];
  private controlDir: string | null = null;
  private readonly graceS: number;
  private readonly runDir: string;
  private readonly copiedData = new Map<string, string>();

  constructor(
    private readonly host: HostConfig,
    private readonly options: SshRunnerOptions,
  ) {
    this.name = host.name;
    this.backend = `ssh:${host.name}`;
    this.envNames = host.envNames;
    this.graceS = options.graceS ?? killGraceS;
    this.runDir = `${remoteBase(host.workDir)}/rwb-${options.runTag}`;
  }

  private get controlPath(): string {
    if (this.controlDir === null) throw new Error('ssh runner used before prepare()');
    return join(this.controlDir, 'cm');
  }

  /** A session over the master connection running `remoteCommand` (one string, built from quoted words). */
  private args(remoteCommand: string, options: readonly string[] = []): string[] {
    return [...sshArgs(this.host, this.controlPath, ['-o', 'ControlMaster=no', ...options]), remoteCommand];
  }

  /** Opens the master connection: host key and login are checked here, with nothing run remotely. */
  async prepare(signal: AbortSignal): Promise<void> {
    this.controlDir ??= mkdtempSync(join(tmpdir(), 'rwb-ssh-'));
    const result = await runSsh(sshArgs(this.host, this.controlPath, ['-o', 'ControlMaster=yes', '-o', 'ControlPersist=120', '-N']), { signal });
    if (result.code !== 0) throw sshRefusal(this.host, result.stderr);
  }

  get probeKey(): string {
    return `ssh:${this.host.user}@${this.host.host}:${this.host.port}`;
  }

  /** The GPUs `nvidia-smi -L` lists on the host (none when it is missing there). */
  async gpus(signal: AbortSignal): Promise<string[]> {
    const r = await runSsh(this.args('nvidia-smi -L 2>/dev/null'), { signal });
    return r.code === 0 ? parseGpuList(r.stdout.toString('utf8')) : [];
  }

  /** `df` of the remote work folder, where attempt folders and data copies go. */
  async freeBytes(_spec: AttemptSpec, signal: AbortSignal): Promise<number | null> {
    // The work folder is made by the first attempt: until then its nearest existing parent is asked.
    const script = 'd=$1; while [ ! -d "$d" ]; do d=$(dirname -- "$d"); done; cd -- "$d" && df -Pk .';
    const r = await runSsh(this.args(shJoin(['sh', '-c', script, 'rwb', remoteBase(this.host.workDir)])), { signal });
    return r.code === 0 ? parseDfAvailable(r.stdout.toString('utf8')) : null;
  }

  volumeOf(): string {
    return `${this.host.name}:${this.host.workDir}`;
  }

  runAttempt(spec: AttemptSpec, events: RunnerEvents, signal: AbortSignal): Promise<RawOutcome> {
    return this.runOne(spec, events, signal);
  }

  async close(): Promise<void> {
    if (this.controlDir === null) return;
    if (this.copiedData.size) {
      const folders = [...this.copiedData.values()].map((d) => `${this.runDir}/${d}`);
      await runSsh(this.args(shJoin(['sh', '-c', 'for d in "$@"; do rm -rf -- "$d"; done', 'rwb', ...folders])));
    }
    await runSsh(sshArgs(this.host, this.controlPath, ['-O', 'exit']));
    rmSync(this.controlDir, { recursive: true, force: true });
    this.controlDir = null;
  }

  /** Copies a data folder once per run, beside the attempt folders; returns its name there. */
  private async ensureData(dataDir: string): Promise<string> {
    const known = this.copiedData.get(dataDir);
    if (known) return known;
    const name = `data-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;
    const tar = spawn('tar', ['-C', dataDir, '-chf', '-', '.'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let tarErr = '';
    tar.stderr.setEncoding('utf8').on('data', (d: string) => (tarErr += d));
    const result = await runSsh(this.args(remoteReceive(`${this.runDir}/${name}`)), { stdin: tar.stdout });
    if (result.code !== 0)
      throw new ApiError('unavailable', `copying the data folder ${dataDir} to ${this.host.name} failed: ${(tarErr + result.stderr).trim()}`);
    this.copiedData.set(dataDir, name);
    return name;
  }

  private async runOne(spec: AttemptSpec, events: RunnerEvents, signal: AbortSignal): Promise<RawOutcome> {
    const host = this.host.name;
    const remoteDir = `${this.runDir}/a${spec.attemptId}`;
    const env = attemptEnv(spec);
    const keep = [...allowedNames, ...spec.envNames];
    const fail = (end: RawOutcome['end'], error: string, hostLost = false): RawOutcome => ({
      end,
      exitCode: null,
      wallS: null,
      graderOutput: null,
      error,
      host,
      hostLost,
    });

    // The case files, packed here; small ones ride inside the run command.
    const staging = join(spec.localDir, '.rwb', 'staging');
    let payload: Buffer;
    let data = '';
    try {
      mkdirSync(spec.localDir, { recursive: true });
      writeCaseFiles(staging, spec.files);
      rmSync(join(staging, '.rwb'), { recursive: true, force: true });
      payload = await tarGz(staging);
      if (spec.dataDir) data = await this.ensureData(spec.dataDir);
    } catch (err) {
      events.dispatched(spec.attemptId, { host, backendJobId: null });
      return fail('exited', `could not prepare the attempt: ${(err as Error).message}`);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    let inline = payload.toString('base64');
    if (inline.length > inlinePayloadLimit) {
      const copy = await runSsh(this.args(remoteReceive(remoteDir)), { stdin: await tarPlain(spec) });
      if (copy.code !== 0) {
        events.dispatched(spec.attemptId, { host, backendJobId: null });
        // ssh's own failure (255) is the connection, not the case: the host is lost.
        return copy.code === 255
          ? fail('unknown', `copying the case to ${host} failed: ${copy.stderr.trim()}`, true)
          : fail('exited', `copying the case to ${host} failed: ${copy.stderr.trim()}`);
      }
      inline = '';
    }

    events.dispatched(spec.attemptId, { host, backendJobId: null });
    events.started(spec.attemptId, { host, backendJobId: null });
    const started = performance.now();
    let reason: 'timeout' | 'interrupted' | null = null;
    let stopping: Promise<string> | null = null;
    const stopRemote = () =>
      (stopping ??= runSsh(this.args(remoteStop(remoteDir, this.graceS))).then((r) => (r.code === 0 ? r.stdout.toString().trim() : 'unreachable')));
    const session = spawn(sshBinary, this.args(remoteRun(remoteDir, inline, data, spec.timeoutS, spec.command, keep, env), ['-tt']), {
      env: toolEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // A PTY opened over a multiplexed connection gets no terminal modes (no ONLCR): line ends become CR LF here.
    session.stdout.setEncoding('utf8').on('data', (d: string) => events.output(spec.attemptId, d.replace(/\r?\n/g, '\r\n')));
    let sshErr = '';
    session.stderr.setEncoding('utf8').on('data', (d: string) => (sshErr += d));
    const closed = new Promise<number | null>((resolve) => {
      session.once('error', (err) => {
        sshErr += err.message;
        resolve(null);
      });
      session.once('close', (code) => resolve(code));
    });
    const stop = (why: 'timeout' | 'interrupted') => {
      if (reason !== null) return;
      reason = why;
      void stopRemote().finally(() => session.kill('SIGTERM'));
    };
    const onAbort = () => stop('interrupted');
    signal.addEventListener('abort', onAbort, { once: true });
    // The remote `timeout` enforces the cap; this is the backstop when the remote side cannot.
    const backstop = setTimeout(() => stop('timeout'), (spec.timeoutS + this.graceS + 30) * 1000);
    const sessionCode = await closed;
    clearTimeout(backstop);
    signal.removeEventListener('abort', onAbort);
    const localWall = (performance.now() - started) / 1000;
    const noise = quietSshStderr(sshErr).trim();
    if (noise) events.output(spec.attemptId, `\r\n[ssh] ${noise.replace(/\r?\n/g, '\r\n[ssh] ')}\r\n`);

    if (reason === 'interrupted') {
      const stopped = await stopRemote();
      return fail('interrupted', stopped === 'unreachable' ? `cancelled; ${host} could not be reached to stop the remote program` : 'cancelled');
    }

    // Collect the exit record, the score file, artifacts (and the grader's output).
    const grader = spec.score.from === 'command' ? spec.score.command : '';
    const collected = await this.collect(remoteDir, spec.localDir, grader, Math.max(spec.timeoutS, 60), keep, env, environmentArgs(spec.files), signal);
    const envNames = readEnvNames(spec.localDir);
    const exit = readExitRecord(spec.localDir);
    if (exit === null) {
      // The program's end was never recorded: the connection dropped (or the session was killed) while it ran.
      if (signal.aborted) return fail('interrupted', 'cancelled');
      // Stopping it ourselves is the only way to know how it ended: interrupted. Gone already, or the
      // host unreachable: it may have finished or may still run, so nobody knows.
      const lost = `the SSH connection to ${host} was lost (${noise || `ssh exited with ${sessionCode}`})`;
      const stopped = await stopRemote();
      if (stopped === 'stopped') return fail('interrupted', `${lost}; the remote program was stopped`, true);
      return fail('unknown', `${lost} and the remote program's end could not be checked${stopped === 'unreachable' ? ` (${host} is unreachable)` : ''}`, true);
    }
    const wallS = exit.wallS ?? localWall;
    const graderOutput = grader ? readText(join(spec.localDir, '.rwb', 'grader.out')) : null;
    if (reason === 'timeout' || cappedExit(exit.code, wallS, spec.timeoutS)) {
      return { end: 'timeout', exitCode: exit.code, wallS, graderOutput: null, error: `killed at the ${spec.timeoutS} s time cap`, host, envNames };
    }
    const error = collected ?? (grader && graderOutput === null ? 'the grader did not run' : null);
    return { end: 'exited', exitCode: exit.code, wallS, graderOutput, error, host, envNames };
  }

  /** Runs the collect script and unpacks its tar into `localDir`; returns an error message or null. */
  private async collect(
    remoteDir: string,
    localDir: string,
    grader: string,
    graderCapS: number,
    keep: readonly string[],
    env: Record<string, string>,
    probeArgs: readonly [string, string],
    signal: AbortSignal,
  ): Promise<string | null> {
    const untar = spawn('tar', ['-xzf', '-', '-C', localDir], { stdio: ['pipe', 'ignore', 'pipe'] });
    let untarErr = '';
    untar.stderr.setEncoding('utf8').on('data', (d: string) => (untarErr += d));
    untar.stdin.on('error', () => {});
    const untarDone = new Promise<number | null>((resolve) => untar.once('close', resolve));
    let head: Buffer | null = Buffer.alloc(0);
    const result = await runSsh(this.args(remoteCollect(remoteDir, grader, graderCapS, this.options.maxArtifactKiB ?? 64 * 1024, keep, env, probeArgs)), {
      signal,
      onStdout: (chunk) => {
        if (head === null) {
          untar.stdin.write(chunk);
          return;
        }
        head = Buffer.concat([head, chunk]);
        const at = head.indexOf(tarMarker);
        if (at >= 0) {
          untar.stdin.write(head.subarray(at + tarMarker.length));
          head = null;
        }
      },
    });
    untar.stdin.end();
    const untarCode = await untarDone;
    if (result.code !== 0)
      return `collecting the results from ${this.host.name} failed: ${quietSshStderr(result.stderr).trim() || `ssh exited with ${result.code}`}`;
    if (untarCode !== 0) return `unpacking the results from ${this.host.name} failed: ${untarErr.trim()}`;
    return null;
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function collectStdout(command: string, args: string[], cwd?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${command} failed: ${err.trim()}`))));
  });
}

function tarGz(dir: string): Promise<Buffer> {
  return collectStdout('tar', ['-C', dir, '-czf', '-', '.']);
}

async function tarPlain(spec: AttemptSpec): Promise<Buffer> {
  const staging = mkdtempSync(join(tmpdir(), 'rwb-case-'));
  try {
    writeCaseFiles(staging, spec.files);
    return await collectStdout('tar', ['-C', staging, '-cf', '-', '.']);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
