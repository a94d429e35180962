import type {
  CountTokensParameters,
  CountTokensResponse,
  GenerateContentParameters,
  GenerateContentResponse,
} from '@google/genai';
import type { ContentGenerator } from './content-generator.js';
import { ModelRequestError } from './errors.js';
import { INVALID_REASON_TEXT, invalidReplyReason } from './response-validation.js';

/** The one sentence every front end (CLI, Action) shows for a retried model request. */
export function describeRetry(event: RetryEvent): string {
  const seconds = Math.round(event.delayMs / 100) / 10;
  // The attempt to come, of all there may be: "retry 2/3" read like a third retry never made.
  return `Model request failed (${event.error.message}); attempt ${event.attempt + 1} of ${event.maxAttempts} in ${seconds} s.`;
}

export interface RetryEvent {
  /** The attempt that just failed, from 1. */
  attempt: number;
  /** The most attempts this kind of failure gets. */
  maxAttempts: number;
  /** How long we wait before the next attempt. */
  delayMs: number;
  error: ModelRequestError;
}

export interface RetryOptions {
  /** Attempts in all, the first included (default 10). */
  maxAttempts?: number;
  /** Delay after the first failure, doubled after each further one (default 5 s). */
  initialDelayMs?: number;
  /** Ceiling of the computed delay (default 30 s). */
  maxDelayMs?: number;
  /** Ceiling of a delay the server asks for with `RetryInfo` (default 60 s). */
  maxServerDelayMs?: number;
  /** Random spread of the computed delay, as a fraction either way (default 0.3). */
  jitter?: number;
  /** Attempts for replies that arrived complete but unusable (default 3). */
  invalidResponseMaxAttempts?: number;
  /** Delay after an unusable reply, times the number of such replies so far (default 500 ms). */
  invalidResponseDelayMs?: number;
  /**
   * Attempts when no connection can be made (default 3: two quick retries). A host that does not
   * resolve or answer rarely comes back within minutes; the run says so at once instead.
   */
  connectMaxAttempts?: number;
  /** Delay after the first failed connection, doubled after each further one (default 500 ms). */
  connectDelayMs?: number;
  /** Waits `ms`; tests inject one that returns at once. Aborts are handled around it. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the jitter. */
  random?: () => number;
  /** Told before each wait, so the session can report retries. */
  onRetry?: (event: RetryEvent) => void;
}

type ResolvedRetryOptions = Required<Omit<RetryOptions, 'onRetry'>> & Pick<RetryOptions, 'onRetry'>;

/**
 * Backoff defaults: 5 s doubling to 30 s, up to 10 attempts, ±30% jitter for 429s, 5xx and broken
 * connections; two quick retries (0.5 s, 1 s) when no connection can be made at all.
 */
export const DEFAULT_RETRY_OPTIONS = {
  maxAttempts: 10,
  initialDelayMs: 5_000,
  maxDelayMs: 30_000,
  maxServerDelayMs: 60_000,
  jitter: 0.3,
  invalidResponseMaxAttempts: 3,
  invalidResponseDelayMs: 500,
  connectMaxAttempts: 3,
  connectDelayMs: 500,
} as const;

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // Cleared on abort so a cancelled session does not keep the process alive; the listener goes
    // when the timer fires, or every retry of a session would leave one on its signal.
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The computed (not server-requested) delay after `failedAttempts` transport failures. */
export function backoffDelay(
  failedAttempts: number,
  options: Pick<ResolvedRetryOptions, 'initialDelayMs' | 'maxDelayMs' | 'jitter' | 'random'>,
): number {
  const base = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** (failedAttempts - 1));
  const spread = options.jitter * (2 * options.random() - 1);
  return Math.max(0, Math.round(base * (1 + spread)));
}

function abortReason(signal: AbortSignal): Error {
  const reason = signal.reason as unknown;
  return reason instanceof Error
    ? reason
    : new DOMException('This operation was aborted', 'AbortError');
}

