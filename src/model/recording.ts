import { appendFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  CountTokensResponse,
  EmbedContentResponse,
  GenerateContentResponse,
} from './genai-values.js';
import type { CountTokensParameters, GenerateContentParameters } from '@google/genai';
import { ConfigurationError } from '../platform/errors.js';
import { jsonLimitProblem, valueLimitProblem } from '../platform/text-limits.js';
import type { ContentGenerator } from './content-generator.js';
import { responseShapeProblem } from './response-shape.js';
import { isRecord } from '../platform/records.js';

/**
 * Recorded model sessions in the Gemini CLI's `--record-responses` / `--fake-responses` format:
 * JSONL, one `{method, response}` object per model call, so recordings move between the programs.
 * A reply too deep to write out is recorded as `{method, leftOut}` instead (`serializeRecordedCall`);
 * a replay stops at that line and says why.
 */
export type RecordedCall = (
  | { method: 'generateContent'; response: GenerateContentResponse }
  | { method: 'generateContentStream'; response: GenerateContentResponse[] }
  | { method: 'countTokens'; response: CountTokensResponse }
  | { method: 'embedContent'; response: EmbedContentResponse }
) & {
  /**
   * How the tool calls the request answered went (its function responses), so a replay can tell
   * when its own tool calls fail where the recorded ones did not (session-setup/replay-divergence.ts).
   * Our addition: the Gemini CLI ignores the key, and a recording without it still replays.
   */
  toolResults?: RecordedToolResult[];
};

export type RecordedToolOutcome = 'ok' | 'error';

/** One function response of a recorded request: the call it answers and whether it failed. */
export interface RecordedToolResult {
  id: string;
  name: string;
  outcome: RecordedToolOutcome;
}

export type RecordedMethod = RecordedCall['method'];

const METHODS: readonly RecordedMethod[] = [
  'generateContent',
  'generateContentStream',
  'countTokens',
  'embedContent',
];

/** Receives each recorded call as one line of JSON ending in `\n`. */
export interface RecordingSink {
  write(line: string): void;
}

/**
 * Appends to a file synchronously, one line per call, so a crash keeps every call recorded so far.
 * With `truncate`, the file is emptied first.
 */
export function fileRecordingSink(
  path: string,
  options: { truncate?: boolean } = {},
): RecordingSink {
  if (options.truncate) writeFileSync(path, '');
  return {
    write: (line) => {
      appendFileSync(path, line);
    },
  };
}

/** A copy without the SDK's `sdkHttpResponse` (headers of the live call; noise in a recording). */
function recordable<T extends object>(response: T): T {
  const copy: Record<string, unknown> = { ...(response as Record<string, unknown>) };
  delete copy['sdkHttpResponse'];
  return copy as T;
}

/**
 * How deep a recorded call's line may nest, the line itself being level 1: as deep as a replay
 * reads back. A model's reply is a few levels deep; one nested thousands of levels (a hostile
 * model's) would overflow the recursion that writes it out (`JSON.stringify`), and the code that
 * serves it again on replay.
 */
export const RECORDED_CALL_MAX_DEPTH = 64;

const RECORDED_CALL_LIMITS = {
  maxDepth: RECORDED_CALL_MAX_DEPTH,
  maxEntries: Number.MAX_SAFE_INTEGER,
  maxChars: Number.MAX_SAFE_INTEGER,
};

/**
 * A recorded call's line. A call nested past `RECORDED_CALL_MAX_DEPTH` is not written out: its
 * line holds the method and, in `leftOut`, why the reply was left out, so the recording stays
 * aligned with the session's calls and the session goes on as it does unrecorded (the agent
 * judges the reply itself). The check walks the value without recursion, so it holds at any depth.
 */
export function serializeRecordedCall(call: RecordedCall): string {
  const problem = valueLimitProblem(call, RECORDED_CALL_LIMITS, 'a recorded model call');
  if (problem !== undefined) {
    return `${JSON.stringify({ method: call.method, leftOut: problem.message })}\n`;
  }
  return `${JSON.stringify(call)}\n`;
}

