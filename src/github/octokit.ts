/**
 * The one way this project talks to GitHub: an Octokit with retries for server errors and
 * throttling for rate limits, pointed at the instance the run belongs to (github.com or GitHub
 * Enterprise). Every wait is logged and bounded, so a rate-limited run fails with a clear message
 * instead of sleeping until the job times out.
 */
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import Bottleneck from 'bottleneck/light.js';
import type { ConnectionFailure } from '../platform/connection-failure.js';
import { connectionFailure } from '../platform/connection-failure.js';
import type { Logger } from '../platform/logger.js';
import { yieldWithoutTimerClamp } from './scheduler-yield.js';
import { DEFAULT_API_URL } from './urls.js';

const GitHubOctokit = Octokit.plugin(retry, throttling);

/** The request options the throttling plugin hands to its limit handlers. */
type EndpointOptions = Parameters<
  InstanceType<typeof GitHubOctokit>['request']['endpoint']['parse']
>[0];

/** The REST client every GitHub module receives. */
export type GitHubClient = InstanceType<typeof GitHubOctokit>;

export interface RetryLimits {
  /** Retries after a 5xx (or another retryable failure); 0 turns retrying off. Default 3. */
  retries?: number;
  /** Retry `n` waits `n² × retryAfterBaseMs`. Default 1000 (1 s, 4 s, 9 s). */
  retryAfterBaseMs?: number;
}

export interface ThrottleLimits {
  /** Off in tests that make many writes: GitHub asks for a second between writes. Default on. */
  enabled?: boolean;
  /** Retries after hitting a rate limit, per request. Default 2. */
  maxRetries?: number;
  /**
   * The longest wait GitHub may ask for (`retry-after`, or until the primary limit resets)
   * before we give up instead of waiting. Default 120 s.
   */
  maxWaitSeconds?: number;
  /** Milliseconds per second of a wait GitHub asks for; tests make it tiny. Default 1000. */
  retryAfterBaseMs?: number;
}

export interface CreateOctokitOptions {
  token: string;
  /** `GITHUB_API_URL` (see `apiUrl` in urls.ts); github.com's API by default. */
  baseUrl?: string;
  logger: Logger;
  userAgent?: string;
  /** Each request is aborted after this long (a failure that is retried). Default 60 s. */
  requestTimeoutMs?: number;
  retry?: RetryLimits;
  throttle?: ThrottleLimits;
  /**
   * Answers the requests instead of the network; default the global `fetch`. The local dry run
   * passes one that answers in-process, so every request still goes through this client.
   */
  fetch?: typeof fetch;
}

const DEFAULTS = {
  retries: 3,
  retryAfterBaseMs: 1000,
  throttleRetries: 2,
  maxWaitSeconds: 120,
  requestTimeoutMs: 60_000,
};

/**
 * How writes (POST, PATCH, PUT, DELETE) are paced. GitHub asks an integration "making a large
 * number of" them to "wait at least one second between each request", and limits content-creating
 * requests to 80 a minute and 500 an hour
 * (https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api,
 * https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api). The throttling
 * plugin's own pacing put every write a second after the one before, so a run's last writes (the
 * pull request, then the final comment) each waited a second behind a progress edit: 1.5 s of a
 * task's end. A bucket of three, refilled one a second, keeps the same rate over any minute (at
 * most 62 writes) and lets a run's few writes at a time go at once.
 */
const WRITE_BURST = 3;
let writeLimiter: Bottleneck.Group | undefined;

/** One bucket for every client of the process, as the plugin's own pacing is shared. */
function writePacing(): Bottleneck.Group {
  writeLimiter ??= new Bottleneck.Group({
    id: 'gemini-agent-write',
    maxConcurrent: 1,
    minTime: 0,
    reservoir: WRITE_BURST,
    reservoirIncreaseAmount: 1,
    reservoirIncreaseInterval: 1000,
    reservoirIncreaseMaximum: WRITE_BURST,
  });
  return writeLimiter;
}

/** GitHub's advice when a secondary limit comes without `retry-after`: wait a minute. */
const SECONDARY_FALLBACK_SECONDS = 60;

/**
 * A request that could not connect (see connection-failure.ts). Octokit passes its message on
 * (it calls every fetch failure "500"), and the retries below tell it apart by it.
 */
class GitHubConnectionError extends Error {
  override readonly name = 'GitHubConnectionError';

  constructor(
    message: string,
    readonly failure: ConnectionFailure,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

/**
 * `fetch` with a time limit per request, so a stalled connection cannot hang the run; a request
 * that could not connect fails with one sentence that says why and what to check.
 */
function fetchWithTimeout(timeoutMs: number, baseUrl: string, inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      // Looked up on each call, so an interceptor installed later (nock in tests) still applies.
      return await (inner ?? globalThis.fetch)(input, { ...init, signal });
    } catch (error) {
      const failure = connectionFailure(error, baseUrl);
      if (failure === undefined) throw error;
      const check =
        baseUrl === DEFAULT_API_URL
          ? 'Check the network of this machine or runner (DNS, proxy, firewall).'
          : 'Check GITHUB_API_URL and the network of this machine or runner (DNS, proxy, firewall).';
      throw new GitHubConnectionError(
        `GitHub's API at ${baseUrl} cannot be reached: ${failure.description}. ${check}`,
        failure,
        { cause: error },
      );
    }
  };
}

