/**
 * The Electron side of the worker protocol: runs the worker in a `utilityProcess`, forwards
 * calls, fans out its events, and restarts it when it crashes. It mirrors serve mode's
 * `WorkerClient`: a worker that dies fails its pending calls with `unavailable` instead of
 * leaving them hanging.
 */
import { utilityProcess, type UtilityProcess } from 'electron';
import type { Result } from '../common/contract';
import type { ApiErrorData } from '../common/errors';
import type { EventListener } from '../common/events';
import { encodeWorkerArgs, type WorkerCredentials, type WorkerMessage, type WorkerRequest } from '../common/worker-protocol';

/** Which corpus file the worker opens, and whether to seed it from the sample bundle. */
export interface CorpusLocation {
  db: string;
  seedSample: boolean;
}

/** Outcome of starting a worker: the corpus is open, or the error that stopped it. */
export type StartResult = { ok: true } | { ok: false; error: ApiErrorData };

export interface WorkerHostOptions {
  /** The bundled worker entry (`out/main/worker.js`). */
  workerPath: string;
  /** better-sqlite3's addon built for Electron, passed to the worker when present. */
  nativeBinding?: string;
}

/** More crashes than this within `crashWindowMs` stop the restarts: the worker would only crash again. */
const maxCrashes = 3;
const crashWindowMs = 60_000;

function unavailable(message: string): { ok: false; error: ApiErrorData } {
  return { ok: false, error: { code: 'unavailable', message } };
}

export class WorkerHost {
  private child: UtilityProcess | undefined;
  private ready: Promise<StartResult> = Promise.resolve(unavailable('the worker process has not been started'));
  private corpus: CorpusLocation | undefined;
  private crashes: number[] = [];
  private credentials: WorkerCredentials | undefined;
  /** The child that has said ready; only it may be sent credentials directly. */
  private readyChild: UtilityProcess | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, (result: Result<unknown>) => void>();
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly options: WorkerHostOptions) {}

  /** The corpus the worker was last asked to open. */
  get location(): CorpusLocation | undefined {
    return this.corpus;
  }

  /**
   * Stops any running worker and starts one on `corpus`. Resolves once the corpus is open or
   * refused; calls made meanwhile wait for the outcome rather than failing.
   */
  open(corpus: CorpusLocation): Promise<StartResult> {
    this.stop();
    this.corpus = corpus;
    this.crashes = [];
    return this.spawn(corpus);
  }

  /** Forwards one call to the worker; never rejects. */
  async call(op: string, request: unknown): Promise<Result<unknown>> {
    const ready = this.ready;
    const started = await ready;
    // A restart or a corpus switch while waiting: wait for the new worker instead.
    if (ready !== this.ready) return this.call(op, request);
    if (!started.ok) return started;
    const child = this.child;
    if (!child) return unavailable('the worker process has stopped');
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      child.postMessage({ kind: 'request', id, op, request } satisfies WorkerRequest);
    });
  }

  /**
   * The API key every worker started from now on gets before its first call, and the
   * running one gets at once; it lives in this process's memory and the worker's only.
   */
  setCredentials(apiKey: string | null, source: WorkerCredentials['source']): void {
    this.credentials = { kind: 'credentials', apiKey, source };
    if (this.child && this.child === this.readyChild) this.child.postMessage(this.credentials);
  }

  /** Subscribes to the worker's events (they survive restarts); returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the worker on purpose: no restart, and pending calls fail with `unavailable`. */
  stop(): void {
    const child = this.child;
    this.child = undefined;
    this.ready = Promise.resolve(unavailable('the worker process was stopped'));
    this.failPending('the worker process was stopped');
    child?.kill();
  }

  private spawn(corpus: CorpusLocation): Promise<StartResult> {
    const args = encodeWorkerArgs({ ...corpus, shell: 'electron', nativeBinding: this.options.nativeBinding });
    const child = utilityProcess.fork(this.options.workerPath, args, {
      serviceName: 'Rubric Workbench worker',
      stdio: 'inherit',
    });
    this.child = child;
    this.ready = new Promise((resolve) => {
      let started = false;
      child.on('message', (message: WorkerMessage) => {
        if (this.child !== child) return;
        if (message.kind === 'ready') {
          started = true;
          // Before any call can be forwarded, so the first one already runs with the key.
          if (this.credentials) child.postMessage(this.credentials);
          this.readyChild = child;
          resolve({ ok: true });
        } else if (message.kind === 'fatal') {
          resolve({ ok: false, error: message.error });
        } else if (message.kind === 'response') {
          this.pending.get(message.id)?.(message.result);
          this.pending.delete(message.id);
        } else if (message.kind === 'event') {
          for (const listener of this.listeners) listener(message.event);
        }
      });
      child.once('exit', (code) => {
        // Settles the start if the worker died before saying ready or fatal; a no-op otherwise.
        resolve(unavailable(`the worker process exited while opening the corpus (exit ${code})`));
        if (this.child !== child) return;
        this.child = undefined;
        this.failPending(`the worker process stopped (exit ${code})`);
        this.ready = Promise.resolve(unavailable(`the worker process stopped (exit ${code})`));
        // A worker that failed to open its corpus would fail again: only a crash after a good start restarts.
        if (started && code !== 0) this.restartAfterCrash(corpus, code);
      });
    });
    return this.ready;
  }

  private restartAfterCrash(corpus: CorpusLocation, code: number): void {
    const now = Date.now();
    this.crashes = [...this.crashes.filter((t) => now - t < crashWindowMs), now];
    if (this.crashes.length > maxCrashes) {
      console.error(`worker: exited with code ${code}; ${this.crashes.length} crashes within a minute, not restarting`);
      this.ready = Promise.resolve(
        unavailable(`the worker process crashed ${this.crashes.length} times within a minute; reopen the corpus to try again`),
      );
      return;
    }
    console.error(`worker: exited with code ${code}; restarting`);
    void this.spawn(corpus);
  }

  private failPending(message: string): void {
    const failure = unavailable(message);
    for (const resolve of this.pending.values()) resolve(failure);
    this.pending.clear();
  }
}