/** Records every call of `inner` as it completes; a stream once it has been read. */
export class RecordingContentGenerator implements ContentGenerator {
  private readonly sink: RecordingSink;

  constructor(
    private readonly inner: ContentGenerator,
    sink: RecordingSink | string,
  ) {
    this.sink = typeof sink === 'string' ? fileRecordingSink(sink) : sink;
  }

  async generateContent(
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<GenerateContentResponse> {
    const response = await this.inner.generateContent(request, promptId);
    this.record({
      method: 'generateContent',
      response: recordable(response),
      ...toolResultsOf(request),
    });
    return response;
  }

  async generateContentStream(
    request: GenerateContentParameters,
    promptId: string,
  ): Promise<AsyncGenerator<GenerateContentResponse>> {
    const stream = await this.inner.generateContentStream(request, promptId);
    const results = toolResultsOf(request);
    const record = (chunks: GenerateContentResponse[]) => {
      this.record({ method: 'generateContentStream', response: chunks, ...results });
    };
    return recordStream(stream, record);
  }

  async countTokens(request: CountTokensParameters): Promise<CountTokensResponse> {
    const response = await this.inner.countTokens(request);
    this.record({ method: 'countTokens', response: recordable(response) });
    return response;
  }

  private record(call: RecordedCall): void {
    this.sink.write(serializeRecordedCall(call));
  }
}

/**
 * The function responses of the request's last message (the results of the calls the model made
 * in the turn before), with whether each failed (`response.error`, function-response.ts).
 */
export function toolResultsOf(request: GenerateContentParameters): {
  toolResults?: RecordedToolResult[];
} {
  const contents = Array.isArray(request.contents) ? request.contents : [request.contents];
  const last: unknown = contents.at(-1);
  const parts = isRecord(last) && Array.isArray(last['parts']) ? (last['parts'] as unknown[]) : [];
  const results: RecordedToolResult[] = [];
  for (const part of parts) {
    const answer = isRecord(part) ? part['functionResponse'] : undefined;
    if (!isRecord(answer) || typeof answer['name'] !== 'string') continue;
    if (typeof answer['id'] !== 'string') continue;
    const response = answer['response'];
    const failed = isRecord(response) && response['error'] !== undefined;
    results.push({ id: answer['id'], name: answer['name'], outcome: failed ? 'error' : 'ok' });
  }
  return results.length === 0 ? {} : { toolResults: results };
}

/** `toolResults` as read from a recording's line; absent stays absent. */
function readToolResults(
  value: unknown,
  fail: (message: string) => never,
): { toolResults?: RecordedToolResult[] } {
  if (value === undefined) return {};
  const expected =
    'expected "toolResults" to be an array of {"id": …, "name": …, "outcome": "ok" or "error"} objects.';
  if (!Array.isArray(value)) return fail(expected);
  const results = value.map((entry: unknown): RecordedToolResult => {
    if (
      !isRecord(entry) ||
      typeof entry['id'] !== 'string' ||
      typeof entry['name'] !== 'string' ||
      (entry['outcome'] !== 'ok' && entry['outcome'] !== 'error')
    ) {
      return fail(expected);
    }
    return { id: entry['id'], name: entry['name'], outcome: entry['outcome'] };
  });
  return { toolResults: results };
}

async function* recordStream(
  stream: AsyncGenerator<GenerateContentResponse>,
  record: (chunks: GenerateContentResponse[]) => void,
): AsyncGenerator<GenerateContentResponse> {
  const chunks: GenerateContentResponse[] = [];
  let failed = false;
  try {
    for await (const chunk of stream) {
      chunks.push(recordable(chunk));
      yield chunk;
    }
  } catch (error) {
    // A broken stream is not a reply; the retry that follows will be recorded instead.
    failed = true;
    throw error;
  } finally {
    // Also when the consumer stopped early: the call happened and a replay must stay aligned.
    if (!failed) record(chunks);
  }
}

function toCall(value: unknown, where: { file: string; line: number }): RecordedCall {
  const fail = (message: string): never => {
    throw new ConfigurationError(message, where);
  };
  if (!isRecord(value)) return fail('expected a JSON object {"method": …, "response": …}.');
  const method = value['method'];
  if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method)) {
    return fail(
      `expected "method" to be one of ${METHODS.join(', ')}, got ${method === undefined ? 'nothing' : JSON.stringify(method)}.`,
    );
  }
  const leftOut = value['leftOut'];
  if (typeof leftOut === 'string' && !('response' in value)) {
    return fail(
      `the model's reply to this ${method} call was left out of the recording, so it cannot be replayed: ${leftOut}`,
    );
  }
  const response = value['response'];
  const results = readToolResults(value['toolResults'], fail);
  switch (method as RecordedMethod) {
    case 'generateContentStream': {
      if (!Array.isArray(response) || !response.every(isRecord)) {
        return fail(
          'expected "response" of generateContentStream to be an array of response objects.',
        );
      }
      for (const [index, chunk] of response.entries()) {
        const problem = responseShapeProblem(chunk);
        if (problem !== undefined) {
          return fail(
            `expected "response" of generateContentStream to be GenerateContentResponse chunks; chunk ${index + 1}: ${problem}.`,
          );
        }
      }
      return {
        method: 'generateContentStream',
        response: response.map((chunk) => Object.assign(new GenerateContentResponse(), chunk)),
        ...results,
      };
    }
    case 'generateContent': {
      if (!isRecord(response))
        return fail('expected "response" of generateContent to be an object.');
      const problem = responseShapeProblem(response);
      if (problem !== undefined) {
        return fail(
          `expected "response" of generateContent to be a GenerateContentResponse: ${problem}.`,
        );
      }
      return {
        method: 'generateContent',
        response: Object.assign(new GenerateContentResponse(), response),
        ...results,
      };
    }
    case 'countTokens':
      if (!isRecord(response)) return fail('expected "response" of countTokens to be an object.');
      return {
        method: 'countTokens',
        response: Object.assign(new CountTokensResponse(), response),
      };
    case 'embedContent':
      if (!isRecord(response)) return fail('expected "response" of embedContent to be an object.');
      return {
        method: 'embedContent',
        response: Object.assign(new EmbedContentResponse(), response),
      };
  }
}

