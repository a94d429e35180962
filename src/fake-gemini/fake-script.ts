import { FinishReason, GenerateContentResponseUsageMetadata } from '../model/genai-values.js';
import type { GenerateContentResponse, Part } from '@google/genai';
import type { RecordedCall } from '../model/recording.js';

/**
 * The script the fake Gemini server plays, and builders that make scripts short to write. Each
 * step answers the next generate request (unary or streamed) in order.
 */

/** One response (or stream chunk) as the API sends it. */
export type FakeResponseChunk = Partial<
  Pick<
    GenerateContentResponse,
    | 'candidates'
    | 'usageMetadata'
    | 'promptFeedback'
    | 'modelVersion'
    | 'modelStatus'
    | 'responseId'
    | 'createTime'
  >
>;

/** Finish reasons by name (`'STOP'`, `'MALFORMED_FUNCTION_CALL'`, …). */
export type FinishReasonName = keyof typeof FinishReason;

interface StepTiming {
  /** Wait this long before answering (to test aborts during a request). */
  delayMs?: number;
}

/** A reply: streamed as one SSE event per chunk, or merged into one response for unary calls. */
export interface ResponseStep extends StepTiming {
  type: 'response';
  chunks: FakeResponseChunk[];
}

/** An HTTP error with the Google error JSON body, optionally with a `RetryInfo` delay. */
export interface ErrorStep extends StepTiming {
  type: 'error';
  status: number;
  message: string;
  /** A protobuf duration such as `"2s"` or `"0.5s"`. */
  retryDelay?: string;
  /** The quotas a 429 names, sent as a `google.rpc.QuotaFailure` detail. */
  quotaIds?: string[];
}

/** A reply whose connection is destroyed after `after` chunks were sent. */
export interface CutStep extends StepTiming {
  type: 'cut';
  chunks: FakeResponseChunk[];
  after: number;
}

/**
 * A reply of JSON texts sent exactly as given, one SSE event each (a unary call gets the first):
 * for replies `JSON.stringify` cannot write, such as arguments nested thousands of levels deep.
 */
export interface RawStep extends StepTiming {
  type: 'raw';
  chunks: string[];
}

export type FakeStepValue = ResponseStep | ErrorStep | CutStep | RawStep;

/** What the server received, as the fake records it for assertions. */
export interface FakeRequest {
  /** 1-based position among all requests the server received. */
  index: number;
  api: 'gemini' | 'vertex' | 'code-assist' | 'unknown';
  /** The RPC after the colon: `generateContent`, `streamGenerateContent`, `countTokens`, `loadCodeAssist`. */
  rpc: string;
  httpMethod: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined when empty). */
  body: unknown;
  /** The model, from the path (Gemini API, Vertex) or the body (Code Assist). */
  model?: string;
  /** The API version segment of the path (`v1beta`, `v1beta1`, `v1internal`, …). */
  apiVersion?: string;
  /** Vertex project and location from the path. */
  project?: string;
  location?: string;
  /** For generate requests: which script step (1-based) answered it. */
  step?: number;
  /** The lane whose script answered it, if any. */
  lane?: string;
}

/** A step, or a function choosing one from the request. */
export type FakeStep =
  FakeStepValue | ((request: FakeRequest) => FakeStepValue | Promise<FakeStepValue>);

/**
 * A script of its own for the requests `match` accepts: the conversation of one subagent. Several
 * subagents run in parallel and their requests arrive in any order; each lane answers its own
 * conversation's requests in order, whatever the others do.
 */
export interface FakeLane {
  name: string;
  match: (request: FakeRequest) => boolean;
  script: FakeStep[];
}

/** The request body, wherever the API puts it (Code Assist wraps it in `request`). */
function requestBody(request: FakeRequest): Record<string, unknown> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const inner = body['request'];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : body;
}

function partsText(content: unknown): string {
  const parts = (content as { parts?: { text?: unknown }[] } | undefined)?.parts ?? [];
  return parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('\n');
}

/** The request's system instruction, as text. */
export function systemInstructionOf(request: FakeRequest): string {
  return partsText(requestBody(request)['systemInstruction']);
}

/** The text of every user message of the request (not function responses), joined. */
export function userTextOf(request: FakeRequest): string {
  const contents = (requestBody(request)['contents'] ?? []) as { role?: string }[];
  return contents
    .filter((content) => content.role === 'user')
    .map(partsText)
    .join('\n');
}

