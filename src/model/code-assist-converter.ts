import { GenerateContentResponse } from './genai-values.js';
import type {
  Content,
  ContentListUnion,
  ContentUnion,
  GenerateContentConfig,
  GenerateContentParameters,
  Part,
  PartUnion,
} from '@google/genai';
import { ModelRequestError } from './errors.js';
import { asRecord } from '../platform/records.js';

/**
 * The Code Assist (`v1internal`) wire shapes and their conversion from and to the `@google/genai`
 * types. The request nests the Vertex-style body under `request`, beside the model, the Cloud
 * project and the prompt id; responses arrive wrapped as `{response: …, traceId}`.
 */

export interface CodeAssistGenerateRequest {
  model: string;
  project?: string;
  user_prompt_id: string;
  request: {
    contents: Content[];
    systemInstruction?: Content;
    cachedContent?: string;
    tools?: GenerateContentConfig['tools'];
    toolConfig?: GenerateContentConfig['toolConfig'];
    labels?: Record<string, string>;
    safetySettings?: GenerateContentConfig['safetySettings'];
    generationConfig?: Record<string, unknown>;
    session_id?: string;
  };
}

/** The fields of `GenerateContentConfig` that belong in `generationConfig` on the wire. */
const GENERATION_CONFIG_FIELDS = [
  'temperature',
  'topP',
  'topK',
  'candidateCount',
  'maxOutputTokens',
  'stopSequences',
  'responseLogprobs',
  'logprobs',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'routingConfig',
  'modelSelectionConfig',
  'responseModalities',
  'mediaResolution',
  'speechConfig',
  'audioTimestamp',
  'thinkingConfig',
] as const satisfies readonly (keyof GenerateContentConfig)[];

export function toCodeAssistRequest(
  request: GenerateContentParameters,
  ids: { promptId: string; project?: string; sessionId?: string },
): CodeAssistGenerateRequest {
  const config = request.config;
  return {
    model: request.model,
    ...(ids.project !== undefined ? { project: ids.project } : {}),
    user_prompt_id: ids.promptId,
    request: dropUndefined({
      contents: toContents(request.contents),
      systemInstruction:
        config?.systemInstruction !== undefined ? toContent(config.systemInstruction) : undefined,
      cachedContent: config?.cachedContent,
      tools: config?.tools,
      toolConfig: config?.toolConfig,
      labels: config?.labels,
      safetySettings: config?.safetySettings,
      generationConfig: config ? toGenerationConfig(config) : undefined,
      session_id: ids.sessionId,
    }),
  };
}

function toGenerationConfig(config: GenerateContentConfig): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const field of GENERATION_CONFIG_FIELDS) {
    if (config[field] !== undefined) out[field] = config[field];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Normalises every form `contents` may take (string, part, parts, content, contents). */
export function toContents(contents: ContentListUnion): Content[] {
  if (Array.isArray(contents)) {
    // Either Content[] or PartUnion[]: a list of parts is one user turn.
    if (contents.every((item) => isContent(item))) return contents.map((item) => toContent(item));
    return [{ role: 'user', parts: contents.map((item) => toPart(item)) }];
  }
  return [toContent(contents)];
}

function isContent(value: unknown): value is Content {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    ('parts' in value || 'role' in value)
  );
}

/** A string or part(s) becomes a user `Content`; a `Content` is kept as it is. */
export function toContent(content: ContentUnion): Content {
  if (isContent(content)) return content;
  if (Array.isArray(content)) return { role: 'user', parts: content.map(toPart) };
  return { role: 'user', parts: [toPart(content)] };
}

function toPart(part: PartUnion): Part {
  return typeof part === 'string' ? { text: part } : part;
}

/**
 * Unwraps a Code Assist answer (`{response: {...}, traceId}`) into a real `GenerateContentResponse`
 * (so its `text` and `functionCalls` getters work). An `{error: …}` object in a stream is the
 * server reporting a failure midway and becomes an HTTP-kind error with its code.
 */
export function fromCodeAssistResponse(value: unknown): GenerateContentResponse {
  const wrapper = asRecord(value);
  if (!wrapper) {
    throw new ModelRequestError(
      `Code Assist sent a response that is not a JSON object: ${JSON.stringify(value)}`,
      { kind: 'invalid_response' },
    );
  }
  const error = asRecord(wrapper['error']);
  if (error) {
    const code = typeof error['code'] === 'number' ? error['code'] : 500;
    const message = typeof error['message'] === 'string' ? error['message'] : JSON.stringify(error);
    throw new ModelRequestError(`Code Assist reported an error (${code}): ${message}`, {
      kind: 'http',
      status: code,
    });
  }
  const inner = asRecord(wrapper['response']) ?? {};
  const response = Object.assign(new GenerateContentResponse(), inner);
  response.candidates ??= [];
  if (typeof wrapper['traceId'] === 'string' && response.responseId === undefined) {
    response.responseId = wrapper['traceId'];
  }
  return response;
}
