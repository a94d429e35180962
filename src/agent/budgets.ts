/**
 * The limits a session runs under. Each one that runs out ends the session with its own reason
 * and a sentence saying which limit it was, so a user can tell what to raise.
 */
import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Tool } from '../tools/tool-types.js';
import type { SessionEndReason, TokenUsage, ToolCallData } from './events.js';
import { errorResponsePart } from './function-response.js';
import type { CompletedToolCall, ToolCallRequest } from './scheduler.js';
import { formatDuration, plural } from '../platform/text.js';
import { RunCost } from './run-cost.js';

export interface SessionBudgets {
  /** Model requests in the session. */
  maxTurns: number;
  /** Tool calls executed in the session. */
  maxToolCalls: number;
  /** Wall-clock time of the whole session, in milliseconds. */
  timeoutMs: number;
  /** Total tokens reported by the model (prompt + output + thoughts); `Infinity` for no limit. */
  tokenBudget: number;
  /** The run's estimated cost in USD from list prices (see run-cost.ts); `Infinity` for no cap. */
  maxCostUsd: number;
}

export const DEFAULT_BUDGETS: Readonly<SessionBudgets> = {
  maxTurns: 100,
  maxToolCalls: 1000,
  timeoutMs: 30 * 60 * 1000,
  tokenBudget: Number.POSITIVE_INFINITY,
  maxCostUsd: Number.POSITIVE_INFINITY,
};

/**
 * What the sessions of one run spend together. Subagents run sessions of their own; their tokens
 * count against the run's token budget exactly as the main agent's do, so a fan-out cannot spend
 * past the limit a workflow set.
 */
export class RunSpend {
  /** Tokens reported by every session of the run so far. */
  tokens = 0;

  /** What the run's requests cost: the caller's account, shared with the run's other sessions. */
  constructor(readonly cost: RunCost = new RunCost()) {}
}

/** Why the session stopped early, in words a user can act on. */
export interface BudgetStop {
  reason: Extract<
    SessionEndReason,
    'max_turns' | 'max_tool_calls' | 'timeout' | 'token_budget' | 'cost_budget'
  >;
  message: string;
}

/** Fills in defaults and rejects limits that cannot work (zero, negative, fractional). */
export function resolveBudgets(budgets: Partial<SessionBudgets> = {}): SessionBudgets {
  const resolved: SessionBudgets = {
    maxTurns: budgets.maxTurns ?? DEFAULT_BUDGETS.maxTurns,
    maxToolCalls: budgets.maxToolCalls ?? DEFAULT_BUDGETS.maxToolCalls,
    timeoutMs: budgets.timeoutMs ?? DEFAULT_BUDGETS.timeoutMs,
    tokenBudget: budgets.tokenBudget ?? DEFAULT_BUDGETS.tokenBudget,
    maxCostUsd: budgets.maxCostUsd ?? DEFAULT_BUDGETS.maxCostUsd,
  };
  requirePositiveInteger('maxTurns', resolved.maxTurns);
  requirePositiveInteger('maxToolCalls', resolved.maxToolCalls);
  requirePositiveInteger('timeoutMs', resolved.timeoutMs);
  if (resolved.tokenBudget !== Number.POSITIVE_INFINITY) {
    requirePositiveInteger('tokenBudget', resolved.tokenBudget);
  }
  const cap = resolved.maxCostUsd;
  if (cap !== Number.POSITIVE_INFINITY && !(Number.isFinite(cap) && cap > 0)) {
    throw new ConfigurationError(
      `The session budget maxCostUsd must be a positive number of US dollars, but it is ${String(cap)}.`,
    );
  }
  return resolved;
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigurationError(
      `The session budget ${name} must be a positive whole number, but it is ${String(value)}.`,
    );
  }
}

/** Counts what the session has used and says when a limit is reached. */
export class BudgetTracker {
  turns = 0;
  toolCalls = 0;
  tokens = 0;

  constructor(
    readonly budgets: SessionBudgets,
    private readonly startedAt: number,
    private readonly now: () => number,
  ) {}

  /** Checked before each model request: may another one be sent? */
  beforeRequest(): BudgetStop | undefined {
    const timeout = this.checkTime();
    if (timeout) return timeout;
    if (this.turns >= this.budgets.maxTurns) {
      return {
        reason: 'max_turns',
        message: `Stopped after ${plural(this.turns, 'turn')} (max turns).`,
      };
    }
    return undefined;
  }

