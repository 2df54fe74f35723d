import type Anthropic from '@anthropic-ai/sdk';
import type { Db } from '../db/open-corpus';
import { CallLimits, type LimitOptions, type LimitUsage } from './call-limits';
import { Ledger, type ReturnedRow, type Settlement, type WriteSerializer } from './ledger';
import { ModelCallError, type ModelFailureDetails, type ModelFailureReason } from './model-errors';
import { noKeyMessage, type ModelMode } from '../context/model-env';
import { buildRequest, type BuiltRequest, type StructuredRequest } from './model-request';
import { costOf, PriceTable, worstCaseCost } from './price-table';
import { loadSdk, type Sdk } from './load-sdk';
import { readStructured } from './structured-output';
import { exchange, type Exchange, type RetryOptions } from './transport';

/**
 * Everything a run of model calls needs; one client per run (a job), disposed at its end.
 * Limits are per client.
 */
export interface ModelClientOptions {
  db: Db;
  mode: ModelMode;
  /** Required in live mode; never written anywhere. */
  apiKey?: string | null;
  /** The Messages API's origin; the SDK's default (or `ANTHROPIC_BASE_URL`) when absent. */
  baseURL?: string;
  limits?: LimitOptions;
  retry?: RetryOptions;
  /** Cancels the run (a job's signal): waiting calls give up, calls in flight are aborted. */
  signal?: AbortSignal;
  /** Sends a request again although an earlier one with its hash has an unknown outcome. */
  resendUnresolved?: boolean;
  /** Defaults to the corpus's price table (Settings). */
  prices?: PriceTable;
  /** Per HTTP attempt; a connection that times out counts as a transport failure (default 10 min). */
  requestTimeoutMs?: number;
  /**
   * The worker's write lock; see {@link WriteSerializer}. A caller holding it must not wait
   * on a call, whose ledger writes would then wait on the caller.
   */
  writes?: WriteSerializer;
  /** Called after every ledger write, so the worker can tell screens `model_requests` changed. */
  onLedgerChange?: () => void;
}

/** A structured answer and where it came from. */
export interface StructuredResult<T> {
  value: T;
  /** The ledger row holding the response. */
  requestId: number;
  hash: string;
  /** `ledger` when answered from a returned row (replay, or a request already paid for). */
  source: 'network' | 'ledger';
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
}

/**
 * The model client of docs/architecture.md: structured output through a forced tool, every request
 * in the ledger, limits on concurrency, requests, dollars and a deadline, and replay from
 * the ledger by request hash.
 */
export class ModelClient {
  private readonly ledger: Ledger;
  private readonly limits: CallLimits;
  private readonly prices: PriceTable;
  private readonly sdk: Anthropic | null;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Scrubs the key from any text the client stores or throws, in case a server echoed it. */
  private readonly redact: (text: string) => string;
  private retries = 0;

  private constructor(
    private readonly options: ModelClientOptions,
    sdk: Sdk | null,
  ) {
    const key = options.apiKey;
    this.redact = key ? (text) => text.split(key).join('[redacted]') : (text) => text;
    this.ledger = new Ledger(options.db, {
      redact: this.redact,
      writes: options.writes,
      onChange: options.onLedgerChange,
    });
    this.limits = new CallLimits(options.limits ?? {}, options.signal);
    this.prices = options.prices ?? PriceTable.load(options.db);
    this.sdk = sdk
      ? new sdk.default({
          apiKey: key,
          // Explicit, so a stray ANTHROPIC_AUTH_TOKEN cannot add a second credential.
          authToken: null,
          baseURL: options.baseURL,
          // Retries are the client's own, so each one is counted in the ledger.
          maxRetries: 0,
          timeout: options.requestTimeoutMs ?? 600_000,
          // The ledger is the record; SDK logs would copy bodies into the worker's stderr.
          logLevel: 'off',
        })
      : null;
  }

