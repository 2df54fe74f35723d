/** Events the backend pushes to every connected window or browser tab. */
import type { CorpusTable } from './corpus-tables';
import type { AttemptRow } from './runs/run-types';

export interface DbChangedEvent {
  type: 'db:changed';
  /** The tables a write changed; empty when it could have changed any (a whole corpus was replaced). */
  tables: CorpusTable[];
}

export interface JobProgressEvent {
  type: 'job:progress';
  jobId: string;
  kind: string;
  phase: 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number | null;
  message: string;
}

/**
 * Terminal output of a running attempt, as the program wrote it (a PTY's bytes decoded as
 * UTF-8, ANSI sequences kept): batched by the worker (about 16 ms or 200 KB per event), to
 * be written straight into a terminal widget. The full log stays in the corpus (`attempts.log`).
 */
export interface AttemptOutputEvent {
  type: 'attempt:output';
  /** The run (`runs.start` job) the attempt belongs to. */
  jobId: string;
  attemptId: number;
  data: string;
  /** Characters of this attempt's output before `data` (what `attempts.output` counts from). */
  offset: number;
}

/** An attempt changed state (dispatched, running, finished); carries the whole row. */
export interface AttemptStatusEvent {
  type: 'attempt:status';
  jobId: string;
  attempt: AttemptRow;
}

/**
 * Said by a window's own event connection, never by the backend, each time it connects or
 * reconnects: events sent while it was down are gone, so whoever follows a stream reads what it
 * missed (a terminal, from the attempt's output by offset) and whoever waits on the backend tries again.
 */
export interface EventsConnectedEvent {
  type: 'events:connected';
}

/**
 * The worker process stopped unexpectedly and a new one was started on the same corpus; calls
 * in flight when it stopped were answered with `unavailable`. Sent by the shell, not the worker.
 */
export interface WorkerRestartedEvent {
  type: 'worker:restarted';
  /** How the old worker ended, e.g. `SIGKILL` or `exit 1`. */
  reason: string;
}

/**
 * The worker process crashed too often in a short time to be restarted at once: calls are
 * refused until it starts again at `restartAt` (then `worker:restarted` follows), or, when
 * null, until the corpus is reopened. Sent by the shell, not the worker.
 */
export interface WorkerDownEvent {
  type: 'worker:down';
  /** How the last worker ended, e.g. `SIGKILL`. */
  reason: string;
  /** Crashes within the restart policy's window. */
  crashes: number;
  /** When a new worker starts (milliseconds since the epoch), or null for never on its own. */
  restartAt: number | null;
}

export type WorkbenchEvent =
  DbChangedEvent | JobProgressEvent | AttemptOutputEvent | AttemptStatusEvent | EventsConnectedEvent | WorkerRestartedEvent | WorkerDownEvent;
export type EventListener = (event: WorkbenchEvent) => void;
