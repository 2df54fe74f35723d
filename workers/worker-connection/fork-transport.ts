/**
 * The worker as a Node child process (serve mode). It runs the bundle the desktop app ships
 * (`out/main/worker.js`, electron-vite's `worker` entry) when the build exists, so serve mode
 * and its tests exercise that artifact; otherwise the TypeScript sources through tsx.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeWorkerArgs, type WorkerArgs, type WorkerMessage } from '../../common/worker-protocol';
import type { SpawnWorker, WorkerTransport } from './worker-connection';

export const builtWorkerEntry = fileURLToPath(new URL('../../out/main/worker.js', import.meta.url));
const sourceWorkerEntry = fileURLToPath(new URL('../worker-main.ts', import.meta.url));

/** The entry to fork and the Node options it needs; resolved from here so any cwd works. */
export function workerEntry(): { path: string; execArgv: string[] } {
  if (existsSync(builtWorkerEntry)) return { path: builtWorkerEntry, execArgv: [] };
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