/**
 * Parses recorded-session text; `file` names it in errors. Blank lines are skipped; a file without
 * any call is an error, since it can answer nothing.
 */
export function parseRecordedSession(text: string, file: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const where = { file, line: index + 1 };
    // A response is a few levels deep; thousands would overflow the code that serves it again.
    const tooDeep = jsonLimitProblem(line, {
      maxDepth: RECORDED_CALL_MAX_DEPTH,
      maxEntries: Number.MAX_SAFE_INTEGER,
    });
    if (tooDeep !== undefined) {
      const indent = raw.length - raw.trimStart().length;
      throw new ConfigurationError(tooDeep.message, {
        ...where,
        column: indent + tooDeep.offset + 1,
      });
    }
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch (error) {
      throw new ConfigurationError(
        `expected one JSON object per line, got text that is not JSON (${error instanceof Error ? error.message : String(error)}).`,
        where,
      );
    }
    calls.push(toCall(value, where));
  }
  if (calls.length === 0) {
    throw new ConfigurationError(
      'the recorded session is empty: expected one {"method": …, "response": …} JSON object per model call, one a line.',
      { file },
    );
  }
  return calls;
}

/** Reads and validates a recorded session file. */
export async function readRecordedSession(path: string): Promise<RecordedCall[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError(
      `expected a readable recorded-session file (${error instanceof Error ? error.message : String(error)}).`,
      { file: path },
      { cause: error },
    );
  }
  return parseRecordedSession(text, path);
}
