/**
 * The conversation with the model: the curated history and one request/response exchange at a
 * time. It knows the wire shape (system instruction, tools, generation config) and turns a
 * response into what the session needs — thoughts, text, function calls, finish reason, usage —
 * while only valid, thought-free content enters the history.
 */
import { FinishReason } from '../model/genai-values.js';
import type {
  Content,
  FunctionCall,
  FunctionDeclaration,
  GenerateContentConfig,
  GenerateContentParameters,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
  Part,
} from '@google/genai';
import type { ContentGenerator } from '../model/content-generator.js';
import { ModelRequestError } from '../model/errors.js';
import type { ModelChoice } from '../model/model-choice.js';
import {
  modelNotFoundMessage,
  quotaExhaustedMessage,
  rejectedParameterMessage,
} from '../model/model-choice.js';
import type { ParameterSource } from '../model/rejected-parameter.js';
import { rejectedParameterOf } from '../model/rejected-parameter.js';
import { AuthenticationError, errorMessage } from '../platform/errors.js';
import type { AgentThought } from './events.js';
import { curateModelParts, functionCallsOf, isPlainTextPart, textOfParts } from './history.js';
import { checkModelPart } from './response-limits.js';
import { parseThought } from './thought.js';

/** Finish reasons meaning the response was withheld by a content filter. */
const BLOCKED_FINISH_REASONS: Readonly<Record<string, string>> = {
  SAFETY: 'potentially unsafe content',
  RECITATION: 'recitation of existing material',
  BLOCKLIST: 'forbidden terms',
  PROHIBITED_CONTENT: 'prohibited content',
  SPII: 'sensitive personal information',
  IMAGE_SAFETY: 'an unsafe image',
  IMAGE_PROHIBITED_CONTENT: 'a prohibited image',
  IMAGE_RECITATION: 'recitation of an existing image',
};

/** Finish reasons meaning the model tried to call a tool and got it wrong. */
const MALFORMED_FINISH_REASONS: ReadonlySet<string> = new Set([
  'MALFORMED_FUNCTION_CALL',
  'UNEXPECTED_TOOL_CALL',
]);

/** A readable explanation when a response (or the prompt) was blocked, else undefined. */
export function blockedMessage(response: ModelResponse): string | undefined {
  if (response.blockReason) {
    const detail = response.blockReasonMessage ? `: ${response.blockReasonMessage}` : '';
    return `The model refused the request: the prompt was blocked (${response.blockReason})${detail}.`;
  }
  const reason = response.finishReason;
  const description = reason === undefined ? undefined : BLOCKED_FINISH_REASONS[reason];
  if (reason === undefined || description === undefined) return undefined;
  const detail = response.finishMessage ? ` ${response.finishMessage}` : '';
  return `The model's response was blocked for ${description} (finish reason ${reason}).${detail}`;
}

function isMalformedCall(response: ModelResponse): boolean {
  return response.finishReason !== undefined && MALFORMED_FINISH_REASONS.has(response.finishReason);
}

export interface ChatOptions {
  generator: ContentGenerator;
  model: string;
  /** Set once for the whole session. */
  systemInstruction: string;
  /** Sampling and thinking settings sent with every request (tools and system are added here). */
  generationConfig: GenerateContentConfig;
  /** Use `generateContentStream` (default) or `generateContent`. */
  streaming: boolean;
  history?: Content[];
}

/** What the model showed, in the order it arrived. */
export type ResponseItem =
  { kind: 'thought'; thought: AgentThought } | { kind: 'text'; text: string };

export interface ModelResponse {
  items: ResponseItem[];
  /** What was appended to the history; undefined when the response had nothing valid in it. */
  content: Content | undefined;
  functionCalls: FunctionCall[];
  /** All visible text of the response. */
  text: string;
  finishReason: FinishReason | undefined;
  finishMessage: string | undefined;
  /** Set when the prompt itself was blocked (`promptFeedback.blockReason`). */
  blockReason: string | undefined;
  blockReasonMessage: string | undefined;
  /** The last usage report of the response (streams repeat it, growing, on each chunk). */
  usage: GenerateContentResponseUsageMetadata | undefined;
  /**
   * Calls of `functionCalls` whose arguments passed a limit (response-limits.ts) and were taken
   * away, with why: each is answered as invalid parameters without reaching its tool.
   */
  refusedArguments: ReadonlyMap<FunctionCall, string>;
  /** Why parts past the limits were left out of the response, one sentence each. */
  droppedParts: string[];
}

