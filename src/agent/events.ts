/**
 * The event stream of a session, shaped after the A2A `development-tool` extension (spec/002).
 * Every reporter — transcript JSONL, stream-json output, progress comment, job summary — is a
 * consumer of this one stream, so what one shows the others can show too.
 */
import type { RequestCost } from '../model/model-cost.js';
import type { FileDiff, ToolKind } from '../tools/tool-types.js';

/** A2A task states. `input-required` is emitted when a confirmation is pending. */
export type TaskState = 'submitted' | 'working' | 'input-required' | 'completed' | 'failed';

/** Why a session ended; each budget has its own reason so users can tell which one ran out. */
export type SessionEndReason =
  | 'completed'
  | 'max_turns'
  | 'max_tool_calls'
  | 'timeout'
  | 'token_budget'
  /** The run's estimated cost would pass its cap, or could no longer be estimated under one. */
  | 'cost_budget'
  | 'loop_detected'
  | 'cancelled'
  | 'model_error'
  /** The API does not serve the model asked for (and no fallback model took over). */
  | 'model_not_found'
  | 'model_blocked'
  | 'auth_error'
  | 'fatal_tool_error'
  /** A subagent stopped answering with tool calls without handing in its result (`complete_task`). */
  | 'no_complete_task'
  /** A bug in the agent itself (never a model, tool or budget outcome). */
  | 'internal_error';

/** spec/002 `ToolCallStatus`. */
export type ToolCallStatus = 'PENDING' | 'EXECUTING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

/** The scheduler's finer states; `PENDING` covers the first three. */
export type ToolCallPhase =
  | 'validating'
  | 'awaiting_approval'
  | 'scheduled'
  | 'executing'
  | 'successful'
  | 'errored'
  | 'cancelled';

export function statusOfPhase(phase: ToolCallPhase): ToolCallStatus {
  switch (phase) {
    case 'validating':
    case 'awaiting_approval':
    case 'scheduled':
      return 'PENDING';
    case 'executing':
      return 'EXECUTING';
    case 'successful':
      return 'SUCCEEDED';
    case 'errored':
      return 'FAILED';
    case 'cancelled':
      return 'CANCELLED';
  }
}

/** spec/002 `ConfirmationRequest`: what a human would have been asked. */
export interface ConfirmationRequestData {
  options: { id: string; name: string }[];
  details:
    | { execute_details: { command: string; working_directory?: string } }
    | {
        file_edit_details: {
          file_name: string;
          file_path: string;
          old_content?: string;
          new_content: string;
          formatted_diff?: string;
        };
      }
    | { mcp_details: { server_name: string; tool_name: string } }
    | { generic_details: { description: string } };
}

/**
 * The answer to a confirmation: by the policy in CI, or by a person through an A2A client. A
 * person's `cancel` skips the call (it ends `CANCELLED`); a denial refuses it (`FAILED`).
 */
export interface ConfirmationOutcome {
  decision: 'allow' | 'deny' | 'cancel';
  /** Why, in words; shown to the model on a denial. */
  reason?: string;
  /** The rule and file that decided, e.g. `policy.toml:12 (priority 3.100)`. */
  decided_by?: string;
  /**
   * With `allow` on an edit: the whole file content a person wrote in place of the proposed one.
   * The call is rebuilt with it and confirmed again, so the policy judges what will be written.
   */
  modified_content?: string;
}

/** spec/002 `ToolCall`: the whole object is sent on every update. */
export interface ToolCallData {
  tool_call_id: string;
  status: ToolCallStatus;
  phase: ToolCallPhase;
  tool_name: string;
  kind?: ToolKind;
  /** The MCP server that provides the tool, if any. */
  server_name?: string;
  description?: string;
  input_parameters: Record<string, unknown>;
  /** Partial output while executing; the whole string is replaced on each update. */
  live_content?: string;
  output?: { text: string } | { diff: FileDiff } | { structured_data: { todos: TodoItem[] } };
  error?: { message: string; type?: string };
  confirmation_request?: ConfirmationRequestData;
  confirmation_outcome?: ConfirmationOutcome;
  duration_ms?: number;
}

/** spec/002 `AgentThought`. */
export interface AgentThought {
  subject: string;
  description: string;
}

export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
  cached_tokens: number;
  thoughts_tokens: number;
  tool_use_prompt_tokens: number;
  total_tokens: number;
}

export function emptyUsage(): TokenUsage {
  return {
    input_tokens: 0,
    output_tokens: 0,
    cached_tokens: 0,
    thoughts_tokens: 0,
    tool_use_prompt_tokens: 0,
    total_tokens: 0,
  };
}

/**
 * One request to the model's API (each attempt of a retried one), as model/model-calls.ts saw it:
 * what telemetry reports as the Gemini CLI's `api_request`, `api_response` and `api_error`.
 */
