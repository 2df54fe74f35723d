/**
 * How a pipeline run calls the model: through the run's ModelClient, recording every ledger
 * row it used (for its costs and its replay), and sorting failures into those that end one
 * unit of work (an HTTP error, a schema-invalid or truncated answer: the unit is reported and
 * the run goes on) and those that end the run (cancel, deadline, a limit, an unresolved
 * request, a replay miss: the run stops and can be resumed).
 */
import type { ModelClient } from './model-client';
import { ModelCallError, type ModelFailureReason } from './model-errors';
import { buildRequest, type StructuredRequest } from './model-request';
import { Semaphore } from './semaphore';

/** An answer, or why one unit got none. */
export type CallResult<T> = { ok: true; value: T; requestId: number } | { ok: false; reason: ModelFailureReason; message: string; requestId: number | null };

/** Failures that say nothing about the unit, only that the run cannot go on. */
const runStopping: ReadonlySet<ModelFailureReason> = new Set(['no_key', 'replay_miss', 'unresolved', 'no_price', 'limit', 'deadline', 'cancelled']);

/** The run must stop; `reason` says why (the model failure reason of the call that found out). */
export class RunStopped extends Error {
  override name = 'RunStopped';

  constructor(
    readonly reason: ModelFailureReason,
    message: string,
  ) {
    super(message);
  }
}

/** A ledger row a run used, as it saw it. */
export interface UsedRequest {
  requestId: number;
  source: 'network' | 'ledger';
  failure: ModelFailureReason | null;
  message: string | null;
}

/** A call this run made that gave no answer, by request hash; replay answers it the same way. */
export interface RecordedFailure {
  requestId: number;
  reason: ModelFailureReason;
  message: string;
}

/** What a {@link RunCaller} calls through and records to. */
export interface RunCallerOptions {
  /** Null for a run that makes no model call (Filtered curation). */
  client: ModelClient | null;
  /** Records a ledger row the run used; absent in replay, which writes nothing. */
  record?: (used: UsedRequest) => Promise<void>;
  /** Replay: this run's failed calls, which the ledger cannot answer (it only answers returned rows). */
  recordedFailures?: ReadonlyMap<string, RecordedFailure>;
  /**
   * Calls let through to the client at once (the client's own concurrency limit, default 4).
   * A run may start hundreds of calls together; holding them here rather than in the client's
   * queue keeps one abort listener per call in flight instead of per call waiting.
   */
  concurrency?: number;
}

/** The run's door to the model. */
export class RunCaller {
  /** Calls answered, from the network or the ledger. */
  answered = 0;
  private readonly gate: Semaphore;

  constructor(private readonly options: RunCallerOptions) {
    this.gate = new Semaphore(options.concurrency ?? 4);
  }

  async call<T>(request: StructuredRequest<T>): Promise<CallResult<T>> {
    const { client, record, recordedFailures } = this.options;
    if (client === null) throw new Error(`${request.purpose}: this run has no model client`);
    if (recordedFailures?.size) {
      const failed = recordedFailures.get(buildRequest(request).hash);
      if (failed) return { ok: false, reason: failed.reason, message: failed.message, requestId: failed.requestId };
    }
    await this.gate.acquire();
    try {
      const result = await client.call(request);
      await record?.({ requestId: result.requestId, source: result.source, failure: null, message: null });
      this.answered++;
      return { ok: true, value: result.value, requestId: result.requestId };
    } catch (err) {
      if (!(err instanceof ModelCallError)) throw err;
      const requestId = err.details.requestId ?? null;
      // An unresolved row was sent by an earlier process, not by this call.
      if (requestId !== null && err.reason !== 'unresolved') {
        await record?.({ requestId, source: 'network', failure: err.reason, message: err.message });
      }
      if (runStopping.has(err.reason)) throw new RunStopped(err.reason, err.message);
      return { ok: false, reason: err.reason, message: err.message, requestId };
    } finally {
      this.gate.release();
    }
  }
}