export interface SendOptions {
  promptId: string;
  signal: AbortSignal;
  declarations: FunctionDeclaration[];
}

export class Chat {
  private history: Content[];

  constructor(private options: ChatOptions) {
    this.history = [...(options.history ?? [])];
  }

  get model(): string {
    return this.options.model;
  }

  /** Sends the following requests to another model, with that model's generation settings. */
  switchModel(model: string, generationConfig: GenerateContentConfig): void {
    this.options = { ...this.options, model, generationConfig };
  }

  /** A deep copy: callers cannot change the history by accident. */
  getHistory(): Content[] {
    return structuredClone(this.history);
  }

  /**
   * The history as it is, without a copy (a deep copy of a long history costs as much memory as
   * the history). Contents are never changed in place, so the caller may keep them; it must not
   * change them either.
   */
  contents(): readonly Content[] {
    return [...this.history];
  }

  setHistory(history: readonly Content[]): void {
    this.history = [...history];
  }

  /** Appends a user content (the prompt, tool results, a note). */
  addUserContent(content: Content): void {
    this.history.push({ ...content, role: 'user' });
  }

  /** The last content; the session appends notes to it before the next request. */
  lastContent(): Content | undefined {
    return this.history[this.history.length - 1];
  }

  replaceLastContent(content: Content): void {
    if (this.history.length === 0) throw new Error('replaceLastContent on an empty history');
    this.history[this.history.length - 1] = content;
  }

  /** The request for the current history, exactly as it goes to the content generator. */
  buildRequest(options: Omit<SendOptions, 'promptId'>): GenerateContentParameters {
    const config: GenerateContentConfig = {
      ...this.options.generationConfig,
      systemInstruction: this.options.systemInstruction,
      ...(options.declarations.length > 0
        ? { tools: [{ functionDeclarations: options.declarations }] }
        : {}),
      abortSignal: options.signal,
    };
    // A copy of the list: the generator may keep the request (recording) while history grows.
    return { model: this.options.model, contents: [...this.history], config };
  }

  /** Sends the history, reads the whole response and appends its valid content to the history. */
  async send(options: SendOptions): Promise<ModelResponse> {
    const request = this.buildRequest(options);
    const collector = new ResponseCollector();
    if (this.options.streaming) {
      const stream = await this.options.generator.generateContentStream(request, options.promptId);
      for await (const chunk of stream) collector.add(chunk);
    } else {
      collector.add(await this.options.generator.generateContent(request, options.promptId));
    }
    const response = collector.finish();
    if (response.content) this.history.push(response.content);
    return response;
  }
}

/** Gathers the chunks of one response. */
class ResponseCollector {
  private readonly parts: Part[] = [];
  private readonly items: ResponseItem[] = [];
  private finishReason: FinishReason | undefined;
  private finishMessage: string | undefined;
  private blockReason: string | undefined;
  private blockReasonMessage: string | undefined;
  private usage: GenerateContentResponseUsageMetadata | undefined;
  private readonly refusedArguments = new Map<FunctionCall, string>();
  private readonly droppedParts: string[] = [];

  add(chunk: GenerateContentResponse): void {
    const candidate = chunk.candidates?.[0];
    for (const received of candidate?.content?.parts ?? []) {
      // Before anything else reads the part.
      const checked = checkModelPart(received);
      if (checked.kind === 'dropped') {
        this.droppedParts.push(checked.problem);
        continue;
      }
      const { part } = checked;
      if (checked.kind === 'refused_call') {
        this.refusedArguments.set(checked.part.functionCall, checked.problem);
      }
      this.parts.push(part);
      if (part.thought === true) {
        if (part.text) this.items.push({ kind: 'thought', thought: parseThought(part.text) });
      } else if (isPlainTextPart(part) && part.text) {
        this.addText(part.text);
      }
    }
    if (candidate?.finishReason) {
      this.finishReason = candidate.finishReason;
      this.finishMessage = candidate.finishMessage;
    }
    if (chunk.promptFeedback?.blockReason) {
      this.blockReason = chunk.promptFeedback.blockReason;
      this.blockReasonMessage = chunk.promptFeedback.blockReasonMessage;
    }
    if (chunk.usageMetadata) this.usage = chunk.usageMetadata;
  }

