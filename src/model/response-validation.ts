import type { GenerateContentResponse, Part } from '@google/genai';

/**
 * Checks a complete model reply (all chunks of a stream, or one unary response) for the ways the
 * API is known to return something unusable that a second attempt usually fixes.
 */

/**
 * Finish reasons meaning the reply was blocked. Those are passed through (not retried): the same
 * request would be blocked again, and the session reports them as such.
 */
const BLOCKED_FINISH_REASONS = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'LANGUAGE',
]);

export type InvalidReason = 'no_finish_reason' | 'malformed_function_call' | 'no_content';

export const INVALID_REASON_TEXT: Record<InvalidReason, string> = {
  no_finish_reason: 'the reply ended without a finish reason',
  malformed_function_call:
    'the model produced a malformed function call (finish reason MALFORMED_FUNCTION_CALL)',
  no_content: 'the reply had no content (no text or function call)',
};

/** A part that carries something besides (possibly empty) thought text. */
function isContentPart(part: Part): boolean {
  if (part.functionCall) return true;
  if (part.thought) return false;
  if (typeof part.text === 'string') return part.text !== '';
  // inlineData, executableCode, fileData …: anything with a value counts.
  return Object.entries(part).some(
    ([key, value]) => key !== 'thoughtSignature' && value !== undefined,
  );
}

/** Returns why the reply is unusable, or undefined when it is fine (or blocked). */
export function invalidReplyReason(
  chunks: readonly GenerateContentResponse[],
): InvalidReason | undefined {
  let finishReason: string | undefined;
  let hasContent = false;
  let hasFunctionCall = false;
  let promptBlocked = false;
  for (const chunk of chunks) {
    if (chunk.promptFeedback?.blockReason) promptBlocked = true;
    const candidate = chunk.candidates?.[0];
    if (candidate?.finishReason) finishReason = candidate.finishReason;
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall) hasFunctionCall = true;
      if (isContentPart(part)) hasContent = true;
    }
  }
  if (promptBlocked) return undefined;
  if (finishReason === 'MALFORMED_FUNCTION_CALL') return 'malformed_function_call';
  // A reply that calls tools is complete enough to act on even without a finish reason.
  if (hasFunctionCall) return undefined;
  if (finishReason === undefined) return 'no_finish_reason';
  if (BLOCKED_FINISH_REASONS.has(finishReason)) return undefined;
  return hasContent ? undefined : 'no_content';
}
