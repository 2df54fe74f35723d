import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { signalGroup, stopGroup, type ProcessGroups } from './process-group';
import { killGraceS } from './runner';

/** Grader output beyond this is not kept (a score is one number). */
const maxGraderChars = 1024 * 1024;

export interface GraderRun {
  stdout: string;
  exitCode: number | null;
  timedOut: boolean;
}

/**
 * Runs a grader command (`{"from":"command"}` score rule) with bash in `cwd`, in its own
 * process group, for at most `timeoutS`, with `env` as its whole environment (the caller
 * builds it from the allowlist); resolves with its stdout (stderr is discarded).
 */
export function runLocalGrader(
  command: string,
  cwd: string,
  env: Record<string, string>,
  timeoutS: number,
  signal: AbortSignal,
  groups: ProcessGroups,
): Promise<GraderRun> {
  return new Promise((resolve) => {
    const child = spawn('/bin/bash', ['--norc', '-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      if (stdout.length < maxGraderChars) stdout += d;
    });
    const untrack = child.pid ? groups.track(child.pid) : () => {};
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    const stop = () => {
      if (child.pid) void stopGroup(child.pid, killGraceS * 1000, exited);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutS * 1000);
    signal.addEventListener('abort', stop, { once: true });
    child.once('error', () => resolve({ stdout, exitCode: null, timedOut }));
    child.once('close', (code, sig) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      untrack();
      if (child.pid) signalGroup(child.pid, 'SIGKILL');
      resolve({ stdout, exitCode: code ?? (sig ? 128 + constants.signals[sig] : null), timedOut });
    });
  });
}