  private addText(text: string): void {
    const last = this.items[this.items.length - 1];
    if (last?.kind === 'text') last.text += text;
    else this.items.push({ kind: 'text', text });
  }

  finish(): ModelResponse {
    const parts = curateModelParts(this.parts);
    const content: Content | undefined = parts.length > 0 ? { role: 'model', parts } : undefined;
    return {
      items: this.items,
      content,
      functionCalls: content ? functionCallsOf(content) : [],
      text: textOfParts(parts),
      finishReason: this.finishReason,
      finishMessage: this.finishMessage,
      blockReason: this.blockReason,
      blockReasonMessage: this.blockReasonMessage,
      usage: this.usage,
      refusedArguments: this.refusedArguments,
      droppedParts: this.droppedParts,
    };
  }
}

/**
 * Why a failed request ends the session, in words: a model the API does not serve, a generation
 * parameter it refused, rejected credentials or another failure. With the model's `choice`, the
 * words say where it was set; with the request's generation settings by where each came from
 * (`sources`, merged in order), where a refused parameter was set.
 */
export function describeModelError(
  error: unknown,
  choice?: ModelChoice,
  sources: readonly ParameterSource[] = [],
): {
  reason: 'model_error' | 'auth_error' | 'model_not_found';
  message: string;
} {
  if (error instanceof ModelRequestError) {
    const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
    if (choice !== undefined && error.isModelNotFound) {
      return { reason: 'model_not_found', message: modelNotFoundMessage(choice, error) };
    }
    if (choice !== undefined && error.isQuotaExhausted) {
      return { reason: 'model_error', message: quotaExhaustedMessage(choice, error) };
    }
    const parameter = rejectedParameterOf(error);
    if (choice !== undefined && parameter !== undefined) {
      return {
        reason: 'model_error',
        message: rejectedParameterMessage(choice, parameter, error, sources),
      };
    }
    // Already one line saying what was tried and what to check (model-endpoint.ts).
    if (error.kind === 'unreachable') return { reason: 'model_error', message: error.message };
    if (error.isAuthError) {
      return {
        reason: 'auth_error',
        message: `The model rejected the credentials${status}: ${error.message}`,
      };
    }
    return {
      reason: 'model_error',
      message: `The model request failed${status}: ${error.message}`,
    };
  }
  // Credentials that could not be had at all (Code Assist's OAuth token): already says what to do.
  if (error instanceof AuthenticationError) return { reason: 'auth_error', message: error.message };
  return { reason: 'model_error', message: `The model request failed: ${errorMessage(error)}` };
}

/**
 * How a response without function calls ends the session: an invalid call is a model error;
 * otherwise the session is complete, with warnings when the answer is empty or ended oddly.
 */
export function judgeFinalAnswer(response: ModelResponse): {
  error?: string;
  warnings: { code: 'other' | 'invalid_response'; message: string }[];
} {
  if (isMalformedCall(response)) {
    return {
      error: `The model produced an invalid function call (finish reason ${response.finishReason ?? 'unknown'}).`,
      warnings: [],
    };
  }
  const warnings: { code: 'other' | 'invalid_response'; message: string }[] = [];
  const reason = response.finishReason;
  if (reason !== undefined && reason !== FinishReason.STOP && reason !== FinishReason.MAX_TOKENS) {
    warnings.push({
      code: 'other',
      message: `The model ended its answer with finish reason ${reason}.`,
    });
  }
  if (response.text.trim() === '') {
    warnings.push({
      code: 'invalid_response',
      message: 'The model finished without a final answer.',
    });
  }
  return { warnings };
}
