import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Result } from '../../common/contract';
import { ApiError } from '../../common/errors';
import type { EventListener } from '../../common/events';
import { encodeWorkerArgs, type WorkerArgs, type WorkerMessage } from '../../common/worker-protocol';

const workerEntry = fileURLToPath(new URL('../worker-main.ts', import.meta.url));
/** The worker runs from the TypeScript sources through tsx, resolved from here so any cwd works. */
const tsxLoader = import.meta.resolve('tsx');

/**
 * The serve-mode side of the worker protocol: forks the worker process, forwards calls,
 * fans out its events. A worker that dies fails its pending calls instead of leaving them hanging.
 */
export class WorkerClient {
  private readonly pending = new Map<number, (result: Result<unknown>) => void>();
  private readonly listeners = new Set<EventListener>();
  private nextId = 1;
  private exited = false;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: WorkerMessage) => {
      if (message.kind === 'response') {
        this.pending.get(message.id)?.(message.result);
        this.pending.delete(message.id);
      } else if (message.kind === 'event') {
        for (const listener of this.listeners) listener(message.event);
      }
    });
    child.on('exit', (code, signal) => {
      this.exited = true;
      const error = { code: 'unavailable' as const, message: `the worker process stopped (${signal ?? `exit ${code}`})` };
      for (const resolve of this.pending.values()) resolve({ ok: false, error });
      this.pending.clear();
    });
  }

  /** Starts the worker and resolves once it has opened the corpus. */
  static start(args: WorkerArgs): Promise<WorkerClient> {
    const child = fork(workerEntry, encodeWorkerArgs(args), {
      execArgv: ['--import', tsxLoader],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    return new Promise((resolve, reject) => {
      const onMessage = (message: WorkerMessage) => {
        if (message.kind === 'ready') {
          child.off('exit', onExit);
          child.off('message', onMessage);
          resolve(new WorkerClient(child));
        } else if (message.kind === 'fatal') {
          reject(new ApiError(message.error.code, message.error.message, message.error.details));
        }
      };
      const onExit = (code: number | null) => reject(new ApiError('unavailable', `the worker process exited during start (exit ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }

  call(op: string, request: unknown): Promise<Result<unknown>> {
    if (this.exited) return Promise.resolve({ ok: false, error: { code: 'unavailable', message: 'the worker process has stopped' } });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.child.send({ kind: 'request', id, op, request });
    });
  }

  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.disconnect();
    await exited;
  }
}
