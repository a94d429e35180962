import type {
  CountTokensParameters,
  CountTokensResponse,
  GenerateContentParameters,
  GenerateContentResponse,
} from '@google/genai';

/**
 * The one interface the agent talks to a model through, over the `@google/genai` request shape
 * `{model, contents, config: {systemInstruction, tools, thinkingConfig, abortSignal, …}}`.
 *
 * Implementations: the genai transport (API key or Vertex), the Code Assist transport (OAuth,
 * `v1internal`), and wrappers (retry, recording). Errors are thrown as `ModelRequestError`
 * (see `errors.ts`) so callers can classify them without knowing the transport.
 */
export interface ContentGenerator {
  /** The model's whole answer in one response. */
  generateContent(
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<GenerateContentResponse>;

  /**
   * The model's answer as a stream of chunks. The promise settles once the request is accepted
   * (HTTP errors reject it); a connection that breaks later throws from the iterator.
   * The retry wrapper (`withRetry`) settles only once the whole reply has arrived and been checked,
   * so its iterator never throws and never yields part of a reply that is then retried.
   */
  generateContentStream(
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<AsyncGenerator<GenerateContentResponse>>;

  countTokens(request: CountTokensParameters): Promise<CountTokensResponse>;
}