  checkTime(): BudgetStop | undefined {
    if (this.now() - this.startedAt >= this.budgets.timeoutMs) return this.timeoutStop();
    return undefined;
  }

  timeoutStop(): BudgetStop {
    return {
      reason: 'timeout',
      message: `Stopped after ${formatDuration(this.budgets.timeoutMs)} (timeout).`,
    };
  }

  /** Checked after each response, with the session's running token total. */
  afterResponse(totalTokens: number): BudgetStop | undefined {
    this.tokens = totalTokens;
    if (totalTokens > this.budgets.tokenBudget) {
      return {
        reason: 'token_budget',
        message: `Stopped after using ${totalTokens} tokens (token budget ${this.budgets.tokenBudget}).`,
      };
    }
    return undefined;
  }

  /** How many of `requested` tool calls may still run. */
  toolCallsAllowed(requested: number): number {
    return Math.max(0, Math.min(requested, this.budgets.maxToolCalls - this.toolCalls));
  }

  toolCallStop(): BudgetStop {
    return {
      reason: 'max_tool_calls',
      message: `Stopped after ${plural(this.toolCalls, 'tool call')} (max tool calls).`,
    };
  }
}

/** The counts of one response's `usageMetadata`, in the event stream's shape. */
export function toTokenUsage(
  metadata: GenerateContentResponseUsageMetadata | undefined,
): TokenUsage {
  const input = metadata?.promptTokenCount ?? 0;
  const output = metadata?.candidatesTokenCount ?? 0;
  const thoughts = metadata?.thoughtsTokenCount ?? 0;
  const toolUse = metadata?.toolUsePromptTokenCount ?? 0;
  return {
    input_tokens: input,
    output_tokens: output,
    cached_tokens: metadata?.cachedContentTokenCount ?? 0,
    thoughts_tokens: thoughts,
    tool_use_prompt_tokens: toolUse,
    total_tokens: metadata?.totalTokenCount ?? input + output + thoughts + toolUse,
  };
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cached_tokens: a.cached_tokens + b.cached_tokens,
    thoughts_tokens: a.thoughts_tokens + b.thoughts_tokens,
    tool_use_prompt_tokens: a.tool_use_prompt_tokens + b.tool_use_prompt_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
}

/**
 * Settles with `promise`, or rejects once `signal` has been aborted for `graceMs`: a transport or
 * tool that ignores its abort signal cannot keep a cancelled or timed-out session alive.
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  options: { graceMs: number },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = () => {
      reject(new Error('aborted'));
    };
    const onAbort = () => {
      if (options.graceMs <= 0) giveUp();
      else timer = setTimeout(giveUp, options.graceMs);
    };
    const settle = () => {
      signal.removeEventListener('abort', onAbort);
      if (timer !== undefined) clearTimeout(timer);
    };
    promise.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error instanceof Error ? error : new Error(errorMessage(error)));
      },
    );
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Starts the session's wall-clock timer with `setTimeout`; returns a function that stops it. */
export function defaultScheduleTimeout(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms);
  // The timer alone must not keep the process alive once the session is over.
  timer.unref();
  return () => {
    clearTimeout(timer);
  };
}

/**
 * A call the model made after the tool-call budget ran out: never run, but answered (so the
 * history stays valid) and reported as cancelled.
 */
export function cancelledForBudget(
  request: ToolCallRequest,
  tool: Tool | undefined,
  maxToolCalls: number,
): { completed: CompletedToolCall; update: ToolCallData } {
  const message = `Tool call cancelled: the session's limit of ${maxToolCalls} tool calls was reached.`;
  const error = { message, type: 'cancelled' as const };
  return {
    update: {
      tool_call_id: request.callId,
      status: 'CANCELLED',
      phase: 'cancelled',
      tool_name: request.name,
      input_parameters: request.args,
      error,
      duration_ms: 0,
      ...(tool ? { kind: tool.kind } : {}),
      ...(tool?.serverName === undefined ? {} : { server_name: tool.serverName }),
    },
    completed: {
      request,
      status: 'cancelled',
      result: { llmContent: message, returnDisplay: message, error },
      responseParts: [errorResponsePart(request.callId, request.name, message)],
      durationMs: 0,
      ...(tool ? { tool } : {}),
    },
  };
}
