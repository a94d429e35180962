/**
 * One session's events as the Gemini CLI's signals: a `user_prompt` span for the session with an
 * `llm_call` span per model request and a `tool_call` span per tool call under it, at the times
 * they ran; a log record per event (`gemini_cli.user_prompt`, `api_request`, `api_response`,
 * `api_error`, `tool_call`, …) inside the span it belongs to; the counters and histograms those
 * events drive. Attribute names and body texts follow @google/gemini-cli-core 0.61.0
 * (telemetry/types.js, metrics.js, trace.js).
 *
 * With `logPrompts` off the events come through produced-text.ts, without any text the model, a
 * tool or the model's server produced, and the prompt as its length only.
 */
import type { Context, Span } from '@opentelemetry/api';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import type { AgentEvent, ModelCallData, ToolCallData } from '../../agent/events.js';
import { promptIdFor } from '../../agent/events.js';
import { COST_ATTRIBUTES, EVENTS, SPANS } from '../signal-names.js';
import type { AttributeInput } from './redacted-attributes.js';
import type { RecordPlace, SignalWriter } from './signal-writer.js';

/** Ours: the request's estimated cost (signal-names.ts `COST_ATTRIBUTES`), when it had usage. */
function costAttributes(call: ModelCallData): AttributeInput {
  const cost = call.cost;
  if (cost === undefined) return {};
  return cost.usd === null
    ? { [COST_ATTRIBUTES.pricedModel]: cost.model, [COST_ATTRIBUTES.unknown]: true }
    : { [COST_ATTRIBUTES.pricedModel]: cost.model, [COST_ATTRIBUTES.usd]: cost.usd };
}

/** The Gemini CLI's approval mode for a run where nobody is asked (the policy answers). */
export const APPROVAL_MODE = 'default';

/** The signals of one session, from its events. */
export class SessionSignals {
  private root: { span: Span; context: Context } | undefined;
  private readonly tools = new Map<string, { span: Span; context: Context; startedAt: Date }>();

  constructor(
    private readonly run: SignalWriter,
    /** The session's prompt: its length, and its text only with `logPrompts`. */
    private readonly prompt: { length: number; text: string | undefined },
    private readonly logPrompts: boolean,
  ) {}

  onEvent(event: AgentEvent): void {
    const time = new Date(event.timestamp);
    switch (event.kind) {
      case 'state_change':
        if (event.state === 'submitted' && this.root === undefined) this.start(event, time);
        if (event.final) this.finish(event, time);
        return;
      case 'model_call':
        this.modelCall(event.session_id, event.call);
        return;
      case 'tool_call_update':
        this.toolCall(event, event.tool_call, time);
        return;
      case 'chat_compressed':
        this.run.log(
          EVENTS.chatCompression,
          `Chat compression: ${event.tokens_before} tokens before, about ${event.tokens_after_estimate} after.`,
          { tokens_before: event.tokens_before, tokens_after: event.tokens_after_estimate },
          this.at(event, time),
        );
        this.run.count(this.run.instruments.chatCompression, 1, event.session_id, {
          tokens_before: event.tokens_before,
          tokens_after: event.tokens_after_estimate,
        });
        return;
      case 'warning':
        if (event.code === 'loop_detected') this.loopDetected(event, time, 1);
        if (event.code === 'model_fallback') {
          this.run.log(EVENTS.flashFallback, event.message, {}, this.at(event, time));
        }
        return;
      default:
        return;
    }
  }

  /** The session never said it ended: its open spans end now, marked as cut off. */
  abandon(now: Date): void {
    this.endOpenTools(now);
    if (this.root) {
      this.run.failSpan(this.root.span, 'The session did not finish.');
      this.root.span.end(now);
      this.root = undefined;
    }
  }

  /** Tools the session left running (a cancelled run's stragglers) end with it. */
  private endOpenTools(time: Date): void {
    for (const { span } of this.tools.values()) {
      this.run.failSpan(span, 'The session ended before the tool call finished.');
      span.end(time);
    }
    this.tools.clear();
  }

  private start(event: Extract<AgentEvent, { kind: 'state_change' }>, time: Date): void {
    const sessionId = event.session_id;
    this.root = this.run.startSpan(SPANS.userPrompt, time, ROOT_CONTEXT, sessionId, {
      'gen_ai.request.model': event.model,
    });
    this.run.count(this.run.instruments.sessionCount, 1, sessionId, {});
    this.run.log(
      EVENTS.userPrompt,
      `User prompt. Length: ${this.prompt.length}.`,
      {
        prompt_length: this.prompt.length,
        // Non-interactive runs use the session id (the Gemini CLI's nonInteractiveCli.js).
        prompt_id: sessionId,
        prompt: this.prompt.text,
      },
      { time, sessionId, context: this.root.context },
    );
  }

