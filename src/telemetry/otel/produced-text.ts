/**
 * What of a session's events telemetry may export with `logPrompts` off: the one place that
 * decides it. Every signal (log records and their bodies, metric points, spans, their status
 * and attributes) is built from the events this returns, so no text the model, a tool or the
 * model's server produced can reach one, whichever attribute a signal puts it in:
 *
 * - each event is rebuilt from the fields named here as safe, never copied: a field added to an
 *   event later is left out until it is named here;
 * - gone: the model's text and thoughts, tool arguments, outputs and descriptions, the todo list,
 *   every error and warning message (a tool's `File not found: <the path the model asked for>`,
 *   the model server's error body, which can echo the request), the confirmation's reason;
 * - kept as kinds and codes: an error's `type` (`file_not_found`, `http`), which also stands in
 *   for its message; a warning's `code`, with a fixed sentence for its message; the session's
 *   end reason; HTTP statuses; finish reasons;
 * - the ids the model chose for its calls become the session's own (`tool-call-1`, …);
 * - names the configuration declared stay (registered tools, MCP servers and their tools,
 *   subagents, models): they are the repository's and the workflow's, not the session's. A name
 *   the model made up (a call to a tool that does not exist) is `unknown_tool`.
 *
 * Kinds, codes and names leave only in the shape of an identifier; anything else becomes the
 * placeholder, so a server that puts text where a code belongs does not get it through.
 *
 * With `logPrompts` on the events pass unchanged (otel-telemetry.ts decides which applies).
 */
import type { AgentEvent, ModelCallData, ToolCallData } from '../../agent/events.js';

/** A warning's message in its place: the code, said in words of ours. */
const WARNING_TEXT: Record<Extract<AgentEvent, { kind: 'warning' }>['code'], string> = {
  loop_detected: 'A loop was detected.',
  max_tokens: 'The response reached the output token limit.',
  model_retry: 'A model request is retried.',
  model_fallback: 'The session went on with the fallback model.',
  model_lifecycle: 'The model is deprecated or shuts down soon.',
  model_routed: 'Another model answered than the one asked for.',
  replay_diverged: 'A replayed tool call failed where the recorded one did not.',
  invalid_response: 'The model sent an invalid response.',
  other: 'A warning.',
};

/** What stands for a name the model made up. */
export const UNKNOWN_TOOL = 'unknown_tool';

/** A kind, a code or a declared name: an identifier, never prose. */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_.:/@#-]{0,127}$/u;

function identifier(value: string | undefined, otherwise: string): string {
  return value !== undefined && IDENTIFIER.test(value) ? value : otherwise;
}

/** The filter for one session's events (and its subagents', nested in them). */
export class ProducedTextFilter {
  /** The model's call ids, by session, mapped to the session's own. */
  private readonly callIds = new Map<string, string>();

  /** `event` without produced text, or undefined when nothing of it may leave. */
  apply(event: AgentEvent): AgentEvent | undefined {
    const base = { session_id: event.session_id, timestamp: event.timestamp, turn: event.turn };
    switch (event.kind) {
      case 'state_change':
        return {
          ...base,
          kind: event.kind,
          state: event.state,
          final: event.final,
          model: identifier(event.model, 'model'),
          ...(event.reason === undefined ? {} : { reason: event.reason }),
        };
      case 'tool_call_update':
        return {
          ...base,
          kind: event.kind,
          tool_call: this.toolCall(event.session_id, event.tool_call),
        };
      case 'token_usage':
        return { ...base, kind: event.kind, usage: { ...event.usage }, total: { ...event.total } };
      case 'warning':
        return { ...base, kind: event.kind, code: event.code, message: WARNING_TEXT[event.code] };
      case 'chat_compressed':
        return {
          ...base,
          kind: event.kind,
          tokens_before: event.tokens_before,
          tokens_after_estimate: event.tokens_after_estimate,
        };
      case 'model_call':
        return { ...base, kind: event.kind, call: modelCall(event.call) };
      case 'subagent_event': {
        const inner = this.apply(event.event);
        if (inner === undefined) return undefined;
        return {
          ...base,
          kind: event.kind,
          parent_call_id: this.callId(event.session_id, event.parent_call_id),
          agent_name: identifier(event.agent_name, 'subagent'),
          event: inner,
        };
      }
      case 'thought':
      case 'text_content':
      case 'todo_update':
        return undefined;
    }
  }

  private toolCall(sessionId: string, call: ToolCallData): ToolCallData {
    const outcome = call.confirmation_outcome;
    const errorType = call.error === undefined ? undefined : identifier(call.error.type, 'error');
    return {
      tool_call_id: this.callId(sessionId, call.tool_call_id),
      status: call.status,
      phase: call.phase,
      // Only a registered tool has a kind: any other name is the model's own.
      tool_name: call.kind === undefined ? UNKNOWN_TOOL : identifier(call.tool_name, UNKNOWN_TOOL),
      input_parameters: {},
      ...(call.kind === undefined ? {} : { kind: call.kind }),
      ...(call.server_name === undefined
        ? {}
        : { server_name: identifier(call.server_name, 'mcp_server') }),
      ...(errorType === undefined ? {} : { error: { message: errorType, type: errorType } }),
      ...(outcome === undefined
        ? {}
        : {
            confirmation_outcome: {
              decision: outcome.decision,
              // The rule's file and line, or the default: the configuration's, not the call's.
              ...(outcome.decided_by === undefined ? {} : { decided_by: outcome.decided_by }),
            },
          }),
      ...(call.duration_ms === undefined ? {} : { duration_ms: call.duration_ms }),
    };
  }

  private callId(sessionId: string, id: string): string {
    const key = `${sessionId}\u0000${id}`;
    let own = this.callIds.get(key);
    if (own === undefined) {
      own = `tool-call-${this.callIds.size + 1}`;
      this.callIds.set(key, own);
    }
    return own;
  }
}

function modelCall(call: ModelCallData): ModelCallData {
  const errorType = call.error === undefined ? undefined : identifier(call.error.type, 'error');
  return {
    model: identifier(call.model, 'model'),
    prompt_id: identifier(call.prompt_id, 'prompt'),
    started_at: call.started_at,
    duration_ms: call.duration_ms,
    ...(call.response_model === undefined
      ? {}
      : { response_model: identifier(call.response_model, 'model') }),
    finish_reasons: call.finish_reasons.map((reason) => identifier(reason, 'OTHER')),
    ...(call.usage === undefined ? {} : { usage: { ...call.usage } }),
    // A figure and a model name; why a price is unknown is said in the run's reports, not here.
    ...(call.cost === undefined
      ? {}
      : {
          cost:
            call.cost.usd === null
              ? { model: identifier(call.cost.model, 'model'), usd: null, unknown: 'no_price' }
              : { ...call.cost, model: identifier(call.cost.model, 'model') },
        }),
    ...(call.error === undefined || errorType === undefined
      ? {}
      : {
          error: {
            message: errorType,
            type: errorType,
            ...(call.error.http_status === undefined
              ? {}
              : { http_status: call.error.http_status }),
          },
        }),
  };
}