/** The names of the function responses in the request's last message: what it answers. */
export function answeredCallsOf(request: FakeRequest): string[] {
  const contents = (requestBody(request)['contents'] ?? []) as {
    parts?: { functionResponse?: { name?: string } }[];
  }[];
  const parts = contents.at(-1)?.parts ?? [];
  return parts.flatMap((part) => (part.functionResponse?.name ? [part.functionResponse.name] : []));
}

/** A lane for the conversation whose system instruction and user messages hold these texts. */
export function lane(
  name: string,
  where: { instruction?: string; userText?: string },
  script: FakeStep[],
): FakeLane {
  return {
    name,
    match: (request) =>
      (where.instruction === undefined ||
        systemInstructionOf(request).includes(where.instruction)) &&
      (where.userText === undefined || userTextOf(request).includes(where.userText)),
    script,
  };
}

// --- parts -------------------------------------------------------------------------------------

export function textPart(text: string): Part {
  return { text };
}

export function thoughtPart(text: string, options: { thoughtSignature?: string } = {}): Part {
  return { text, thought: true, ...options };
}

export interface CallSpec {
  name: string;
  args?: Record<string, unknown>;
  id?: string;
  thoughtSignature?: string;
}

export function functionCallPart(call: CallSpec): Part {
  return {
    functionCall: {
      ...(call.id !== undefined ? { id: call.id } : {}),
      name: call.name,
      args: call.args ?? {},
    },
    ...(call.thoughtSignature !== undefined ? { thoughtSignature: call.thoughtSignature } : {}),
  };
}

// --- chunks ------------------------------------------------------------------------------------

export function usage(tokens: {
  prompt: number;
  candidates: number;
  thoughts?: number;
  cached?: number;
}): GenerateContentResponseUsageMetadata {
  const metadata = new GenerateContentResponseUsageMetadata();
  metadata.promptTokenCount = tokens.prompt;
  metadata.candidatesTokenCount = tokens.candidates;
  if (tokens.thoughts !== undefined) metadata.thoughtsTokenCount = tokens.thoughts;
  if (tokens.cached !== undefined) metadata.cachedContentTokenCount = tokens.cached;
  metadata.totalTokenCount = tokens.prompt + tokens.candidates + (tokens.thoughts ?? 0);
  return metadata;
}

export function chunk(
  parts: Part[],
  options: {
    finishReason?: FinishReasonName;
    usageMetadata?: GenerateContentResponseUsageMetadata;
  } = {},
): FakeResponseChunk {
  return {
    candidates: [
      {
        content: { role: 'model', parts },
        index: 0,
        ...(options.finishReason !== undefined
          ? { finishReason: FinishReason[options.finishReason] }
          : {}),
      },
    ],
    ...(options.usageMetadata !== undefined ? { usageMetadata: options.usageMetadata } : {}),
  };
}

// --- steps -------------------------------------------------------------------------------------

export function respond(chunks: FakeResponseChunk[], options: StepTiming = {}): ResponseStep {
  return { type: 'response', chunks, ...options };
}

export function rawReply(chunks: string[], options: StepTiming = {}): RawStep {
  return { type: 'raw', chunks, ...options };
}

export function httpError(
  status: number,
  message: string,
  options: StepTiming & { retryDelay?: string; quotaIds?: string[] } = {},
): ErrorStep {
  return { type: 'error', status, message, ...options };
}

export function cutStream(
  chunks: FakeResponseChunk[],
  options: StepTiming & { after?: number } = {},
): CutStep {
  const { after, ...timing } = options;
  return {
    type: 'cut',
    chunks,
    after: after ?? Math.max(1, Math.floor(chunks.length / 2)),
    ...timing,
  };
}

export interface ReplySpec extends StepTiming {
  /** Thought texts, one chunk each, sent first. */
  thoughts?: string[];
  /** The thought signature carried by the last thought part. */
  thoughtSignature?: string;
  /** Answer text; an array streams as one chunk per piece. */
  text?: string | string[];
  /** Function calls, all in one chunk (parallel calls in one turn). */
  calls?: CallSpec[];
  /** Defaults to STOP. */
  finishReason?: FinishReasonName;
  usage?: GenerateContentResponseUsageMetadata;
  /** The model that answered, as the API names it in `modelVersion`. */
  modelVersion?: string;
  /** The model's stage and retirement, as the Gemini API reports them in `modelStatus`. */
  modelStatus?: GenerateContentResponse['modelStatus'];
  /** Carried by the last chunk's candidate: the reply goes on in a request that sends it back. */
  continuationToken?: string;
}

