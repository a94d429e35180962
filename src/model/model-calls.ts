/**
 * Every request that reaches the model's API, one record per attempt: which model, how long it
 * took, the tokens it used, and how it failed when it did. The Gemini CLI logs each attempt the
 * same way (its `api_request`, `api_response` and `api_error` events), so a request retried twice
 * shows as three. Recorded inside the retries (create-content-generator.ts), so the records say
 * what the API did, not what the session finally got.
 */
import type {
  CountTokensParameters,
  CountTokensResponse,
  GenerateContentParameters,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
  ModelStatus,
} from '@google/genai';
import { errorMessage } from '../platform/errors.js';
import type { ContentGenerator } from './content-generator.js';
import { ModelRequestError } from './errors.js';

export interface ModelCall {
  /** The model the request named. */
  model: string;
  promptId: string;
  /** Milliseconds since the epoch, when the request was sent. */
  startedAt: number;
  /** Until the whole reply was read (a stream to its last chunk) or the request failed. */
  durationMs: number;
  /** The model that answered (`modelVersion`), when the reply said. */
  responseModel?: string;
  /** The model's stage and retirement as the API reported them (`modelStatus`; Gemini API only). */
  modelStatus?: ModelStatus;
  /** The reply's last usage report. */
  usage?: GenerateContentResponseUsageMetadata;
  finishReasons: string[];
  /** Set when the attempt failed; `kind` is the `ModelRequestError` kind or `cancelled`. */
  error?: { message: string; kind: string; status?: number };
}

export type ModelCallListener = (call: ModelCall) => void;

/**
 * Where the records go: the model layer reports into it, and each session subscribes while it
 * runs, so its event stream (and every consumer of it) sees the calls made on its behalf.
 */
export class ModelCalls {
  private readonly listeners = new Set<ModelCallListener>();

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: ModelCallListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  readonly report = (call: ModelCall): void => {
    for (const listener of this.listeners) {
      try {
        listener(call);
      } catch {
        // A broken reporter must not fail a model request.
      }
    }
  };
}

/** Reports every generate request of `inner` (each attempt, when inside the retries). */
export function reportModelCalls(
  inner: ContentGenerator,
  report: ModelCallListener,
  now: () => number = Date.now,
): ContentGenerator {
  const attempt = (request: GenerateContentParameters, promptId: string) => {
    const startedAt = now();
    const tally = new ReplyTally();
    return {
      tally,
      done: (error?: unknown) => {
        report({
          model: request.model,
          promptId,
          startedAt,
          durationMs: Math.max(0, now() - startedAt),
          ...tally.result(),
          ...(error === undefined ? {} : { error: describeFailure(error, request) }),
        });
      },
    };
  };
  return {
    async generateContent(request, promptId) {
      const call = attempt(request, promptId);
      try {
        const response = await inner.generateContent(request, promptId);
        call.tally.add(response);
        call.done();
        return response;
      } catch (error) {
        call.done(error);
        throw error;
      }
    },

    async generateContentStream(request, promptId) {
      const call = attempt(request, promptId);
      let stream: AsyncGenerator<GenerateContentResponse>;
      try {
        stream = await inner.generateContentStream(request, promptId);
      } catch (error) {
        call.done(error);
        throw error;
      }
      return (async function* observed() {
        let failure: unknown;
        let finished = false;
        try {
          for await (const chunk of stream) {
            call.tally.add(chunk);
            yield chunk;
          }
          finished = true;
        } catch (error) {
          failure = error;
          throw error;
        } finally {
          // A reader that stops early (a cancelled session) ends the attempt too.
          call.done(
            finished ? undefined : (failure ?? new Error('The reply was not read to its end.')),
          );
        }
      })();
    },

    countTokens(request: CountTokensParameters): Promise<CountTokensResponse> {
      return inner.countTokens(request);
    },
  };
}

/** What the chunks of one reply said about the model, the tokens and how it ended. */
class ReplyTally {
  private responseModel: string | undefined;
  private modelStatus: ModelStatus | undefined;
  private usage: GenerateContentResponseUsageMetadata | undefined;
  private readonly finishReasons: string[] = [];

  add(chunk: GenerateContentResponse): void {
    if (chunk.modelVersion) this.responseModel = chunk.modelVersion;
    if (chunk.modelStatus) this.modelStatus = chunk.modelStatus;
    if (chunk.usageMetadata) this.usage = chunk.usageMetadata;
    for (const candidate of chunk.candidates ?? []) {
      if (candidate.finishReason) this.finishReasons.push(candidate.finishReason);
    }
  }

  result(): Pick<ModelCall, 'responseModel' | 'modelStatus' | 'usage' | 'finishReasons'> {
    return {
      ...(this.responseModel === undefined ? {} : { responseModel: this.responseModel }),
      ...(this.modelStatus === undefined ? {} : { modelStatus: this.modelStatus }),
      ...(this.usage === undefined ? {} : { usage: this.usage }),
      finishReasons: [...this.finishReasons],
    };
  }
}

function describeFailure(error: unknown, request: GenerateContentParameters): ModelCall['error'] {
  if (error instanceof ModelRequestError) {
    return {
      message: error.message,
      kind: error.kind,
      ...(error.status === undefined ? {} : { status: error.status }),
    };
  }
  const kind = request.config?.abortSignal?.aborted ? 'cancelled' : 'unknown';
  return { message: errorMessage(error), kind };
}
