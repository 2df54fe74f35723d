/**
 * The desktop app's worker: the shared `WorkerConnection` (the one serve mode uses) over an
 * Electron `utilityProcess`, with better-sqlite3's Electron build handed to the worker.
 */
import { utilityProcess } from 'electron';
import type { Result } from '../common/contract';
import type { EventListener } from '../common/events';
import { encodeWorkerArgs, type WorkerCredentials, type WorkerMessage } from '../common/worker-protocol';
import { WorkerConnection, type SpawnWorker, type StartResult, type WorkerConnectionOptions } from '../workers/worker-connection/worker-connection';

export type { StartResult } from '../workers/worker-connection/worker-connection';

/** Which corpus file the worker opens, and whether to seed it from the sample bundle. */
export interface CorpusLocation {
  db: string;
  seedSample: boolean;
}

export interface WorkerHostOptions extends WorkerConnectionOptions {
  /** The bundled worker entry (`out/main/worker.js`). */
  workerPath: string;
  /** better-sqlite3's addon built for Electron, passed to the worker when present. */
  nativeBinding?: string;
}

/** Runs the worker as a utilityProcess; its `exit` event carries only a code. */
function utilityProcessSpawner(workerPath: string): SpawnWorker {
  return (args) => {
    const child = utilityProcess.fork(workerPath, encodeWorkerArgs(args), {
      serviceName: 'Rubric Workbench worker',
      stdio: 'inherit',
    });
    return {
      send: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', (message: WorkerMessage) => listener(message)),
      onExit: (listener) => child.once('exit', (code) => listener({ code })),
      stop: () => child.kill(),
    };
  };
}

export class WorkerHost {
  private readonly connection: WorkerConnection;
  private corpus: CorpusLocation | undefined;

  constructor(private readonly options: WorkerHostOptions) {
    this.connection = new WorkerConnection(utilityProcessSpawner(options.workerPath), options);
  }

  /** The corpus the worker was last asked to open. */
  get location(): CorpusLocation | undefined {
    return this.corpus;
  }

  /** Stops any running worker and starts one on `corpus`; calls made meanwhile wait for the outcome. */
  open(corpus: CorpusLocation): Promise<StartResult> {
    this.corpus = corpus;
    return this.connection.open({ ...corpus, shell: 'electron', nativeBinding: this.options.nativeBinding });
  }

  /** Forwards one call to the worker; never rejects. */
  call(op: string, request: unknown): Promise<Result<unknown>> {
    return this.connection.call(op, request);
  }

  /** The API key for the running worker and every restarted one. */
  setCredentials(apiKey: string | null, source: WorkerCredentials['source']): void {
    this.connection.setCredentials(apiKey, source);
  }

  /** The worker's events and `worker:restarted`; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void {
    return this.connection.onEvent(listener);
  }

  /** Stops the worker on purpose: no restart, and pending calls fail with `unavailable`. */
  stop(): Promise<void> {
    return this.connection.stop();
  }
}
