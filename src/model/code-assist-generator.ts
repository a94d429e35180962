import { CountTokensResponse } from './genai-values.js';
import type {
  CountTokensParameters,
  GenerateContentParameters,
  GenerateContentResponse,
} from '@google/genai';
import { AuthenticationError, errorMessage } from '../platform/errors.js';
import { whatToDo } from './application-default-credentials.js';
import {
  fromCodeAssistResponse,
  toCodeAssistRequest,
  toContents,
} from './code-assist-converter.js';
import type { ContentGenerator } from './content-generator.js';
import { ModelRequestError } from './errors.js';
import { httpStatusError, normalizeModelError } from './normalize-error.js';
import { parseSse } from './sse.js';
import { modelUserAgent } from './user-agent.js';

export const CODE_ASSIST_DEFAULT_BASE_URL = 'https://cloudcode-pa.googleapis.com';
const API_VERSION = 'v1internal';

/**
 * Where the OAuth bearer token comes from. `GoogleAuth` and every google-auth-library `AuthClient`
 * fit; tests pass a plain object.
 */
export type CodeAssistCredentials =
  | { getRequestHeaders(url?: string): Promise<Headers | Record<string, string>> }
  | { getAccessToken(): Promise<string | null | undefined | { token?: string | null }> };

export interface CodeAssistGeneratorOptions {
  credentials: CodeAssistCredentials;
  /** The Cloud project; when absent it is asked from `loadCodeAssist` once. */
  project?: string;
  /** Sent as `request.session_id`. */
  sessionId?: string;
  /** Replaces `https://cloudcode-pa.googleapis.com` (`CODE_ASSIST_ENDPOINT`). */
  baseUrl?: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/** The body `loadCodeAssist` expects; it answers with the account's `cloudaicompanionProject`. */
const LOAD_CODE_ASSIST_METADATA = {
  ideType: 'IDE_UNSPECIFIED',
  platform: 'PLATFORM_UNSPECIFIED',
  pluginType: 'GEMINI',
} as const;

/**
 * The Code Assist transport (`cloudcode-pa.googleapis.com/v1internal`), the one Gemini CLI uses
 * for "Login with Google": OAuth bearer, the genai request nested under `request`, SSE streaming.
 */
export class CodeAssistContentGenerator implements ContentGenerator {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private projectPromise: Promise<string> | undefined;

  constructor(private readonly options: CodeAssistGeneratorOptions) {
    this.baseUrl = (options.baseUrl ?? CODE_ASSIST_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? globalThis.fetch;
    if (options.project) this.projectPromise = Promise.resolve(options.project);
  }

  async generateContent(
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<GenerateContentResponse> {
    const signal = request.config?.abortSignal;
    const body = await this.generateBody(request, promptId, signal);
    const response = await this.post('generateContent', body, signal);
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw normalizeModelError(error, { chunksReceived: 0 });
    }
    return fromCodeAssistResponse(json);
  }

  async generateContentStream(
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<AsyncGenerator<GenerateContentResponse>> {
    const signal = request.config?.abortSignal;
    const body = await this.generateBody(request, promptId, signal);
    const response = await this.post('streamGenerateContent', body, signal, { alt: 'sse' });
    if (!response.body) {
      throw new ModelRequestError('Code Assist answered the stream request without a body.', {
        kind: 'stream_cut',
      });
    }
    return unwrapEvents(parseSse(response.body));
  }

  async countTokens(request: CountTokensParameters): Promise<CountTokensResponse> {
    const body = {
      request: { model: `models/${request.model}`, contents: toContents(request.contents) },
    };
    const response = await this.post('countTokens', body, request.config?.abortSignal);
    let json: { totalTokens?: unknown };
    try {
      json = (await response.json()) as { totalTokens?: unknown };
    } catch (error) {
      throw normalizeModelError(error, { chunksReceived: 0 });
    }
    return Object.assign(new CountTokensResponse(), {
      totalTokens: typeof json.totalTokens === 'number' ? json.totalTokens : 0,
    });
  }

  /** The Cloud project of this account, asked once from `loadCodeAssist` when not configured. */
  project(signal?: AbortSignal): Promise<string> {
    if (!this.projectPromise) {
      const pending = this.loadProject(signal);
      this.projectPromise = pending;
      // A failed lookup (network, abort) is asked again next time rather than cached.
      pending.catch(() => {
        if (this.projectPromise === pending) this.projectPromise = undefined;
      });
    }
    return this.projectPromise;
  }

  private async loadProject(signal?: AbortSignal): Promise<string> {
    const response = await this.post(
      'loadCodeAssist',
      { metadata: LOAD_CODE_ASSIST_METADATA },
      signal,
    );
    const json = (await response.json()) as { cloudaicompanionProject?: unknown };
    const project = json.cloudaicompanionProject;
    if (typeof project === 'string' && project !== '') return project;
    throw new AuthenticationError(
      'Code Assist has no Google Cloud project for this account; set GOOGLE_CLOUD_PROJECT to a project with the Gemini for Google Cloud API enabled.',
      { input: 'GOOGLE_CLOUD_PROJECT' },
    );
  }

  private async generateBody(
    request: GenerateContentParameters,
    promptId: string,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const project = await this.project(signal);
    return toCodeAssistRequest(request, {
      promptId,
      project,
      ...(this.options.sessionId !== undefined ? { sessionId: this.options.sessionId } : {}),
    });
  }

  private async post(
    method: string,
    body: unknown,
    signal: AbortSignal | undefined,
    query: Record<string, string> = {},
  ): Promise<Response> {
    const url = new URL(`${this.baseUrl}/${API_VERSION}:${method}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const headers = {
      ...this.options.headers,
      ...(await this.authHeaders(url.toString())),
      'Content-Type': 'application/json',
      'User-Agent': modelUserAgent(),
    };
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw normalizeModelError(error);
    }
    if (!response.ok) {
      let text = '';
      try {
        text = await response.text();
      } catch {
        // The status alone still says what happened.
      }
      throw httpStatusError(response.status, text);
    }
    return response;
  }

  private async authHeaders(url: string): Promise<Record<string, string>> {
    const credentials = this.options.credentials;
    try {
      if ('getRequestHeaders' in credentials) {
        const headers = await credentials.getRequestHeaders(url);
        const out: Record<string, string> = {};
        if (headers instanceof Headers) {
          headers.forEach(
            (value, key) => (out[key === 'authorization' ? 'Authorization' : key] = value),
          );
        } else {
          Object.assign(out, headers);
        }
        return out;
      }
      const token = await credentials.getAccessToken();
      const value = typeof token === 'string' ? token : token?.token;
      if (!value) throw new Error('no access token was returned');
      return { Authorization: `Bearer ${value}` };
    } catch (error) {
      throw new AuthenticationError(
        `Could not get Google OAuth credentials for Code Assist (${errorMessage(error)}). ${whatToDo({ type: 'code-assist' })}`,
        undefined,
        { cause: error },
      );
    }
  }
}

async function* unwrapEvents(
  events: AsyncGenerator<unknown, void, undefined>,
): AsyncGenerator<GenerateContentResponse> {
  for await (const event of events) yield fromCodeAssistResponse(event);
}
