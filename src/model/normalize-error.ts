import { credentialsFailure } from './application-default-credentials.js';
import { ModelRequestError } from './errors.js';
import { asRecord } from '../platform/records.js';
import { errorCode } from '../platform/errors.js';

/**
 * Turns whatever a transport threw into a `ModelRequestError`, so retry logic and exit codes do not
 * depend on the transport. Aborts are passed through untouched: a cancelled request is the caller's
 * decision, not a failure worth retrying.
 */

const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';
const QUOTA_FAILURE_TYPE = 'type.googleapis.com/google.rpc.QuotaFailure';

/**
 * Error codes of connections that could not be made at all: the name did not resolve, nothing
 * listened, no route, or the connection attempt timed out (Node's `net`, `dns` and undici's).
 */
const CONNECT_ERROR_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Error codes of connections that broke once made (Node's `net` and undici's). */
const BROKEN_CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const NETWORK_ERROR_CODES = new Set([...CONNECT_ERROR_CODES, ...BROKEN_CONNECTION_CODES]);

/** True for `AbortError`s, whether a DOMException from fetch or an Error named so. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError')
  );
}

/** True when the error (or one of its causes) is a failed or broken connection. */
export function isNetworkError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const code = errorCode(current);
    if (code !== undefined && NETWORK_ERROR_CODES.has(code)) return true;
    // undici reports every connection failure as `TypeError: fetch failed` and a body that broke
    // off as `TypeError: terminated`, with the system error (if any) as the cause.
    if (
      current instanceof TypeError &&
      (current.message === 'fetch failed' || current.message === 'terminated')
    ) {
      return true;
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * True when a network error means a connection was made and then broke (worth the longer
 * back-off), false when none could be made: a known connect failure, or undici's `fetch failed`
 * over anything else (a TLS certificate refused, a port fetch will not use, a proxy).
 */
function isBrokenConnection(error: unknown): boolean {
  let current: unknown = error;
  let broken = false;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const code = errorCode(current);
    if (code !== undefined && CONNECT_ERROR_CODES.has(code)) return false;
    if (code !== undefined && BROKEN_CONNECTION_CODES.has(code)) broken = true;
    if (current instanceof TypeError && current.message === 'terminated') broken = true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return broken;
}

/** Parses a protobuf duration such as `"3s"` or `"0.5s"` into milliseconds. */
export function parseRetryDelay(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(value);
  if (!match?.[1]) return undefined;
  return Math.round(Number(match[1]) * 1000);
}

export interface GoogleErrorBody {
  message: string | undefined;
  /** The `error.status` string, e.g. `RESOURCE_EXHAUSTED`. */
  status: string | undefined;
  code: number | undefined;
  retryDelayMs: number | undefined;
  /** The `quotaId`s of a `QuotaFailure` detail (429s), e.g. `GenerateRequestsPerDayPerProjectPerModel`. */
  quotaIds: string[];
}

/**
 * Reads a Google API error body (`{error: {code, message, status, details: [...]}}`), also when it
 * is wrapped in an array (as some endpoints answer). Returns undefined for anything else.
 */
export function parseGoogleErrorBody(body: unknown): GoogleErrorBody | undefined {
  let parsed = body;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed) as unknown;
    } catch {
      return undefined;
    }
  }
  if (Array.isArray(parsed)) parsed = parsed[0];
  const error = asRecord(asRecord(parsed)?.['error']);
  if (!error) return undefined;
  let retryDelayMs: number | undefined;
  const quotaIds: string[] = [];
  const details = error['details'];
  if (Array.isArray(details)) {
    for (const detail of details) {
      const record = asRecord(detail);
      if (record?.['@type'] === RETRY_INFO_TYPE) {
        retryDelayMs = parseRetryDelay(record['retryDelay']);
      }
      if (record?.['@type'] === QUOTA_FAILURE_TYPE && Array.isArray(record['violations'])) {
        for (const violation of record['violations']) {
          const quotaId = asRecord(violation)?.['quotaId'];
          if (typeof quotaId === 'string') quotaIds.push(quotaId);
        }
      }
    }
  }
  return {
    message: typeof error['message'] === 'string' ? error['message'] : undefined,
    status: typeof error['status'] === 'string' ? error['status'] : undefined,
    code: typeof error['code'] === 'number' ? error['code'] : undefined,
    retryDelayMs,
    quotaIds,
  };
}

/** Builds the error for an HTTP error answer, from its status and raw body text. */
export function httpStatusError(
  status: number,
  bodyText: string,
  options: { cause?: unknown } = {},
): ModelRequestError {
  const body = parseGoogleErrorBody(bodyText);
  const detail = body?.message ?? (bodyText.trim().slice(0, 500) || 'no details');
  const statusName = body?.status ? ` ${body.status}` : '';
  return new ModelRequestError(`The model API answered HTTP ${status}${statusName}: ${detail}`, {
    kind: 'http',
    status,
    ...(body?.status !== undefined ? { apiStatus: body.status } : {}),
    ...(body?.message !== undefined ? { apiMessage: body.message } : {}),
    ...(body !== undefined && body.quotaIds.length > 0 ? { quotaIds: body.quotaIds } : {}),
    ...(body?.retryDelayMs !== undefined ? { retryDelayMs: body.retryDelayMs } : {}),
    cause: options.cause,
  });
}

/** Where the error happened, which decides between `network` and `stream_cut`. */
export interface ErrorContext {
  /** Set while iterating a stream: how many chunks had arrived before the error. */
  chunksReceived?: number;
}

function apiErrorStatus(error: unknown): number | undefined {
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return undefined;
}

/**
 * Normalises an error thrown by a transport. Returns the error to throw: a `ModelRequestError`, or
 * the original error for aborts and for errors that are not the model API's (bugs stay visible).
 */
export function normalizeModelError(error: unknown, context: ErrorContext = {}): unknown {
  if (error instanceof ModelRequestError || isAbortError(error)) return error;
  // Only Vertex AI reaches Google's auth library through here (Code Assist asks it itself).
  const credentials = credentialsFailure({ type: 'vertex-ai' }, error);
  if (credentials !== undefined) return credentials;
  const status = apiErrorStatus(error);
  if (status !== undefined && error instanceof Error) {
    // The SDK's ApiError carries the response body (JSON text) as its message.
    return httpStatusError(status, error.message, { cause: error });
  }
  const inStream = context.chunksReceived !== undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (inStream && (context.chunksReceived ?? 0) > 0) {
    return new ModelRequestError(
      `The model's streamed response broke off after ${context.chunksReceived ?? 0} chunk(s): ${message}`,
      { kind: 'stream_cut', cause: error },
    );
  }
  if (isNetworkError(error)) {
    return isBrokenConnection(error)
      ? new ModelRequestError(
          `The connection to the model API failed: ${describeNetworkError(error)}`,
          { kind: 'network', cause: error },
        )
      : new ModelRequestError(
          `Could not connect to the model API: ${describeNetworkError(error)}`,
          {
            kind: 'unreachable',
            cause: error,
          },
        );
  }
  if (inStream) {
    return new ModelRequestError(`The model's streamed response broke off: ${message}`, {
      kind: 'stream_cut',
      cause: error,
    });
  }
  return error;
}

function describeNetworkError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = errorCode(current);
    parts.push(
      code && !current.message.includes(code) ? `${current.message} (${code})` : current.message,
    );
    current = current.cause;
  }
  return parts.join(': ');
}
