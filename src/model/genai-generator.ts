import type {
  CountTokensParameters,
  CountTokensResponse,
  GenerateContentConfig,
  GenerateContentParameters,
  GenerateContentResponse,
  GoogleGenAI,
  GoogleGenAIOptions,
  HttpOptions,
} from '@google/genai';
import type { ContentGenerator } from './content-generator.js';
import { normalizeModelError } from './normalize-error.js';
import { RequestContents } from './request-contents.js';
import { streamedBodyFetch, withoutUndiciTimeouts } from './streamed-body-fetch.js';
import { modelUserAgent } from './user-agent.js';

/** The Gemini API (`generativelanguage.googleapis.com`) with an API key. */
export interface GeminiApiKeyTarget {
  type: 'gemini-api-key';
  apiKey: string;
  /** Replaces `https://generativelanguage.googleapis.com` (the fake server, a gateway). */
  baseUrl?: string;
}

/**
 * Vertex AI: a project and location with Application Default Credentials, or an API key alone
 * (express mode).
 */
export interface VertexTarget {
  type: 'vertex-ai';
  project?: string;
  location?: string;
  apiKey?: string;
  baseUrl?: string;
}

export interface GenaiGeneratorOptions {
  /** Replaces global `fetch` (tests, proxies). */
  fetch?: typeof fetch;
  /** Credentials for Vertex AI when no API key is used; defaults to Application Default Credentials. */
  googleAuthOptions?: GoogleGenAIOptions['googleAuthOptions'];
  /** Extra request headers. */
  headers?: Record<string, string>;
  /**
   * Whether the Gemini API may keep the requests in Google's logs (its `store` field); false unless
   * the user asked. Vertex AI does not take the field (see `requestStorage`).
   */
  storeRequests?: boolean;
}

/** The API versions our request shapes are written for; `@google/genai` 3.x defaults to `v1`. */
const GEMINI_API_VERSION = 'v1beta';
const VERTEX_API_VERSION = 'v1beta1';

/**
 * The SDK build a target needs. An API key (the Gemini API, Vertex AI express mode) needs only
 * `fetch`: the SDK's web build, which leaves out Google's auth library and the WebSocket client
 * that its Node build evaluates on load (about 100 ms before the first request). Vertex AI with
 * Application Default Credentials needs that auth library, so only it loads the Node build.
 */
async function loadClientClass(usesApiKey: boolean): Promise<typeof GoogleGenAI> {
  const sdk = usesApiKey ? await import('@google/genai/web') : await import('@google/genai/node');
  // The two builds declare the same client; the web build's types name it as its own class.
  return sdk.GoogleGenAI as unknown as typeof GoogleGenAI;
}

/**
 * A `ContentGenerator` over `@google/genai`: the Gemini API with an API key, or Vertex AI. Errors
 * come out as `ModelRequestError`s; aborts (`config.abortSignal`) as the `AbortError` they are.
 */
export function createGenaiContentGenerator(
  target: GeminiApiKeyTarget | VertexTarget,
  options: GenaiGeneratorOptions = {},
): ContentGenerator {
  const vertex = target.type === 'vertex-ai';
  const apiVersion = vertex ? VERTEX_API_VERSION : GEMINI_API_VERSION;
  const httpOptions: HttpOptions = {
    apiVersion,
    headers: { ...options.headers, 'User-Agent': modelUserAgent() },
    // Retries are ours (see retry.ts), so that every transport retries alike.
  };
  if (target.baseUrl) httpOptions.baseUrl = target.baseUrl;
  // Our fetch means the SDK no longer lifts undici's header and body timeouts itself; a model
  // may think for minutes before its first byte, so they are lifted here as the SDK would.
  // Generate requests hand their contents to our fetch apart from the SDK's body (see
  // request-contents.ts).
  const contents = new RequestContents();
  httpOptions.fetch = streamedBodyFetch(options.fetch ?? withoutUndiciTimeouts(fetch), contents);

  const genaiOptions: GoogleGenAIOptions = { vertexai: vertex, apiVersion, httpOptions };
  if (target.type === 'gemini-api-key') {
    genaiOptions.apiKey = target.apiKey;
  } else {
    if (target.project) genaiOptions.project = target.project;
    if (target.location) genaiOptions.location = target.location;
    if (target.apiKey && !(target.project && target.location)) genaiOptions.apiKey = target.apiKey;
    // The project is known: Google's auth library would otherwise look it up, which for an
    // external_account file (Workload Identity Federation) means seconds of token exchanges and
    // metadata-server probes before the first request.
    const googleAuthOptions = {
      ...(target.project ? { projectId: target.project } : {}),
      ...options.googleAuthOptions,
    };
    if (Object.keys(googleAuthOptions).length > 0)
      genaiOptions.googleAuthOptions = googleAuthOptions;
  }
  // Made at the first request, which is the first thing that needs the SDK.
  let client: Promise<GoogleGenAI> | undefined;
  return new GenaiContentGenerator(
    () =>
      (client ??= loadClientClass(genaiOptions.apiKey !== undefined).then(
        (Client) => new Client(genaiOptions),
      )),
    contents,
    requestStorage(target, options.storeRequests ?? false),
  );
}