export interface ModelCallData {
  /** The model the request named. */
  model: string;
  /** See {@link promptIdFor}; tools that call the model pass their own. */
  prompt_id: string;
  /** ISO 8601, when the request was sent. */
  started_at: string;
  duration_ms: number;
  /** The model that answered, when the reply said. */
  response_model?: string;
  finish_reasons: string[];
  /** The reply's usage; absent when the request failed or the reply had none. */
  usage?: TokenUsage;
  /**
   * The request's cost estimated from list prices (model/model-cost.ts), when it has usage: USD,
   * or `usd: null` with why it is unknown.
   */
  cost?: RequestCost;
  /** `type` is how it failed: `http`, `unreachable`, `network`, `stream_cut`, `cancelled`, … */
  error?: { message: string; type: string; http_status?: number };
}

/**
 * The prompt id of a session's request `turn` (the Gemini CLI's shape, which Code Assist also
 * receives): the session id, eight `#`, the turn.
 */
export function promptIdFor(sessionId: string, turn: number): string {
  return `${sessionId}########${turn}`;
}

/**
 * What stopped a session from outside: Ctrl-C (SIGINT), a termination signal (SIGTERM: `kill`, a
 * supervisor, a runner stopping a job), or the client that started the work (A2A `tasks/cancel`).
 */
export type CancellationCause = 'interrupt' | 'terminate' | 'client';

/** A request to stop a session: by what, when, and in words. */
export interface Cancellation {
  by: CancellationCause;
  /** ISO 8601: when it was asked for (the session may take a moment more to stop its tools). */
  at: string;
  /** For people, whole: "The session was cancelled by Ctrl-C (SIGINT) at 2025-…Z." */
  message: string;
}

/**
 * The abort reason that carries a cancellation: an Error, so whatever prints an abort reason (a
 * tool's cancelled call, an MCP request) prints its message.
 */
export function cancellationReason(cancellation: Cancellation): Error & Cancellation {
  return Object.assign(new Error(cancellation.message), {
    by: cancellation.by,
    at: cancellation.at,
    message: cancellation.message,
  });
}

/** The cancellation an abort reason carries (see `cancellationReason`), if it is one. */
export function cancellationOf(reason: unknown): Cancellation | undefined {
  if (typeof reason !== 'object' || reason === null) return undefined;
  const { by, at, message } = reason as Partial<Record<keyof Cancellation, unknown>>;
  if (by !== 'interrupt' && by !== 'terminate' && by !== 'client') return undefined;
  if (typeof at !== 'string' || typeof message !== 'string') return undefined;
  return { by, at, message };
}

interface EventBase {
  session_id: string;
  /** ISO 8601. */
  timestamp: string;
  /** The model request this event belongs to, from 1; 0 before the first. */
  turn: number;
}

export type AgentEvent = EventBase &
  (
    | {
        kind: 'state_change';
        state: TaskState;
        /** True on the last event of the session. */
        final: boolean;
        model: string;
        reason?: SessionEndReason;
        /** A readable explanation for `failed` (and for budget stops). */
        message?: string;
        /**
         * On the final event of a session cancelled from outside (`reason: 'cancelled'`): by what
         * and when. Absent when the caller's abort said neither.
         */
        cancellation?: Cancellation;
      }
    | { kind: 'tool_call_update'; tool_call: ToolCallData }
    | { kind: 'thought'; thought: AgentThought }
    | { kind: 'text_content'; text: string }
    | { kind: 'token_usage'; usage: TokenUsage; total: TokenUsage }
    | {
        kind: 'warning';
        code:
          | 'loop_detected'
          | 'max_tokens'
          | 'model_retry'
          /** The session went on with the fallback model (the reports show it). */
          | 'model_fallback'
          /**
           * A replayed tool call failed where the recorded one did not: the recorded replies
           * after it answer another result (session-setup/replay-divergence.ts; the reports show it).
           */
          | 'replay_diverged'
          /** The model is deprecated or shuts down soon (the reports show it once). */
          | 'model_lifecycle'
          /** Another model answered than the one asked for (the reports show it once). */
          | 'model_routed'
          | 'invalid_response'
          | 'other';
        message: string;
      }
    | { kind: 'chat_compressed'; tokens_before: number; tokens_after_estimate: number }
    /** A request that reached the model's API while the session ran (its own, its tools'). */
    | { kind: 'model_call'; call: ModelCallData }
    /** The agent's todo list, whole, each time the model updates it (`write_todos`). */
    | { kind: 'todo_update'; todos: TodoItem[] }
    /**
     * An event of a subagent's session, nested under the call of the parent that runs it. The
     * inner event keeps its own session id, turn and time; the outer ones are the parent's. A
     * consumer that does not look inside sees the parent's session unchanged (the subagent's
     * final state change, tokens and calls are its own, not the run's).
     */
    | {
        kind: 'subagent_event';
        /** The parent's call that runs the subagent (its `tool_call_id`). */
        parent_call_id: string;
        agent_name: string;
        event: AgentEvent;
      }
  );

export type TodoStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';

export interface TodoItem {
  description: string;
  status: TodoStatus;
}

export type AgentEventKind = AgentEvent['kind'];

/** A consumer of the event stream. */
export type AgentEventListener = (event: AgentEvent) => void;
