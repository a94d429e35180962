/**
 * The shape of a GenerateContentResponse (the `@google/genai` type a recorded session replays),
 * checked when a recording is loaded: a hand-edited or truncated file then fails at its own line
 * with what was expected, instead of as an odd model reply in the middle of a replayed run.
 *
 * Only the fields the agent reads are typed; anything else passes through untouched, since the
 * API adds fields over time and a recording must keep replaying.
 */
import { z } from 'zod';

const functionCall = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  args: z.record(z.string(), z.unknown()).optional(),
});

const part = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  functionCall: functionCall.optional(),
});

const candidate = z.looseObject({
  content: z
    .looseObject({ role: z.string().optional(), parts: z.array(part).optional() })
    .optional(),
  finishReason: z.string().optional(),
  index: z.number().optional(),
});

const count = z.number().int().nonnegative().optional();

const responseFields = z.looseObject({
  candidates: z.array(candidate).optional(),
  promptFeedback: z.looseObject({ blockReason: z.string().optional() }).optional(),
  usageMetadata: z
    .looseObject({
      promptTokenCount: count,
      candidatesTokenCount: count,
      totalTokenCount: count,
      thoughtsTokenCount: count,
      cachedContentTokenCount: count,
    })
    .optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});

/** What makes an object a reply at all; `{"text": "…"}` alone is not one. */
const REPLY_FIELDS = ['candidates', 'promptFeedback', 'usageMetadata'] as const;

/**
 * Why `value` is not a GenerateContentResponse (the first problem, with the path to it), or
 * undefined when it is one.
 */
export function responseShapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'expected an object';
  }
  const keys = Object.keys(value);
  if (!REPLY_FIELDS.some((field) => keys.includes(field))) {
    const got = keys.length === 0 ? 'an empty object' : `only ${keys.join(', ')}`;
    return `expected at least one of ${REPLY_FIELDS.join(', ')}, got ${got}`;
  }
  const checked = responseFields.safeParse(value);
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  if (issue === undefined) return 'expected a GenerateContentResponse';
  const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`));
  return `${where.join('').replace(/^\./, '')}: ${issue.message}`;
}