/** A whole model turn: thoughts, then text, then calls, with the finish reason on the last chunk. */
export function reply(spec: ReplySpec): ResponseStep {
  const chunks: FakeResponseChunk[] = [];
  const thoughts = spec.thoughts ?? [];
  thoughts.forEach((text, i) => {
    const last = i === thoughts.length - 1;
    chunks.push(
      chunk([
        thoughtPart(
          text,
          last && spec.thoughtSignature !== undefined
            ? { thoughtSignature: spec.thoughtSignature }
            : {},
        ),
      ]),
    );
  });
  const texts = spec.text === undefined ? [] : Array.isArray(spec.text) ? spec.text : [spec.text];
  for (const text of texts) chunks.push(chunk([textPart(text)]));
  if (spec.calls && spec.calls.length > 0) chunks.push(chunk(spec.calls.map(functionCallPart)));
  if (chunks.length === 0) chunks.push(chunk([]));
  const last = chunks[chunks.length - 1];
  const candidate = last?.candidates?.[0];
  if (candidate) candidate.finishReason = FinishReason[spec.finishReason ?? 'STOP'];
  if (candidate && spec.continuationToken !== undefined) {
    candidate.continuationToken = spec.continuationToken;
  }
  if (last && spec.usage) last.usageMetadata = spec.usage;
  if (last && spec.modelVersion !== undefined) last.modelVersion = spec.modelVersion;
  if (last && spec.modelStatus !== undefined) last.modelStatus = spec.modelStatus;
  return respond(chunks, spec.delayMs !== undefined ? { delayMs: spec.delayMs } : {});
}

/** A text answer in one chunk, finished with STOP. */
export function textReply(text: string, options: Omit<ReplySpec, 'text'> = {}): ResponseStep {
  return reply({ ...options, text });
}

/** A turn that calls tools (several calls are parallel calls in one turn). */
export function callsReply(
  calls: CallSpec[],
  options: Omit<ReplySpec, 'calls'> = {},
): ResponseStep {
  return reply({ ...options, calls });
}

/** The continuation token a generate request sends back (top level of its body), if any. */
export function continuationTokenOf(request: FakeRequest): string | undefined {
  const token = requestBody(request)['continuationToken'];
  return typeof token === 'string' ? token : undefined;
}

/**
 * A reply longer than one request, as Gemini 4 sends one past its per-request output limit: the
 * first request is answered with `first`, ending with finish reason CONTINUATION and `token`; the
 * request that sends `token` back gets `rest`. A continuation that does not carry the token is
 * answered 400, as a request the server cannot continue.
 */
export function continuedReply(
  token: string,
  first: Omit<ReplySpec, 'finishReason' | 'continuationToken'>,
  rest: ReplySpec,
): [ResponseStep, FakeStep] {
  return [
    reply({ ...first, finishReason: 'CONTINUATION', continuationToken: token }),
    (request) => {
      const sent = continuationTokenOf(request);
      return sent === token
        ? reply(rest)
        : httpError(
            400,
            `Invalid continuation: expected the continuation token ${JSON.stringify(token)}, got ${sent === undefined ? 'none' : JSON.stringify(sent)}.`,
          );
    },
  ];
}

/**
 * Turns a recorded session into a script, so a recording can be served through the fake server and
 * the real client. Token counts and embeddings are not model turns and are left out (the server
 * estimates token counts itself).
 */
export function scriptFromRecording(calls: readonly RecordedCall[]): FakeStep[] {
  const steps: FakeStep[] = [];
  for (const call of calls) {
    if (call.method === 'generateContentStream') steps.push(respond(call.response.map(plainChunk)));
    else if (call.method === 'generateContent') steps.push(respond([plainChunk(call.response)]));
  }
  return steps;
}

function plainChunk(response: FakeResponseChunk): FakeResponseChunk {
  const copy = JSON.parse(JSON.stringify(response)) as Record<string, unknown>;
  // Headers of the recorded live call; the client would take them for part of the body.
  delete copy['sdkHttpResponse'];
  return copy;
}