  private finish(event: Extract<AgentEvent, { kind: 'state_change' }>, time: Date): void {
    if (event.reason === 'loop_detected') this.loopDetected(event, time, 2);
    this.run.log(
      EVENTS.conversationFinished,
      `Conversation finished: ${event.reason ?? event.state}.`,
      { approvalMode: APPROVAL_MODE, turnCount: event.turn },
      this.at(event, time),
    );
    this.endOpenTools(time);
    if (!this.root) return;
    if (event.state === 'completed') this.run.succeedSpan(this.root.span);
    else this.run.failSpan(this.root.span, event.message ?? event.reason ?? event.state);
    this.root.span.end(time);
    this.root = undefined;
  }

  private loopDetected(event: AgentEvent, time: Date, count: 1 | 2): void {
    this.run.log(
      EVENTS.loopDetected,
      count === 1
        ? 'Loop detected; the model was told to change course.'
        : 'Loop detected again; the session ended.',
      { prompt_id: promptIdFor(event.session_id, event.turn), count },
      this.at(event, time),
    );
  }

  private modelCall(sessionId: string, call: ModelCallData): void {
    const started = new Date(call.started_at);
    const ended = new Date(started.getTime() + call.duration_ms);
    const parent = this.root?.context ?? ROOT_CONTEXT;
    const responseModel = call.response_model ?? call.model;
    const { span, context } = this.run.startSpan(SPANS.llmCall, started, parent, sessionId, {
      'gen_ai.request.model': call.model,
      'gen_ai.prompt.name': call.prompt_id,
    });
    this.run.log(
      EVENTS.apiRequest,
      `API request to ${call.model}.`,
      { model: call.model, prompt_id: call.prompt_id },
      { time: started, sessionId, context },
    );
    const genAi: AttributeInput = {
      'gen_ai.operation.name': 'generate_content',
      'gen_ai.provider.name': this.run.providerName,
      'gen_ai.request.model': call.model,
      'gen_ai.response.model': responseModel,
    };
    const counters = this.run.instruments;
    const seconds = call.duration_ms / 1000;
    if (call.error) {
      const status = call.error.http_status;
      this.run.log(
        EVENTS.apiError,
        `API error for ${call.model}. Error: ${call.error.message}. Duration: ${call.duration_ms}ms.`,
        {
          'error.message': call.error.message,
          error: call.error.message,
          model_name: call.model,
          model: call.model,
          duration: call.duration_ms,
          duration_ms: call.duration_ms,
          status_code: status,
          'http.status_code': status,
          'error.type': call.error.type,
          prompt_id: call.prompt_id,
        },
        { time: ended, sessionId, context },
      );
      this.run.count(counters.apiRequestCount, 1, sessionId, {
        model: call.model,
        status_code: status ?? 'error',
        error_type: call.error.type,
      });
      this.run.measure(counters.genAiOperationDuration, seconds, sessionId, {
        ...genAi,
        'error.type': call.error.type,
      });
      this.run.failSpan(span, call.error.message);
      this.run.setSpanAttributes(span, { 'error.type': call.error.type });
    } else {
      const usage = call.usage;
      const tokens = {
        input: usage?.input_tokens ?? 0,
        output: usage?.output_tokens ?? 0,
        cache: usage?.cached_tokens ?? 0,
        thought: usage?.thoughts_tokens ?? 0,
        tool: usage?.tool_use_prompt_tokens ?? 0,
      };
      this.run.log(
        EVENTS.apiResponse,
        `API response from ${responseModel}. Status: 200. Duration: ${call.duration_ms}ms.`,
        {
          model: responseModel,
          duration_ms: call.duration_ms,
          status_code: 200,
          'http.status_code': 200,
          input_token_count: tokens.input,
          output_token_count: tokens.output,
          cached_content_token_count: tokens.cache,
          thoughts_token_count: tokens.thought,
          tool_token_count: tokens.tool,
          total_token_count: usage?.total_tokens ?? 0,
          prompt_id: call.prompt_id,
          finish_reasons: call.finish_reasons,
          ...costAttributes(call),
        },
        { time: ended, sessionId, context },
      );
      if (call.cost !== undefined && call.cost.usd !== null) {
        this.run.count(counters.costUsage, call.cost.usd, sessionId, { model: call.cost.model });
      }
      this.run.count(counters.apiRequestCount, 1, sessionId, {
        model: call.model,
        status_code: 200,
      });
      for (const [type, count] of Object.entries(tokens)) {
        this.run.count(counters.tokenUsage, count, sessionId, { model: call.model, type });
      }
      this.run.measure(counters.genAiTokenUsage, tokens.input, sessionId, {
        ...genAi,
        'gen_ai.token.type': 'input',
      });
      this.run.measure(counters.genAiTokenUsage, tokens.output, sessionId, {
        ...genAi,
        'gen_ai.token.type': 'output',
      });
      this.run.measure(counters.genAiOperationDuration, seconds, sessionId, genAi);
      this.run.setSpanAttributes(span, {
        'gen_ai.response.model': responseModel,
        'gen_ai.usage.input_tokens': tokens.input,
        'gen_ai.usage.output_tokens': tokens.output,
        'gen_ai.response.finish_reasons': call.finish_reasons,
        ...costAttributes(call),
      });
      this.run.succeedSpan(span);
    }
    this.run.measure(counters.apiRequestLatency, call.duration_ms, sessionId, {
      model: call.model,
    });
    span.end(ended);
  }

