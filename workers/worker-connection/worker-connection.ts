/**
 * The shell's side of the worker protocol, the same for Electron main and serve mode: starts
 * the worker through an injected transport (Electron's utilityProcess or Node's fork),
 * forwards calls, fans out its events, hands it the API key before its first call, and
 * restarts it with backoff when it crashes. A worker that dies answers its in-flight calls
 * with `unavailable` instead of leaving them hanging. Imports nothing from Electron.
 *
 * At most `maxInFlight` reads are in the worker at once; calls wait here, first come first
 * served. Writes wait their turn but hold no slot, since one may wait in the worker for the
 * write lock as long as an import runs and would otherwise hold up every read. A call whose caller gives up (its AbortSignal fires, as when an HTTP client goes
 * away) is dropped while it waits here and never reaches the worker: a worker stalled by
 * one long request would otherwise run every abandoned request after it before a new one.
 * The health check (`app.info`) goes ahead of every waiting call, so it waits only for the
 * few reads already in the worker, however many queue here.
 */
import { isOperationName, operations, type Result } from '../../common/contract';
import type { ApiErrorData } from '../../common/errors';
import type { EventListener, WorkbenchEvent } from '../../common/events';
import type { Person } from '../../common/people/people';
import type { ShellMessage, WorkerArgs, WorkerCredentials, WorkerMessage } from '../../common/worker-protocol';
import { CrashHistory, defaultRestartPolicy, type RestartPolicy } from './restart-policy';

/** How a worker process ended: an exit code, or the signal that killed it (Node only). */
export interface WorkerExit {
  code: number | null;
  signal?: string | null;
}

/** One running worker process, as the shell sees it. */
export interface WorkerTransport {
  send(message: ShellMessage): void;
  onMessage(listener: (message: WorkerMessage) => void): void;
  onExit(listener: (exit: WorkerExit) => void): void;
  /** Ends the worker on purpose. */
  stop(): void;
}

export type SpawnWorker = (args: WorkerArgs) => WorkerTransport;

/** Outcome of starting a worker: the corpus is open, or the error that stopped it. */
export type StartResult = { ok: true } | { ok: false; error: ApiErrorData };

export interface WorkerConnectionOptions {
  restart?: RestartPolicy;
  /** Where the connection says that a worker crashed and whether it restarts (stderr by default). */
  log?: (line: string) => void;
  now?: () => number;
  /** How many reads may be in the worker at once (it runs them one by one, so a few suffice). */
  maxInFlight?: number;
}

export interface CallOptions {
  /** Aborting it answers the call with `cancelled`: dropped if still waiting here, its answer discarded if already in the worker. */
  signal?: AbortSignal;
  /** Serve mode's signed-in person the call is made for. */
  person?: Person;
}

/**
 * Enough to keep the worker busy (it runs one read at a time, so one more waits in its channel
 * while it answers another); what waits here beyond it can still be dropped, and the health
 * check waits for no more than these.
 */
export const defaultMaxInFlight = 2;

/** Answered ahead of every waiting call, holding no slot: a health check, cheap and never waiting on anything. */
const jumpsQueue = (op: string) => op === 'app.info';

/** A call waiting for its turn; `counted` when it needs one of the `maxInFlight` slots. */
interface Waiting {
  counted: boolean;
  grant(): void;
}

/** Reads run in the worker at once, without waiting on anything: they are what a slot limits. */
function needsSlot(op: string): boolean {
  if (jumpsQueue(op)) return false;
  return !isOperationName(op) || operations[op].access === 'read';
}

/** A call in the worker: how to answer its caller, and the slot it frees when the worker answers. */
interface PendingCall {
  settle(result: Result<unknown>): void;
  release(): void;
}

function cancelled(op: string): { ok: false; error: ApiErrorData } {
  return { ok: false, error: { code: 'cancelled', message: `${op}: the caller went away before the answer` } };
}

function unavailable(message: string): { ok: false; error: ApiErrorData } {
  return { ok: false, error: { code: 'unavailable', message } };
}

function describe(exit: WorkerExit): string {
  return exit.signal ? exit.signal : `exit ${exit.code}`;
}

