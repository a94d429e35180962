import { rejectedParameterOf } from './rejected-parameter.js';

/**
 * A failed model request, normalised across transports so retry logic and the CLI's exit codes do
 * not depend on which transport raised it.
 */
export type ModelErrorKind =
  /** The server answered with an HTTP error status. */
  | 'http'
  /** No connection could be made: the host name did not resolve, or nothing answered there. */
  | 'unreachable'
  /** The connection failed or was reset after it was made, before a response arrived. */
  | 'network'
  /** A streamed response broke off midway. */
  | 'stream_cut'
  /** The response arrived but is unusable (no finish reason, empty, malformed function call). */
  | 'invalid_response';

/**
 * What the API says when it does not serve a model under that name: 404 NOT_FOUND ("models/x is
 * not found for API version v1beta, or is not supported for generateContent"; Vertex: "Publisher
 * Model … was not found"), or a 400 that says the model is unknown or unsupported.
 */
const MODEL_UNKNOWN =
  /not found|does not exist|not supported for (?:stream)?generatecontent|unsupported model|\bmodel\b.{0,80}?\bis not supported/i;

export class ModelRequestError extends Error {
  override readonly name = 'ModelRequestError';
  readonly kind: ModelErrorKind;
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** The Google error's status name, e.g. `NOT_FOUND` or `RESOURCE_EXHAUSTED`. */
  readonly apiStatus: string | undefined;
  /** The Google error's own message (`error.message` of the body). */
  readonly apiMessage: string | undefined;
  /** The quotas a 429 names (`google.rpc.QuotaFailure` violations' `quotaId`). */
  readonly quotaIds: readonly string[];
  /** How long the server asked us to wait before retrying (`google.rpc.RetryInfo.retryDelay`). */
  readonly retryDelayMs: number | undefined;

  constructor(
    message: string,
    details: {
      kind: ModelErrorKind;
      status?: number;
      apiStatus?: string;
      apiMessage?: string;
      quotaIds?: readonly string[];
      retryDelayMs?: number;
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status;
    this.apiStatus = details.apiStatus;
    this.apiMessage = details.apiMessage;
    this.quotaIds = details.quotaIds ?? [];
    this.retryDelayMs = details.retryDelayMs;
  }

  /**
   * True for errors that are worth another attempt: 429 (unless a daily quota ran out), 499, 5xx,
   * connections that failed and broken streams.
   */
  get retryable(): boolean {
    if (this.kind !== 'http') return true;
    if (this.isDailyQuotaExhausted) return false;
    const status = this.status ?? 0;
    return status === 429 || status === 499 || status >= 500;
  }

  /** True when the server rejected the credentials (401/403). */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /**
   * True when the API does not serve the model asked for (unknown, misspelt or retired). A 400
   * that names a generation parameter is about that parameter, even when it says the model does
   * not support it: another model would not be the answer (see rejected-parameter.ts).
   */
  get isModelNotFound(): boolean {
    if (this.kind !== 'http' || this.apiMessage === undefined) return false;
    if (this.status === 404)
      return this.apiStatus === 'NOT_FOUND' || /model/i.test(this.apiMessage);
    return (
      this.status === 400 &&
      MODEL_UNKNOWN.test(this.apiMessage) &&
      rejectedParameterOf(this) === undefined
    );
  }

  /** True for a 429: the model's quota (per minute or per day) is used up for now. */
  get isQuotaExhausted(): boolean {
    return this.kind === 'http' && this.status === 429;
  }

  /** A 429 for a per-day quota: waiting minutes will not help, so it is not retried. */
  get isDailyQuotaExhausted(): boolean {
    return this.isQuotaExhausted && this.quotaIds.some((id) => /PerDay/i.test(id));
  }
}