/** The connection failure behind a failed request, when it could not connect at all. */
function connectionFailureOf(error: { cause?: unknown }): ConnectionFailure | undefined {
  return error.cause instanceof GitHubConnectionError ? error.cause.failure : undefined;
}

/** Quick retries for a connection that could not be made, as for the model's (retry.ts). */
const CONNECT_RETRIES = 2;

export function createOctokit(options: CreateOctokitOptions): GitHubClient {
  const { logger } = options;
  // Each request's scheduling without a 1 ms timer per step (scheduler-yield.ts).
  yieldWithoutTimerClamp();
  const retries = options.retry?.retries ?? DEFAULTS.retries;
  const retryAfterBaseMs = options.retry?.retryAfterBaseMs ?? DEFAULTS.retryAfterBaseMs;
  const throttle = options.throttle ?? {};
  const maxThrottleRetries = throttle.maxRetries ?? DEFAULTS.throttleRetries;
  const maxWaitSeconds = throttle.maxWaitSeconds ?? DEFAULTS.maxWaitSeconds;
  const baseUrl = (options.baseUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  /** `GET /repos/o/r`: the request as a user would recognise it, without the host. */
  const shown = (method: string, url: string) =>
    `${method} ${url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url}`;

  /** Decides whether to wait out a rate limit, and says so either way. */
  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: EndpointOptions, _octokit: unknown, retryCount: number) => {
      // The options still hold the URL template; parsing fills in the parameters.
      const { method, url } = octokit.request.endpoint.parse(request);
      const what = `GitHub ${kind} on ${shown(method, url)}`;
      if (retryCount >= maxThrottleRetries) {
        logger.warning(`${what}; giving up after ${retryCount} retries.`);
        return false;
      }
      if (retryAfter > maxWaitSeconds) {
        logger.warning(
          `${what}; GitHub asks to wait ${retryAfter}s, more than the ${maxWaitSeconds}s limit, so the request fails.`,
        );
        return false;
      }
      logger.warning(
        `${what}; waiting ${retryAfter}s before attempt ${retryCount + 2} of ${maxThrottleRetries + 1}.`,
      );
      return true;
    };

  const octokit = new GitHubOctokit({
    auth: options.token,
    baseUrl,
    ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
    request: {
      fetch: fetchWithTimeout(
        options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
        baseUrl,
        options.fetch,
      ),
    },
    // Octokit logs every request at info and every failed one at error; failures reach callers
    // as exceptions, so both are debug detail here. Only the message is passed on: the extra
    // arguments hold request options, headers included.
    log: {
      debug: (message: string) => {
        logger.debug(message);
      },
      info: (message: string) => {
        logger.debug(message);
      },
      warn: (message: string) => {
        logger.warning(message);
      },
      error: (message: string) => {
        logger.debug(message);
      },
    },
    retry: { enabled: retries > 0, retries, retryAfterBaseValue: retryAfterBaseMs },
    throttle:
      throttle.enabled === false
        ? { enabled: false }
        : {
            onRateLimit: onLimit('rate limit'),
            onSecondaryRateLimit: onLimit('secondary rate limit'),
            fallbackSecondaryRateRetryAfter: SECONDARY_FALLBACK_SECONDS,
            retryAfterBaseValue: throttle.retryAfterBaseMs ?? DEFAULTS.retryAfterBaseMs,
            write: writePacing(),
          },
  });

  // The retry plugin computes each retry through this hook; wrapping it is how its waits get
  // logged (it logs nothing itself).
  // A connection that could not be made is no HTTP status: its own sentence, and no retry for a
  // host name that does not resolve, two quick ones (1 s, 2 s) for the rest.
  const retryRequest = octokit.retry.retryRequest.bind(octokit.retry);
  octokit.retry.retryRequest = (error, maxRetries, retryAfter) => {
    const done = Number(error.request.request?.retryCount ?? 0);
    const request = shown(error.request.method, error.request.url);
    const failure = connectionFailureOf(error);
    if (failure !== undefined) {
      const retries = failure.permanent ? 0 : Math.min(maxRetries, CONNECT_RETRIES);
      if (done < retries) {
        logger.warning(
          `GitHub ${request}: ${error.message}; attempt ${done + 2} of ${retries + 1} in ${((done + 1) * retryAfterBaseMs) / 1000}s.`,
        );
      }
      return retryRequest(error, retries, done + 1);
    }
    if (done < maxRetries) {
      const seconds = (retryAfter * retryAfterBaseMs) / 1000;
      logger.warning(
        `GitHub ${request} failed (HTTP ${error.status}: ${error.message}); attempt ${done + 2} of ${maxRetries + 1} in ${seconds}s.`,
      );
    }
    return retryRequest(error, maxRetries, retryAfter);
  };
  // Registered last, so outside the retries: a request that could never connect reaches its
  // caller as that sentence with no HTTP status, rather than as Octokit's "500".
  octokit.hook.error('request', (error) => {
    const cause = (error as { cause?: unknown }).cause;
    throw cause instanceof GitHubConnectionError ? cause : error;
  });
  return octokit;
}