export class WorkerConnection {
  private transport: WorkerTransport | undefined;
  private ready: Promise<StartResult> = Promise.resolve(unavailable('the worker process has not been started'));
  private current: WorkerArgs | undefined;
  private crashes: CrashHistory;
  private credentials: WorkerCredentials | undefined;
  /** The worker that has said ready; only it may be sent credentials directly. */
  private readyTransport: WorkerTransport | undefined;
  /** Cancels a restart waiting out its backoff, settling the calls that wait for it. */
  private cancelRestart: (() => void) | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, PendingCall>();
  /** Reads in the worker, or granted a slot and about to be sent. */
  private active = 0;
  /** Calls waiting for their turn, oldest first. */
  private readonly waiting: Waiting[] = [];
  private readonly maxInFlight: number;
  private readonly listeners = new Set<EventListener>();
  private readonly policy: RestartPolicy;
  private readonly log: (line: string) => void;
  private readonly now: () => number;

  constructor(
    private readonly spawnWorker: SpawnWorker,
    options: WorkerConnectionOptions = {},
  ) {
    this.policy = options.restart ?? defaultRestartPolicy;
    this.log = options.log ?? ((line) => console.error(line));
    this.now = options.now ?? Date.now;
    this.maxInFlight = options.maxInFlight ?? defaultMaxInFlight;
    this.crashes = new CrashHistory(this.policy, this.now);
  }

  /** What the worker was last asked to open. */
  get args(): WorkerArgs | undefined {
    return this.current;
  }

  /**
   * Stops any running worker and starts one with `args`. Resolves once the corpus is open or
   * refused; calls made meanwhile wait for the outcome rather than failing.
   */
  open(args: WorkerArgs): Promise<StartResult> {
    void this.stop();
    this.current = args;
    this.crashes = new CrashHistory(this.policy, this.now);
    return this.spawn(args, undefined);
  }

  /** Forwards one call to the worker once a slot is free; never rejects. */
  async call(op: string, request: unknown, options: CallOptions = {}): Promise<Result<unknown>> {
    const { signal } = options;
    if (signal?.aborted) return cancelled(op);
    const ready = this.ready;
    const started = await ready;
    // A restart or a corpus switch while waiting: wait for the new worker instead.
    if (ready !== this.ready) return this.call(op, request, options);
    if (!started.ok) return started;
    if (signal?.aborted) return cancelled(op);
    const counted = needsSlot(op);
    if (!(await this.acquire(counted, jumpsQueue(op), signal))) return cancelled(op);
    const release = () => this.release(counted);
    // The worker died or was replaced while this call waited for a slot: wait for the next one.
    if (ready !== this.ready || !this.transport) {
      release();
      return this.call(op, request, options);
    }
    const transport = this.transport;
    const id = this.nextId++;
    return new Promise((resolve) => {
      const onAbort = () => resolve(cancelled(op));
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (result: Result<unknown>) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      this.pending.set(id, { settle, release });
      try {
        transport.send({ kind: 'request', id, op, request, person: options.person });
      } catch (err) {
        // A request the channel cannot carry (not cloneable, or the channel just closed) fails alone.
        this.pending.delete(id);
        release();
        settle(unavailable(`the request could not be sent to the worker process: ${(err as Error).message}`));
      }
    });
  }