  private toolCall(event: AgentEvent, call: ToolCallData, time: Date): void {
    const sessionId = event.session_id;
    let open = this.tools.get(call.tool_call_id);
    if (!open) {
      const parent = this.root?.context ?? ROOT_CONTEXT;
      const started = this.run.startSpan(SPANS.toolCall, time, parent, sessionId, {
        'gen_ai.tool.name': call.tool_name,
        'gen_ai.tool.call_id': call.tool_call_id,
      });
      open = { ...started, startedAt: time };
      this.tools.set(call.tool_call_id, open);
    }
    const ended =
      call.status === 'SUCCEEDED' || call.status === 'FAILED' || call.status === 'CANCELLED';
    if (!ended) return;
    this.tools.delete(call.tool_call_id);

    const success = call.status === 'SUCCEEDED';
    const duration = call.duration_ms ?? Math.max(0, time.getTime() - open.startedAt.getTime());
    const outcome = call.confirmation_outcome;
    // The policy answers in place of the user: its allow is the user's accept, its deny a reject.
    const decision: string | undefined =
      outcome === undefined ? undefined : outcome.decision === 'allow' ? 'accept' : 'reject';
    const toolType = call.server_name === undefined ? 'native' : 'mcp';
    const errorAttributes: AttributeInput = call.error
      ? {
          error: call.error.message,
          'error.message': call.error.message,
          error_type: call.error.type,
          'error.type': call.error.type,
        }
      : {};
    const decisionText = decision === undefined ? '' : ` Decision: ${decision}.`;
    this.run.log(
      EVENTS.toolCall,
      `Tool call: ${call.tool_name}.${decisionText} Success: ${success}. Duration: ${duration}ms.`,
      {
        function_name: call.tool_name,
        function_args: this.logPrompts ? JSON.stringify(call.input_parameters, null, 2) : undefined,
        duration_ms: duration,
        success,
        decision,
        decided_by: outcome?.decided_by,
        prompt_id: promptIdFor(sessionId, event.turn),
        tool_type: toolType,
        mcp_server_name: call.server_name,
        start_time: open.startedAt.getTime(),
        end_time: time.getTime(),
        ...errorAttributes,
      },
      { time, sessionId, context: open.context },
    );
    const counters = this.run.instruments;
    this.run.count(counters.toolCallCount, 1, sessionId, {
      function_name: call.tool_name,
      success,
      decision,
      tool_type: toolType,
    });
    this.run.measure(counters.toolCallLatency, duration, sessionId, {
      function_name: call.tool_name,
    });
    this.run.setSpanAttributes(open.span, {
      success,
      decision,
      decided_by: outcome?.decided_by,
      'error.type': call.error?.type,
    });
    if (success) this.run.succeedSpan(open.span);
    else this.run.failSpan(open.span, call.error?.message ?? call.status);
    open.span.end(time);
  }

  private at(event: AgentEvent, time: Date): RecordPlace {
    return {
      time,
      sessionId: event.session_id,
      ...(this.root === undefined ? {} : { context: this.root.context }),
    };
  }
}
