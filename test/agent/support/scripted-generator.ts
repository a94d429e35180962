// A ContentGenerator that answers from a script and records every request, for session tests.
import {
  CountTokensResponse,
  FinishReason,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
} from '@google/genai';
import type { GenerateContentParameters, Part } from '@google/genai';
import type { ContentGenerator } from '../../../src/model/content-generator.js';

/** A response as plain JSON (what the API sends). */
export interface RawResponse {
  candidates?: {
    content?: { role?: string; parts?: Part[] };
    finishReason?: FinishReason;
    finishMessage?: string;
  }[];
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  usageMetadata?: GenerateContentResponseUsageMetadata;
}

export type ScriptStep =
  /** One response, or the chunks of a streamed one. */
  | RawResponse
  | { chunks: RawResponse[] }
  /** The request fails with this error. */
  | { error: unknown }
  /** The request never answers until its abort signal fires (then it rejects). */
  | { hang: true; onStart?: () => void };

export interface RecordedRequest {
  method: 'generateContent' | 'generateContentStream';
  promptId: string;
  /** The request without its abort signal, deep-copied when it was made. */
  request: GenerateContentParameters;
  signal: AbortSignal | undefined;
}

export class ScriptedGenerator implements ContentGenerator {
  readonly requests: RecordedRequest[] = [];
  /** Called as each request arrives (after it is recorded), e.g. to move a fake clock. */
  onRequest: ((request: RecordedRequest) => void) | undefined;
  private readonly steps: ScriptStep[];

  constructor(steps: ScriptStep[]) {
    this.steps = [...steps];
  }

  /** Steps not yet used (a test usually expects none left). */
  get remaining(): number {
    return this.steps.length;
  }

  async generateContent(
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<GenerateContentResponse> {
    const chunks = await this.answer('generateContent', request, promptId);
    return toResponse(mergeChunks(chunks));
  }

  async generateContentStream(
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<AsyncGenerator<GenerateContentResponse>> {
    const chunks = await this.answer('generateContentStream', request, promptId);
    return (async function* () {
      for (const chunk of chunks) {
        await Promise.resolve();
        yield toResponse(chunk);
      }
    })();
  }

  countTokens(): Promise<CountTokensResponse> {
    return Promise.resolve(Object.assign(new CountTokensResponse(), { totalTokens: 0 }));
  }

  private async answer(
    method: RecordedRequest['method'],
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<RawResponse[]> {
    const { abortSignal, ...config } = request.config ?? {};
    this.requests.push({
      method,
      promptId,
      request: structuredClone({ ...request, config }),
      signal: abortSignal,
    });
    const recorded = this.requests[this.requests.length - 1];
    if (recorded) this.onRequest?.(recorded);
    const step = this.steps.shift();
    if (step === undefined) throw new Error(`The script has no answer for request ${promptId}`);
    if ('error' in step) throw step.error;
    if ('hang' in step) {
      step.onStart?.();
      await new Promise<never>((_, reject) => {
        const fail = () => {
          reject(new Error('request aborted'));
        };
        if (abortSignal?.aborted) fail();
        abortSignal?.addEventListener('abort', fail, { once: true });
      });
    }
    return 'chunks' in step ? step.chunks : [step as RawResponse];
  }
}

function toResponse(raw: RawResponse): GenerateContentResponse {
  return Object.assign(new GenerateContentResponse(), structuredClone(raw));
}

/** What a non-streaming call returns for a scripted stream: all parts in one candidate. */
function mergeChunks(chunks: RawResponse[]): RawResponse {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const parts = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
  const last = chunks[chunks.length - 1];
  return {
    candidates: [
      {
        content: { role: 'model', parts },
        ...(last?.candidates?.[0]?.finishReason
          ? { finishReason: last.candidates[0].finishReason }
          : {}),
      },
    ],
    ...(last?.usageMetadata ? { usageMetadata: last.usageMetadata } : {}),
  };
}

// --- Building responses ---------------------------------------------------------------------

export function text(value: string, thoughtSignature?: string): Part {
  return thoughtSignature === undefined ? { text: value } : { text: value, thoughtSignature };
}

export function thought(value: string, thoughtSignature?: string): Part {
  return { text: value, thought: true, ...(thoughtSignature ? { thoughtSignature } : {}) };
}

export function call(
  name: string,
  args: Record<string, unknown>,
  options: { id?: string; thoughtSignature?: string } = {},
): Part {
  return {
    functionCall: { name, args, ...(options.id === undefined ? {} : { id: options.id }) },
    ...(options.thoughtSignature === undefined
      ? {}
      : { thoughtSignature: options.thoughtSignature }),
  };
}

export function usage(
  prompt: number,
  output: number,
  extra: Partial<GenerateContentResponseUsageMetadata> = {},
): GenerateContentResponseUsageMetadata {
  return Object.assign(new GenerateContentResponseUsageMetadata(), {
    promptTokenCount: prompt,
    candidatesTokenCount: output,
    totalTokenCount: prompt + output + (extra.thoughtsTokenCount ?? 0),
    ...extra,
  });
}

export function reply(
  parts: Part[],
  options: {
    finishReason?: FinishReason;
    usage?: GenerateContentResponseUsageMetadata;
  } = {},
): RawResponse {
  return {
    candidates: [
      {
        content: { role: 'model', parts },
        finishReason: options.finishReason ?? FinishReason.STOP,
      },
    ],
    usageMetadata: options.usage ?? usage(10, 5),
  };
}
