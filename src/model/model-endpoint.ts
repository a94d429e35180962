/**
 * Where a transport sends its requests, and which environment variable changes that, so a run
 * that cannot reach the model API can say in one line what it tried and what to check.
 */
import { CODE_ASSIST_DEFAULT_BASE_URL } from './code-assist-generator.js';
import type { ContentGenerator } from './content-generator.js';
import { ModelRequestError } from './errors.js';
import type { ModelAuth } from './model-auth.js';

export interface ModelEndpoint {
  /** The base URL requests go to. */
  url: string;
  /** The variable that sets it: `GOOGLE_GEMINI_BASE_URL`, `GOOGLE_VERTEX_BASE_URL`, `CODE_ASSIST_ENDPOINT`. */
  variable: string;
  /** True when the variable chose `url`; false for the transport's default. */
  fromVariable: boolean;
}

/** The endpoint of a transport, with the defaults `@google/genai` and Code Assist use. */
export function modelEndpoint(auth: ModelAuth): ModelEndpoint {
  const [variable, fallback] = ((): [string, string] => {
    switch (auth.type) {
      case 'gemini-api-key':
        return ['GOOGLE_GEMINI_BASE_URL', 'https://generativelanguage.googleapis.com'];
      case 'vertex-ai':
        return [
          'GOOGLE_VERTEX_BASE_URL',
          auth.location === undefined || auth.location === 'global' || auth.project === undefined
            ? 'https://aiplatform.googleapis.com'
            : `https://${auth.location}-aiplatform.googleapis.com`,
        ];
      case 'code-assist':
        return ['CODE_ASSIST_ENDPOINT', CODE_ASSIST_DEFAULT_BASE_URL];
    }
  })();
  return auth.baseUrl === undefined
    ? { url: fallback, variable, fromVariable: false }
    : { url: auth.baseUrl, variable, fromVariable: true };
}

/** The innermost message of an error's causes: the system error (`getaddrinfo ENOTFOUND …`). */
function rootCause(error: Error): string {
  let current: unknown = error;
  let message = error.message;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    message = current.message;
    current = current.cause;
  }
  return message;
}

/** The one line a run ends with when no connection to the model API could be made. */
export function unreachableMessage(error: ModelRequestError, endpoint: ModelEndpoint): string {
  const where = endpoint.fromVariable
    ? `${endpoint.url} (set by ${endpoint.variable})`
    : `${endpoint.url} (the default; ${endpoint.variable} changes it)`;
  const check = endpoint.fromVariable
    ? `Check that ${endpoint.variable} names a host that is up and reachable from here, and the network (DNS, proxy, firewall).`
    : `Check the network of this machine or runner (DNS, proxy, firewall), or set ${endpoint.variable} to a reachable endpoint.`;
  const cause = error.cause instanceof Error ? rootCause(error.cause) : error.message;
  return `The model API host could not be reached at ${where}: ${cause}. ${check}`;
}

/**
 * Rewrites a failed connection's error (after the retries below gave up) into
 * `unreachableMessage`; every other error passes through unchanged.
 */
export function explainUnreachable(
  generator: ContentGenerator,
  endpoint: ModelEndpoint,
): ContentGenerator {
  const explain = (error: unknown): unknown =>
    error instanceof ModelRequestError && error.kind === 'unreachable'
      ? new ModelRequestError(unreachableMessage(error, endpoint), {
          kind: 'unreachable',
          cause: error,
        })
      : error;
  const rethrow = (error: unknown): never => {
    throw explain(error);
  };
  return {
    generateContent: (request, promptId) =>
      generator.generateContent(request, promptId).catch(rethrow),
    generateContentStream: (request, promptId) =>
      generator.generateContentStream(request, promptId).catch(rethrow),
    countTokens: (request) => generator.countTokens(request).catch(rethrow),
  };
}
