import { ApiError, type ErrorCode } from '../../common/errors';

/**
 * Why a model call did not give a usable answer. The ledger row (when one was written) says
 * the same in its `error` column; `reason` is what code branches on.
 */
export type ModelFailureReason =
  /** No API key in live mode. */
  | 'no_key'
  /** Replay mode found no returned row for the request's hash. */
  | 'replay_miss'
  /** A previous request with this hash has an unknown outcome (it may have been paid for). */
  | 'unresolved'
  /** The model has no row in the price table while a dollar limit is set. */
  | 'no_price'
  /** The request or dollar limit would be exceeded. */
  | 'limit'
  /** The deadline passed before or while the request ran. */
  | 'deadline'
  /** The job was cancelled. */
  | 'cancelled'
  /** The API answered with an error status (after any transport retries). */
  | 'http'
  /** The connection failed on every attempt. */
  | 'transport'
  /** The body of a 200 response could not be read or parsed as a message. */
  | 'malformed_body'
  /** The model stopped at max_tokens, so its tool input is incomplete. */
  | 'truncated'
  /** The response has no tool_use block for the forced tool. */
  | 'no_tool_use'
  /** The tool input does not match the schema; kept verbatim in the ledger, never repaired. */
  | 'schema_invalid';

const codes: Record<ModelFailureReason, ErrorCode> = {
  no_key: 'unavailable',
  replay_miss: 'not_found',
  unresolved: 'unavailable',
  no_price: 'invalid_request',
  limit: 'unavailable',
  deadline: 'cancelled',
  cancelled: 'cancelled',
  http: 'unavailable',
  transport: 'unavailable',
  malformed_body: 'internal',
  truncated: 'internal',
  no_tool_use: 'internal',
  schema_invalid: 'internal',
};

/** What a model failure carries across process boundaries as `details`. */
export interface ModelFailureDetails {
  reason: ModelFailureReason;
  purpose: string;
  /** sha256 of the canonical request; absent only when no request was built. */
  hash?: string;
  /** The ledger row, when one was written or found. */
  requestId?: number;
  httpStatus?: number;
  /** Which limit refused the call, for `limit`. */
  limit?: 'requests' | 'dollars';
}

/** A model call that gave no usable answer: an {@link ApiError} whose `details.reason` says why. */
export class ModelCallError extends ApiError {
  declare readonly details: ModelFailureDetails;

  constructor(message: string, details: ModelFailureDetails) {
    super(codes[details.reason], message, details);
    this.name = 'ModelCallError';
  }

  get reason(): ModelFailureReason {
    return this.details.reason;
  }
}
