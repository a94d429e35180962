/**
 * Chat compression: when the prompt grows close to the model's context window, the older part of
 * the history is replaced by a summary the model writes itself, and a recent tail is kept as is.
 *
 * A CI session is usually one prompt followed by tool exchanges only, so every later user content
 * is a `functionResponse`. The tail therefore starts either at a model content (its function
 * calls and their responses stay together) or at a plain user message — never at a function
 * response whose call was summarised away, which the API would reject.
 */
import type {
  Content,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
} from '@google/genai';
import type { ContentGenerator } from '../model/content-generator.js';
import { ConfigurationError } from '../platform/errors.js';
import {
  contentSize,
  curateModelParts,
  isPlainUserContent,
  modelText,
  textOfParts,
  userText,
  withAppendedText,
} from './history.js';

export interface CompressionOptions {
  /** The model's context window in tokens. */
  tokenLimit: number;
  /** Compress once the last prompt used more than this fraction of `tokenLimit`. */
  threshold: number;
  /** The share of the history (by characters) kept verbatim after compression. */
  preserveFraction: number;
}

export const DEFAULT_COMPRESSION_THRESHOLD = 0.7;
export const DEFAULT_PRESERVE_FRACTION = 0.3;

/** The model's reply after the summary, so the history keeps alternating user/model. */
export const COMPRESSION_ACK = 'Got it. Thanks for the additional context!';

const DEFAULT_TOKEN_LIMIT = 1_048_576;