/** Sleeps, but rejects with the abort reason as soon as the signal fires. */
async function abortableSleep(
  ms: number,
  signal: AbortSignal | undefined,
  sleep: ResolvedRetryOptions['sleep'],
): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) throw abortReason(signal);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([sleep(ms, signal), aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs `attempt` until it gives a usable result. Transport failures that are worth another try
 * (429, 499, 5xx, broken connections and streams) back off exponentially, or as long as the server
 * asked; connections that cannot be made and complete but unusable replies get a few quick
 * retries, then their error.
 */
async function runWithRetry<T>(
  attempt: () => Promise<T>,
  validate: (result: T) => keyof typeof INVALID_REASON_TEXT | undefined,
  signal: AbortSignal | undefined,
  options: ResolvedRetryOptions,
): Promise<T> {
  let attempts = 0;
  let transportFailures = 0;
  let invalidReplies = 0;
  let failedConnections = 0;
  for (;;) {
    if (signal?.aborted) throw abortReason(signal);
    attempts++;
    let failure: ModelRequestError;
    try {
      const result = await attempt();
      const reason = validate(result);
      if (reason === undefined) return result;
      invalidReplies++;
      failure = new ModelRequestError(
        invalidReplies >= options.invalidResponseMaxAttempts || attempts >= options.maxAttempts
          ? `The model's reply was unusable after ${invalidReplies} attempt(s): ${INVALID_REASON_TEXT[reason]}.`
          : `The model's reply was unusable: ${INVALID_REASON_TEXT[reason]}.`,
        { kind: 'invalid_response' },
      );
    } catch (error) {
      // A cancelled request stays a cancellation, whatever the transport made of it.
      if (signal?.aborted) throw abortReason(signal);
      if (!(error instanceof ModelRequestError) || !error.retryable) throw error;
      failure = error;
      if (error.kind === 'invalid_response') invalidReplies++;
      else if (error.kind === 'unreachable') failedConnections++;
      else transportFailures++;
    }

    const invalid = failure.kind === 'invalid_response';
    const unreachable = failure.kind === 'unreachable';
    const budget = Math.min(
      invalid
        ? options.invalidResponseMaxAttempts
        : unreachable
          ? options.connectMaxAttempts
          : options.maxAttempts,
      options.maxAttempts,
    );
    const used = invalid ? invalidReplies : unreachable ? failedConnections : attempts;
    if (used >= budget || attempts >= options.maxAttempts) throw failure;

    let delayMs: number;
    if (invalid) {
      delayMs = options.invalidResponseDelayMs * invalidReplies;
    } else if (unreachable) {
      delayMs = options.connectDelayMs * 2 ** (failedConnections - 1);
    } else if (failure.retryDelayMs !== undefined) {
      delayMs = Math.min(failure.retryDelayMs, options.maxServerDelayMs);
    } else {
      delayMs = backoffDelay(transportFailures, options);
    }
    options.onRetry?.({ attempt: attempts, maxAttempts: budget, delayMs, error: failure });
    await abortableSleep(delayMs, signal, options.sleep);
  }
}

/**
 * Wraps a generator with retries. A stream is read to its end before the consumer sees any chunk,
 * so a reply that breaks off midway is retried without the consumer ever seeing half of it.
 */
export function withRetry(
  generator: ContentGenerator,
  options: RetryOptions = {},
): ContentGenerator {
  const d = DEFAULT_RETRY_OPTIONS;
  const resolved: ResolvedRetryOptions = {
    maxAttempts: Math.max(1, options.maxAttempts ?? d.maxAttempts),
    initialDelayMs: options.initialDelayMs ?? d.initialDelayMs,
    maxDelayMs: options.maxDelayMs ?? d.maxDelayMs,
    maxServerDelayMs: options.maxServerDelayMs ?? d.maxServerDelayMs,
    jitter: options.jitter ?? d.jitter,
    invalidResponseMaxAttempts: Math.max(
      1,
      options.invalidResponseMaxAttempts ?? d.invalidResponseMaxAttempts,
    ),
    invalidResponseDelayMs: options.invalidResponseDelayMs ?? d.invalidResponseDelayMs,
    connectMaxAttempts: Math.max(1, options.connectMaxAttempts ?? d.connectMaxAttempts),
    connectDelayMs: options.connectDelayMs ?? d.connectDelayMs,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    onRetry: options.onRetry,
  };
  return {
    generateContent(request: GenerateContentParameters, promptId: string) {
      return runWithRetry(
        () => generator.generateContent(request, promptId),
        (response) => invalidReplyReason([response]),
        request.config?.abortSignal,
        resolved,
      );
    },

    async generateContentStream(request: GenerateContentParameters, promptId: string) {
      const chunks = await runWithRetry(
        async () => {
          const collected: GenerateContentResponse[] = [];
          for await (const chunk of await generator.generateContentStream(request, promptId)) {
            collected.push(chunk);
          }
          return collected;
        },
        invalidReplyReason,
        request.config?.abortSignal,
        resolved,
      );
      return replay(chunks);
    },

    countTokens(request: CountTokensParameters): Promise<CountTokensResponse> {
      return runWithRetry(
        () => generator.countTokens(request),
        () => undefined,
        request.config?.abortSignal,
        resolved,
      );
    },
  };
}

// eslint-disable-next-line @typescript-eslint/require-await -- an async generator by contract
async function* replay(chunks: GenerateContentResponse[]): AsyncGenerator<GenerateContentResponse> {
  yield* chunks;
}
