/**
 * How much one part of a model response may hold, checked as each part arrives, before anything
 * else reads it. The model is not trusted: its function calls' arguments reach the loop detector,
 * the policy (key-sorted JSON for `argsPattern`), the tool, the transcript, telemetry and the A2A
 * events, and the part itself goes back to the API in every later request. All of these write the
 * value out by recursion, so arguments nested 100,000 levels deep overflowed the stack ("Maximum
 * call stack size exceeded") and ended the session.
 *
 * A function call whose arguments pass a limit keeps its name, id and thought signature and loses
 * its arguments; the call then fails back to the model as invalid parameters, as any malformed
 * call does, and the session goes on. Any other part past the limits is left out of the response
 * (and of the history) with a warning. The bounds sit far above what a model writes: a tool's
 * arguments nest a few levels, and one answer is limited to some 65,000 tokens (about 260,000
 * characters).
 */
import type { FunctionCall, Part } from '@google/genai';
import type { ValueLimits } from '../platform/text-limits.js';
import { valueLimitProblem } from '../platform/text-limits.js';

/** One function call's `args`. */
export const MODEL_ARGUMENT_LIMITS: ValueLimits = {
  maxDepth: 64,
  maxEntries: 10_000,
  maxChars: 4 * 1024 * 1024,
};

/** A whole part (its arguments aside); texts are not limited in size here. */
export const MODEL_PART_LIMITS: ValueLimits = {
  maxDepth: 64,
  maxEntries: 10_000,
  maxChars: Number.MAX_SAFE_INTEGER,
};

export type CheckedPart =
  /** The part as it came. */
  | { kind: 'kept'; part: Part }
  /** A function call without its arguments; `problem` says why they were refused. */
  | { kind: 'refused_call'; part: Part & { functionCall: FunctionCall }; problem: string }
  /** Left out; `problem` says why. */
  | { kind: 'dropped'; problem: string };

/** The part as the session may use it, or why it may not. */
export function checkModelPart(part: Part): CheckedPart {
  const call: unknown = part.functionCall;
  if (typeof call !== 'object' || call === null) {
    const problem = valueLimitProblem(part, MODEL_PART_LIMITS, 'a response part');
    return problem === undefined
      ? { kind: 'kept', part }
      : {
          kind: 'dropped',
          problem: `The model sent a response part that was left out: ${problem.message}`,
        };
  }
  const { args, ...rest } = call as FunctionCall;
  const problem =
    valueLimitProblem(args ?? {}, MODEL_ARGUMENT_LIMITS, 'arguments') ??
    valueLimitProblem({ ...part, functionCall: rest }, MODEL_PART_LIMITS, 'a function call');
  if (problem === undefined) return { kind: 'kept', part };
  const { id, name } = rest;
  const signature = part.thoughtSignature;
  return {
    kind: 'refused_call',
    part: {
      functionCall: {
        ...(typeof id === 'string' ? { id } : {}),
        ...(typeof name === 'string' ? { name } : {}),
        args: {},
      },
      ...(typeof signature === 'string' ? { thoughtSignature: signature } : {}),
    },
    problem: problem.message,
  };
}
