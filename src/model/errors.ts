/**
 * A failed model request, normalised across transports so retry logic and the CLI's exit codes do
 * not depend on which transport raised it.
 */
export type ModelErrorKind =
  /** The server answered with an HTTP error status. */
  | 'http'
  /** The connection failed or was reset before a response arrived. */
  | 'network'
  /** A streamed response broke off midway. */
  | 'stream_cut'
  /** The response arrived but is unusable (no finish reason, empty, malformed function call). */
  | 'invalid_response';

export class ModelRequestError extends Error {
  override readonly name = 'ModelRequestError';
  readonly kind: ModelErrorKind;
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** How long the server asked us to wait before retrying (`google.rpc.RetryInfo.retryDelay`). */
  readonly retryDelayMs: number | undefined;

  constructor(
    message: string,
    details: { kind: ModelErrorKind; status?: number; retryDelayMs?: number; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status;
    this.retryDelayMs = details.retryDelayMs;
  }

  /** True for errors that are worth another attempt: 429, 499, 5xx, network and broken streams. */
  get retryable(): boolean {
    if (this.kind === 'network' || this.kind === 'stream_cut') return true;
    if (this.kind === 'invalid_response') return true;
    const status = this.status ?? 0;
    return status === 429 || status === 499 || status >= 500;
  }

  /** True when the server rejected the credentials (401/403). */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}