/** The context window of a model, in tokens; Gemini 2.5 and 3 models take 1,048,576. */
export function tokenLimitForModel(model: string): number {
  const name = model.replace(/^models\//, '');
  if (name.startsWith('gemini-1.5-pro')) return 2_097_152;
  return DEFAULT_TOKEN_LIMIT;
}

export function resolveCompression(
  model: string,
  options: Partial<CompressionOptions> = {},
): CompressionOptions {
  const resolved: CompressionOptions = {
    tokenLimit: options.tokenLimit ?? tokenLimitForModel(model),
    threshold: options.threshold ?? DEFAULT_COMPRESSION_THRESHOLD,
    preserveFraction: options.preserveFraction ?? DEFAULT_PRESERVE_FRACTION,
  };
  if (!Number.isInteger(resolved.tokenLimit) || resolved.tokenLimit <= 0) {
    throw new ConfigurationError(
      `compression.tokenLimit must be a positive whole number of tokens, but it is ${resolved.tokenLimit}.`,
    );
  }
  if (!(resolved.threshold > 0 && resolved.threshold <= 1)) {
    throw new ConfigurationError(
      `compression.threshold must be a fraction above 0 and at most 1, but it is ${resolved.threshold}.`,
    );
  }
  if (!(resolved.preserveFraction > 0 && resolved.preserveFraction < 1)) {
    throw new ConfigurationError(
      `compression.preserveFraction must be a fraction between 0 and 1, but it is ${resolved.preserveFraction}.`,
    );
  }
  return resolved;
}

export function needsCompression(promptTokenCount: number, options: CompressionOptions): boolean {
  return promptTokenCount > options.threshold * options.tokenLimit;
}

/**
 * Where the kept tail starts: the first valid start once `1 - preserveFraction` of the history
 * (by characters) lies before it, or else the latest valid start. Undefined when no start leaves
 * at least two contents to summarise.
 */
export function findCompressionSplit(
  history: readonly Content[],
  preserveFraction: number,
): number | undefined {
  return splitBySizes(history, history.map(contentSize), preserveFraction);
}

/** `findCompressionSplit` with each content's size already known. */
function splitBySizes(
  history: readonly Content[],
  sizes: readonly number[],
  preserveFraction: number,
): number | undefined {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const target = total * (1 - preserveFraction);
  let before = 0;
  let latestValid: number | undefined;
  for (let i = 0; i < history.length; i++) {
    const content = history[i];
    if (content && i >= 2 && isValidTailStart(content)) {
      if (before >= target) return i;
      latestValid = i;
    }
    before += sizes[i] ?? 0;
  }
  return latestValid;
}

function isValidTailStart(content: Content): boolean {
  return content.role === 'model' || isPlainUserContent(content);
}

/** The system instruction of the summary request. */
export const COMPRESSION_SYSTEM_PROMPT = `You are the memory of a coding agent that works alone in a checked-out repository. Its conversation has grown too long, so everything before this point will be replaced by the summary you write now. After that, the agent will only see your summary and the most recent messages, so anything you leave out is lost.

Write a complete, precise snapshot of the work so far, in this structure:

<state_snapshot>
  <task>The task the agent was given, with every requirement and constraint, in full.</task>
  <key_facts>What has been learned: conventions of the project, how to build and test it, decisions made and why, dead ends to avoid.</key_facts>
  <files>Every file read, created, changed or deleted, with its path and what matters about it (what was changed, what remains to change).</files>
  <recent_actions>The last steps taken and their outcomes, including failing commands and their errors.</recent_actions>
  <plan>The remaining steps, marked [DONE], [IN PROGRESS] or [TODO].</plan>
</state_snapshot>

Be specific: exact paths, names, commands, error messages. Leave out pleasantries and anything already done that no longer matters. Reply with the snapshot only.`;

const COMPRESSION_REQUEST = 'Write the <state_snapshot> of our work so far now.';

export interface CompressHistoryOptions {
  history: readonly Content[];
  generator: ContentGenerator;
  model: string;
  promptId: string;
  signal: AbortSignal;
  preserveFraction: number;
  /** The prompt size that triggered compression, for the event. */
  tokensBefore: number;
}

export interface CompressionResult {
  history: Content[];
  tokensBefore: number;
  /** A characters/4 estimate: the real count arrives with the next response. */
  tokensAfterEstimate: number;
  /** What the summary request cost. */
  usage: GenerateContentResponseUsageMetadata | undefined;
}

/**
 * Summarises the older history with one request (no tools) and returns the new history. Throws
 * when it cannot help (no valid split, an empty summary, nothing saved); the caller carries on
 * uncompressed.
 */
export async function compressHistory(options: CompressHistoryOptions): Promise<CompressionResult> {
  const { history } = options;
  const sizes = history.map(contentSize);
  const split = splitBySizes(history, sizes, options.preserveFraction);
  if (split === undefined) {
    throw new Error('no point in the history where it can be split safely');
  }
  const response = await options.generator.generateContent(
    {
      model: options.model,
      contents: summaryRequestContents(history.slice(0, split)),
      config: { systemInstruction: COMPRESSION_SYSTEM_PROMPT, abortSignal: options.signal },
    },
    options.promptId,
  );
  const summary = summaryText(response);
  if (summary === '') throw new Error('the model returned an empty summary');

  const tail = history.slice(split);
  const head: Content[] =
    tail[0]?.role === 'model'
      ? [userText(summary)]
      : [userText(summary), modelText(COMPRESSION_ACK)];
  // The kept contents are shared, not copied: history contents are never changed in place (a
  // change replaces the content), and a copy of the largest tool outputs would double them.
  const compressed = [...head, ...tail];

  const sizeBefore = sizes.reduce((sum, size) => sum + size, 0);
  const sizeAfter =
    head.reduce((sum, content) => sum + contentSize(content), 0) +
    sizes.slice(split).reduce((sum, size) => sum + size, 0);
  if (sizeAfter >= sizeBefore) throw new Error('the summary is not shorter than what it replaces');
  return {
    history: compressed,
    tokensBefore: options.tokensBefore,
    tokensAfterEstimate: Math.ceil(sizeAfter / 4),
    usage: response.usageMetadata,
  };
}

/** The summarised contents plus the request, without two user contents in a row. */
function summaryRequestContents(toSummarise: readonly Content[]): Content[] {
  // A new list over the same contents; the last one is replaced, not changed.
  const contents = [...toSummarise];
  const last = contents[contents.length - 1];
  if (last?.role === 'user') {
    contents[contents.length - 1] = withAppendedText(last, COMPRESSION_REQUEST);
  } else {
    contents.push(userText(COMPRESSION_REQUEST));
  }
  return contents;
}

function summaryText(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return textOfParts(curateModelParts(parts)).trim();
}
