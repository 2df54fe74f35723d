/**
 * The worker as a Node child process (serve mode). The built CLI forks the worker built with it
 * (`out/main/worker.js`, electron-vite's `worker` entry). Code running from the TypeScript
 * sources (tests, `bin/rwb.js`) forks that build too while it is as new as the sources, since
 * it starts with a third of tsx's CPU, and the sources through tsx once they have changed.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './build-freshness.js';
import { encodeWorkerArgs, type WorkerArgs, type WorkerMessage } from '../../common/worker-protocol';
import { isTypeScriptSource } from '../util/source-module';
import type { SpawnWorker, WorkerTransport } from './worker-connection';

export const builtWorkerEntry = fileURLToPath(new URL('../../out/main/worker.js', import.meta.url));
const sourceWorkerEntry = fileURLToPath(new URL('../worker-main.ts', import.meta.url));
const runningFromSources = isTypeScriptSource(import.meta.url);
/** Decided once a process: a worker restarted later runs the same code as the first. */
let useBuild: boolean | undefined;

/** The entry to fork and the Node options it needs; resolved from here so any cwd works. */
export function workerEntry(): { path: string; execArgv: string[] } {
  useBuild ??= !runningFromSources || !buildIsStale();
  if (useBuild) return { path: builtWorkerEntry, execArgv: [] };
  return { path: sourceWorkerEntry, execArgv: ['--import', import.meta.resolve('tsx')] };
}

export const forkWorker: SpawnWorker = (args: WorkerArgs): WorkerTransport => {
  const entry = workerEntry();
  const child = fork(entry.path, encodeWorkerArgs(args), {
    execArgv: entry.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  // A send to a worker that has just died reports the broken channel here; its exit handles the rest.
  child.on('error', (err) => console.error(`worker: ${err.message}`));
  return {
    send: (message) => {
      if (!child.connected) throw new Error('the worker process has disconnected');
      child.send(message);
    },
    onMessage: (listener) => child.on('message', (message) => listener(message as WorkerMessage)),
    onExit: (listener) => child.once('exit', (code, signal) => listener({ code, signal })),
    // The worker exits by itself, closing the corpus cleanly, when its IPC channel closes.
    stop: () => {
      if (child.connected) child.disconnect();
    },
  };
};