/**
 * What every generate request says about being stored, decided once per transport. The Gemini API
 * keeps `generateContent` and `streamGenerateContent` requests of new paid-tier projects unless
 * the request says `store: false` (its changelog of 2026-10-26); the SDK moves the config's
 * `store` to the top of the request body. So the Gemini API always gets `store`: false unless the
 * user opted in, or a `store` the request's own configuration sets (a model configuration the user
 * wrote). Vertex AI has no such field and the SDK refuses a request that carries one, so it never
 * gets one: what Vertex AI keeps is set by the project (see request-storage.ts).
 */
function requestStorage(
  target: GeminiApiKeyTarget | VertexTarget,
  storeRequests: boolean,
): (config: GenerateContentConfig | undefined) => GenerateContentConfig {
  if (target.type === 'vertex-ai') {
    return (config) => {
      if (config?.store === undefined) return config ?? {};
      const rest = { ...config };
      delete rest.store;
      return rest;
    };
  }
  return (config) => ({ ...config, store: config?.store ?? storeRequests });
}

class GenaiContentGenerator implements ContentGenerator {
  constructor(
    private readonly client: () => Promise<GoogleGenAI>,
    private readonly contents: RequestContents,
    private readonly storage: (config: GenerateContentConfig | undefined) => GenerateContentConfig,
  ) {}

  /** `request` as sent: its own abort signal, its storage setting, its contents held. */
  private prepare(request: GenerateContentParameters, signal: AbortSignal | undefined) {
    const config = this.storage(request.config);
    return this.contents.hold({
      ...request,
      config: signal === undefined ? config : { ...config, abortSignal: signal },
    });
  }

  async generateContent(
    request: GenerateContentParameters,
    _promptId: string,
  ): Promise<GenerateContentResponse> {
    const link = linkSignal(request.config?.abortSignal);
    const held = this.prepare(request, link.signal);
    try {
      return await (await this.client()).models.generateContent(held.request);
    } catch (error) {
      throw normalizeModelError(error);
    } finally {
      held.release();
      link.release();
    }
  }

  async generateContentStream(
    request: GenerateContentParameters,
    _promptId: string,
  ): Promise<AsyncGenerator<GenerateContentResponse>> {
    const link = linkSignal(request.config?.abortSignal);
    const held = this.prepare(request, link.signal);
    let stream: AsyncGenerator<GenerateContentResponse>;
    try {
      stream = await (await this.client()).models.generateContentStream(held.request);
    } catch (error) {
      held.release();
      link.release();
      throw normalizeModelError(error);
    }
    // Held until the stream ends, not only until it opens: a reply that stops at the model's
    // per-request output limit (finish reason CONTINUATION) is continued by the SDK with the same
    // request and the reply's continuation token, sent from inside this stream.
    return normalizedStream(stream, () => {
      held.release();
      link.release();
    });
  }

  async countTokens(request: CountTokensParameters): Promise<CountTokensResponse> {
    const link = linkSignal(request.config?.abortSignal);
    try {
      return await (await this.client()).models.countTokens(withSignal(request, link.signal));
    } catch (error) {
      throw normalizeModelError(error);
    } finally {
      link.release();
    }
  }
}

interface SignalLink {
  signal: AbortSignal | undefined;
  release(): void;
}

/**
 * A signal of the request's own, aborted with the caller's. The SDK leaves an abort listener on
 * the signal it is given for every request that succeeds; a session passes one signal to all its
 * requests, which would collect a listener per request (and Node warns of a leak after ten).
 * Linked this way, the caller's signal holds one listener per request in flight, removed after.
 */
function linkSignal(caller: AbortSignal | undefined): SignalLink {
  if (!caller) return { signal: undefined, release: () => undefined };
  const controller = new AbortController();
  const onAbort = () => {
    controller.abort(caller.reason);
  };
  if (caller.aborted) onAbort();
  else caller.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      caller.removeEventListener('abort', onAbort);
    },
  };
}

function withSignal<T extends { config?: { abortSignal?: AbortSignal } }>(
  request: T,
  signal: AbortSignal | undefined,
): T {
  return signal === undefined
    ? request
    : { ...request, config: { ...request.config, abortSignal: signal } };
}

async function* normalizedStream(
  stream: AsyncGenerator<GenerateContentResponse>,
  release: () => void,
): AsyncGenerator<GenerateContentResponse> {
  let chunksReceived = 0;
  try {
    for await (const chunk of stream) {
      chunksReceived++;
      yield chunk;
    }
  } catch (error) {
    throw normalizeModelError(error, { chunksReceived });
  } finally {
    release();
  }
}