  /**
   * Resolves true once it is the call's turn (and it holds a slot if `counted`), or false if it
   * was abandoned while waiting; `first` puts it ahead of every waiting call.
   */
  private acquire(counted: boolean, first: boolean, signal: AbortSignal | undefined): Promise<boolean> {
    return new Promise((resolve) => {
      const entry: Waiting = {
        counted,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(true);
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(false);
        // A read dropped from the head may have held up the calls behind it.
        this.pump();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (first) this.waiting.unshift(entry);
      else this.waiting.push(entry);
      this.pump();
    });
  }

  private release(counted: boolean): void {
    if (counted) this.active--;
    this.pump();
  }

  /** Lets waiting calls go in order, until a read finds every slot taken. */
  private pump(): void {
    while (this.waiting.length > 0) {
      const head = this.waiting[0]!;
      if (head.counted) {
        if (this.active >= this.maxInFlight) return;
        this.active++;
      }
      this.waiting.shift();
      head.grant();
    }
  }

  /**
   * The API key every worker started from now on gets before its first call, and the running
   * one gets at once; it lives in this process's memory and the worker's only.
   */
  setCredentials(apiKey: string | null, source: WorkerCredentials['source']): void {
    this.credentials = { kind: 'credentials', apiKey, source };
    if (this.transport && this.transport === this.readyTransport) this.transport.send(this.credentials);
  }

  /** Subscribes to the worker's events and `worker:restarted` (they survive restarts); returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Stops the worker on purpose: no restart, and pending calls fail with `unavailable`.
   * Resolves once the worker has exited.
   */
  stop(): Promise<void> {
    this.cancelRestart?.();
    const transport = this.transport;
    this.transport = undefined;
    this.readyTransport = undefined;
    this.ready = Promise.resolve(unavailable('the worker process was stopped'));
    this.failPending('the worker process was stopped');
    if (!transport) return Promise.resolve();
    const exited = new Promise<void>((resolve) => transport.onExit(() => resolve()));
    transport.stop();
    return exited;
  }

  /** Starts a worker; `restartReason` says which crash it replaces, so its ready is announced. */
  private spawn(args: WorkerArgs, restartReason: string | undefined): Promise<StartResult> {
    const transport = this.spawnWorker(args);
    this.transport = transport;
    this.ready = new Promise((resolve) => {
      let started = false;
      transport.onMessage((message) => {
        if (this.transport !== transport) return;
        if (message.kind === 'ready') {
          started = true;
          // Before any call can be forwarded, so the first one already runs with the key.
          if (this.credentials) transport.send(this.credentials);
          this.readyTransport = transport;
          resolve({ ok: true });
          if (restartReason !== undefined) this.emit({ type: 'worker:restarted', reason: restartReason });
        } else if (message.kind === 'fatal') {
          resolve({ ok: false, error: message.error });
        } else if (message.kind === 'response') {
          const call = this.pending.get(message.id);
          this.pending.delete(message.id);
          call?.settle(message.result);
          call?.release();
        } else if (message.kind === 'event') {
          this.emit(message.event);
        }
      });
      transport.onExit((exit) => {
        const how = describe(exit);
        // Settles the start if the worker died before saying ready or fatal; a no-op otherwise.
        resolve(unavailable(`the worker process exited while opening the corpus (${how})`));
        if (this.transport !== transport) return;
        this.transport = undefined;
        this.readyTransport = undefined;
        this.failPending(`the worker process stopped (${how}) before answering; it is being restarted, so try again`);
        this.ready = Promise.resolve(unavailable(`the worker process stopped (${how})`));
        // A worker that failed to open its corpus would fail again: only a crash after a good start restarts.
        if (started && exit.code !== 0) this.restartAfterCrash(args, how);
      });
    });
    return this.ready;
  }

  private restartAfterCrash(args: WorkerArgs, how: string): void {
    const { count, delayMs } = this.crashes.record();
    if (delayMs === undefined) {
      this.stayDown(args, how, count);
      return;
    }
    this.log(`worker: stopped (${how}); restarting in ${delayMs} ms`);
    this.ready = new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.cancelRestart = undefined;
        resolve(this.spawn(args, how));
      }, delayMs);
      this.cancelRestart = () => {
        clearTimeout(timer);
        this.cancelRestart = undefined;
        resolve(unavailable('the worker process was stopped'));
      };
    });
  }

  /**
   * A worker that crashed too often: calls are refused at once (not held for the cool-down),
   * windows are told, and a new worker starts after the cool-down, if the policy has one.
   */
  private stayDown(args: WorkerArgs, how: string, count: number): void {
    const within = `${count} times within ${this.policy.windowMs / 1000} s`;
    const coolDownMs = this.policy.coolDownMs;
    const restartAt = coolDownMs === undefined ? null : this.now() + coolDownMs;
    this.emit({ type: 'worker:down', reason: how, crashes: count, restartAt });
    if (coolDownMs === undefined) {
      this.log(`worker: stopped (${how}); ${count} crashes within ${this.policy.windowMs / 1000} s, not restarting`);
      this.ready = Promise.resolve(unavailable(`the worker process crashed ${within}; reopen the corpus to try again`));
      return;
    }
    this.log(`worker: stopped (${how}); ${count} crashes within ${this.policy.windowMs / 1000} s, restarting in ${coolDownMs / 1000} s`);
    this.ready = Promise.resolve(unavailable(`the worker process crashed ${within}; it starts again in ${Math.ceil(coolDownMs / 1000)} s, try again then`));
    const timer = setTimeout(() => {
      this.cancelRestart = undefined;
      this.ready = this.spawn(args, how);
    }, coolDownMs);
    this.cancelRestart = () => {
      clearTimeout(timer);
      this.cancelRestart = undefined;
    };
  }

  private emit(event: WorkbenchEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private failPending(message: string): void {
    const failure = unavailable(message);
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) {
      call.settle(failure);
      call.release();
    }
  }
}