  /**
   * Opens a client for one run. In live mode, without a key it throws the `unavailable`
   * error every model feature shows; rows a dead process left `reserved` become `unresolved`.
   */
  static async open(options: ModelClientOptions): Promise<ModelClient> {
    if (options.mode === 'live' && !options.apiKey) throw new ModelCallError(noKeyMessage, { reason: 'no_key', purpose: 'any' });
    const client = new ModelClient(options, options.mode === 'live' ? await loadSdk() : null);
    // Replay writes nothing: it only reads what live runs recorded.
    if (options.mode === 'live') await client.ledger.sweepOrphans();
    return client;
  }

  /** Whether calls may be sent (`live`) or only answered from the ledger (`replay`). */
  get mode(): ModelMode {
    return this.options.mode;
  }

  /**
   * Asks for a structured answer. A request whose hash has a `returned` row is answered from
   * it, never paid twice (a schema-invalid answer too: a fresh sample needs a different
   * request); in replay mode any other request fails with `replay_miss`. Failures throw a
   * {@link ModelCallError}; a refused or unsent call writes no row.
   */
  async call<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const built = buildRequest(request);
    const recorded = this.ledger.findReturned(built.hash);
    if (recorded) return this.answerFromLedger(request, built, recorded);
    if (this.options.mode === 'replay') {
      throw this.failure(request, built, 'replay_miss', `replay: no recorded response for purpose "${request.purpose}", request hash ${built.hash}`);
    }
    const pending = this.inFlight.get(built.hash);
    if (pending) {
      // The same request is already in flight: wait for it, then answer from its row.
      await pending.catch(() => undefined);
      return this.call(request);
    }
    const unresolved = this.ledger.findUnresolved(built.hash);
    if (unresolved !== undefined && !this.options.resendUnresolved) {
      const message = `request ${unresolved} with this hash has an unknown outcome (it may have been paid for); resend unresolved requests to send it again`;
      throw this.failure(request, built, 'unresolved', message, { requestId: unresolved });
    }
    const sent = this.send(request, built);
    this.inFlight.set(built.hash, sent);
    try {
      return await sent;
    } finally {
      this.inFlight.delete(built.hash);
    }
  }

  /** Requests and dollars used so far, and transport retries made. */
  usage(): LimitUsage & { transportRetries: number } {
    return { ...this.limits.snapshot(), transportRetries: this.retries };
  }

  /** Stops the deadline timer. */
  dispose(): void {
    this.limits.dispose();
  }

  private async send<T>(request: StructuredRequest<T>, built: BuiltRequest): Promise<StructuredResult<T>> {
    const price = this.prices.priceOf(request.model);
    if (!price && this.options.limits?.maxUsd !== undefined) {
      throw this.failure(request, built, 'no_price', `no price for model ${request.model} in the price table (Settings), so the dollar limit cannot be kept`);
    }
    const worstUsd = price ? worstCaseCost(price, built.canonical, request.maxTokens) : 0;
    try {
      await this.limits.acquire();
    } catch {
      throw this.stopped(request, built);
    }
    try {
      const refused = this.limits.admit(worstUsd);
      if (refused) {
        const { maxRequests, maxUsd } = this.options.limits ?? {};
        const message =
          refused === 'requests'
            ? `the limit of ${maxRequests} requests is reached`
            : `the next request could cost up to $${worstUsd.toFixed(4)}, past the limit of $${maxUsd}`;
        throw this.failure(request, built, 'limit', message, { limit: refused });
      }
      const id = await this.ledger
        .reserve({ hash: built.hash, purpose: request.purpose, model: request.model, request: built.canonical })
        .catch((err: unknown) => {
          // Nothing was sent, so nothing was spent.
          this.limits.settle(worstUsd, 0);
          throw err;
        });
      const started = performance.now();
      const result = await exchange(this.sdk as Anthropic, built.body, {
        signal: this.limits.signal,
        retry: this.options.retry ?? {},
        onRetry: () => {
          this.retries++;
          return this.ledger.countRetry(id);
        },
      });
      return await this.settle(request, built, id, result, { worstUsd, latencyMs: performance.now() - started });
    } finally {
      this.limits.release();
    }
  }

  /** Writes the outcome of an exchange to its row and the limits, then answers or throws. */
  private async settle<T>(
    request: StructuredRequest<T>,
    built: BuiltRequest,
    id: number,
    result: Exchange,
    run: { worstUsd: number; latencyMs: number },
  ): Promise<StructuredResult<T>> {
    const { latencyMs, worstUsd } = run;
    const fail = async (reason: ModelFailureReason, message: string, settled: Omit<Settlement, 'error' | 'latencyMs'>) => {
      await this.ledger.settleFailed(id, { ...settled, error: message, latencyMs });
      this.limits.settle(worstUsd, settled.costUsd);
      const status = settled.httpStatus === null ? {} : { httpStatus: settled.httpStatus };
      return this.failure(request, built, reason, message, { requestId: id, ...status });
    };
    switch (result.kind) {
      case 'aborted':
        // Whether the API ran it is unknown, so its cost is too.
        throw await fail(this.limits.stopReason() ?? 'cancelled', `aborted in flight: ${this.limits.stopMessage()}`, {
          httpStatus: null,
          response: null,
          costUsd: null,
        });
      case 'transport_error':
        throw await fail('transport', result.message, { httpStatus: null, response: null, costUsd: 0 });
      case 'http_error':
        throw await fail('http', result.message, { httpStatus: result.status, response: result.body, costUsd: 0 });
      case 'body_error':
        throw await fail('malformed_body', result.message, { httpStatus: result.status, response: null, costUsd: null });
      case 'response':
        break;
    }
    const reading = readStructured(result.text, request.tool.name, request.tool.schema);
    if (reading.usage === null) {
      throw await fail(reading.reason, reading.message, { httpStatus: result.status, response: result.text, costUsd: null });
    }
    const { usage } = reading;
    const price = this.prices.priceOf(request.model);
    const costUsd = price ? costOf(price, usage) : null;
    const error = reading.ok ? null : reading.message;
    await this.ledger.settleReturned(id, { httpStatus: result.status, response: result.text, usage, schemaValid: reading.ok, error, latencyMs, costUsd });
    this.limits.settle(worstUsd, costUsd);
    if (!reading.ok) throw this.failure(request, built, reading.reason, reading.message, { requestId: id, httpStatus: result.status });
    const tokens = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
    return { value: reading.value, requestId: id, hash: built.hash, source: 'network', ...tokens, costUsd };
  }

  private stopped(request: StructuredRequest<unknown>, built: BuiltRequest): ModelCallError {
    const reason = this.limits.stopReason() ?? 'cancelled';
    return this.failure(request, built, reason, `not sent: ${this.limits.stopMessage()}`);
  }

  /** Answers from a returned row exactly as from a fresh response, so replay gives the same outcome. */
  private answerFromLedger<T>(request: StructuredRequest<T>, built: BuiltRequest, row: ReturnedRow): StructuredResult<T> {
    const reading = readStructured(row.response, request.tool.name, request.tool.schema);
    if (!reading.ok) throw this.failure(request, built, reading.reason, reading.message, { requestId: row.id, httpStatus: row.httpStatus });
    const { inputTokens, outputTokens, costUsd } = row;
    return { value: reading.value, requestId: row.id, hash: built.hash, source: 'ledger', inputTokens, outputTokens, costUsd };
  }

  /** The error a caller gets; it names the purpose and the ledger row, and never holds the key. */
  private failure(
    request: StructuredRequest<unknown>,
    built: BuiltRequest,
    reason: ModelFailureReason,
    message: string,
    extra: Partial<ModelFailureDetails> = {},
  ): ModelCallError {
    const where = extra.requestId === undefined ? request.purpose : `${request.purpose} request ${extra.requestId}`;
    return new ModelCallError(this.redact(`${where}: ${message}`), { reason, purpose: request.purpose, hash: built.hash, ...extra });
  }
}
