/**
 * The local backend: each attempt in a fresh folder, its command run by bash in a PTY of its
 * own (node-pty; the PTY's process leads a new session and process group), the time cap and
 * cancel killing the whole group (SIGTERM, then SIGKILL after the grace), and whatever the
 * program leaves running killed when it ends. One host of a run's pool: the slot dispatcher
 * runs as many attempts at once as it has slots.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { spawn as spawnPty, type IPty } from 'node-pty';
import { programEnv, toolEnv } from './child-env';
import { linkDataEntries, writeCaseFiles } from './case-files';
import { localFreeBytes } from './free-space';
import { runLocalGrader } from './local-grader';
import { signalGroup, stopGroup, type ProcessGroups } from './process-group';
import { ExitMarkerScanner, wrapperScript } from './pty-exit-marker';
import { attemptEnv, killGraceS, parseGpuList, type AttemptSpec, type RawOutcome, type RunnerEvents, type SlotHost } from './runner';

export interface LocalRunnerOptions {
  /** Where its programs' groups are kept until they end, to be killed if the worker exits first. */
  groups: ProcessGroups;
  /** Seconds between SIGTERM and SIGKILL when the cap fires or the run is cancelled. */
  graceS?: number;
  cols?: number;
  rows?: number;
  /** Names its programs may receive beyond the allowlist (Settings). */
  envNames?: readonly string[];
}

export class LocalRunner implements SlotHost {
  readonly name = 'local';
  readonly backend = 'local';
  readonly envNames: readonly string[];
  private readonly graceMs: number;

  constructor(private readonly options: LocalRunnerOptions) {
    this.graceMs = (options.graceS ?? killGraceS) * 1000;
    this.envNames = options.envNames ?? [];
  }

  get probeKey(): string {
    return `local:${process.env.PATH ?? ''}`;
  }

  async prepare(): Promise<void> {}

  /** The GPUs `nvidia-smi -L` lists here (none when it is missing or fails). */
  gpus(signal: AbortSignal): Promise<string[]> {
    return new Promise((resolve) => {
      const child = spawn('nvidia-smi', ['-L'], { env: toolEnv(), stdio: ['ignore', 'pipe', 'ignore'], signal });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.once('error', () => resolve([]));
      child.once('close', (code) => resolve(code === 0 ? parseGpuList(out) : []));
    });
  }

  /** The volume of the experiment's folder, where this attempt's folder will be. */
  async freeBytes(spec: AttemptSpec): Promise<number | null> {
    return localFreeBytes(this.volumeOf(spec));
  }

  volumeOf(spec: AttemptSpec): string {
    return dirname(spec.localDir);
  }

  runAttempt(spec: AttemptSpec, events: RunnerEvents, signal: AbortSignal): Promise<RawOutcome> {
    return this.runOne(spec, events, signal);
  }

  async close(): Promise<void> {}

  private async runOne(spec: AttemptSpec, events: RunnerEvents, signal: AbortSignal): Promise<RawOutcome> {
    const host = 'local';
    const dir = spec.localDir;
    try {
      mkdirSync(dir, { recursive: true });
      writeCaseFiles(dir, spec.files);
      linkDataEntries(dir, spec.dataDir);
    } catch (err) {
      // The program never started: the attempt failed, and its error says why.
      events.dispatched(spec.attemptId, { host, backendJobId: null });
      return { end: 'exited', exitCode: null, wallS: null, graderOutput: null, error: `could not prepare the working folder: ${(err as Error).message}`, host };
    }
    const env = programEnv(attemptEnv(spec), spec.envNames);
    const envNames = Object.keys(env).sort();
    const nonce = randomBytes(8).toString('hex');
    const started = performance.now();
    let term: IPty;
    try {
      term = spawnPty('/bin/bash', ['--norc', '-c', wrapperScript, 'rwb-attempt', nonce, spec.command], {
        name: 'xterm-256color',
        cols: this.options.cols ?? 120,
        rows: this.options.rows ?? 32,
        cwd: dir,
        env,
      });
    } catch (err) {
      events.dispatched(spec.attemptId, { host, backendJobId: null });
      return { end: 'unknown', exitCode: null, wallS: null, graderOutput: null, error: `could not start bash in a PTY: ${(err as Error).message}`, host };
    }
    const pgid = term.pid;
    const untrack = this.options.groups.track(pgid);
    events.dispatched(spec.attemptId, { host, backendJobId: String(pgid) });
    events.started(spec.attemptId, { host, backendJobId: String(pgid) });

    const scanner = new ExitMarkerScanner(nonce);
    let markerCode: number | null = null;
    let markerAt: number | null = null;
    let reason: 'timeout' | 'interrupted' | null = null;
    const exited = new Promise<{ exitCode: number; signal?: number }>((resolve) => term.onExit(resolve));
    term.onData((chunk) => {
      const { output, exitCode } = scanner.push(chunk);
      if (output) events.output(spec.attemptId, output);
      if (exitCode !== null && markerCode === null) {
        markerCode = exitCode;
        markerAt = performance.now();
        term.write('\r');
      }
    });
    const stop = (why: 'timeout' | 'interrupted') => {
      if (reason !== null || markerCode !== null) return;
      reason = why;
      void stopGroup(pgid, this.graceMs, exited);
    };
    const cap = setTimeout(() => stop('timeout'), spec.timeoutS * 1000);
    const onAbort = () => stop('interrupted');
    signal.addEventListener('abort', onAbort, { once: true });
    const exit = await exited;
    clearTimeout(cap);
    signal.removeEventListener('abort', onAbort);
    // Whatever the program left behind in its group goes with it.
    signalGroup(pgid, 'SIGKILL');
    untrack();
    const rest = scanner.rest();
    if (rest) events.output(spec.attemptId, rest);

    const wallS = ((markerAt ?? performance.now()) - started) / 1000;
    const exitCode = markerCode ?? (exit.signal ? 128 + exit.signal : exit.exitCode);
    if (reason === 'interrupted') return { end: 'interrupted', exitCode, wallS, graderOutput: null, error: 'cancelled', host, envNames };
    if (reason === 'timeout')
      return { end: 'timeout', exitCode, wallS, graderOutput: null, error: `killed at the ${spec.timeoutS} s time cap`, host, envNames };

    let graderOutput: string | null = null;
    let error: string | null = null;
    if (spec.score.from === 'command') {
      const grader = await runLocalGrader(
        spec.score.command,
        dir,
        programEnv(attemptEnv(spec), spec.envNames),
        Math.max(spec.timeoutS, 60),
        signal,
        this.options.groups,
      );
      graderOutput = grader.stdout;
      if (signal.aborted) return { end: 'interrupted', exitCode, wallS, graderOutput: null, error: 'cancelled while grading', host, envNames };
      if (grader.timedOut) error = 'the grader hit its time cap';
      else if (grader.exitCode !== 0) error = `the grader exited with ${grader.exitCode}`;
    }
    return { end: 'exited', exitCode, wallS, graderOutput, error, host, envNames };
  }
}
