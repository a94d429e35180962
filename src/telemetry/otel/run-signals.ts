/**
 * The run's events as the Gemini CLI's signals: one log record per event (`event.name` =
 * `gemini_cli.*`), its counters and histograms, and spans — `user_prompt` for each session with
 * `llm_call` and `tool_call` under it, at the times they ran. Attribute names and body texts follow
 * @google/gemini-cli-core 0.61.0 (telemetry/types.js, metrics.js, trace.js).
 *
 * Everything is built from the AgentEvent stream and plain run facts; every string goes through
 * the run's redactor. With `logPrompts` off no prompt text is put in any signal: not the prompt,
 * not tool arguments.
 */
import type {
  Context,
  Counter,
  Histogram,
  Logger,
  Meter,
  Span,
  Tracer,
} from '@opentelemetry/api';
import { ROOT_CONTEXT, SpanStatusCode, trace, ValueType } from '@opentelemetry/api';
import type {
  AgentEvent,
  AgentEventListener,
  ModelCallData,
  ToolCallData,
} from '../../agent/events.js';
import { promptIdFor } from '../../agent/events.js';
import type { ModelAuth } from '../../model/model-auth.js';
import type { Redact } from '../../platform/redaction.js';
import { EVENTS, METRICS, SPANS } from '../signal-names.js';
import type { TelemetryRun } from '../telemetry.js';
import type { AttributeInput } from './redacted-attributes.js';
import { redactedAttributes } from './redacted-attributes.js';

export interface RunSignalsOptions {
  logger: Logger;
  meter: Meter;
  tracer: Tracer;
  redact: Redact;
  logPrompts: boolean;
  run: TelemetryRun;
}

/**
 * The Gemini CLI's `auth_type` values (core/contentGenerator.js `AuthType`); Code Assist runs on
 * Application Default Credentials here.
 */
const AUTH_TYPES: Record<ModelAuth['type'], string> = {
  'gemini-api-key': 'gemini-api-key',
  'vertex-ai': 'vertex-ai',
  'code-assist': 'compute-default-credentials',
};

/** The Gemini CLI's approval mode for a run where nobody is asked (the policy answers). */
const APPROVAL_MODE = 'default';

/** `gen_ai.agent.name` on every span, as the Gemini CLI sets it. */
const AGENT_NAME = 'gemini-cli';

type Instruments = ReturnType<typeof createInstruments>;

function createInstruments(meter: Meter) {
  const counter = (name: string, description: string) =>
    meter.createCounter(name, { description, valueType: ValueType.INT });
  const histogram = (name: string, description: string, unit: string, valueType = ValueType.INT) =>
    meter.createHistogram(name, { description, unit, valueType });
  return {
    sessionCount: counter(METRICS.sessionCount, 'Count of CLI sessions started.'),
    toolCallCount: counter(METRICS.toolCallCount, 'Counts tool calls.'),
    toolCallLatency: histogram(METRICS.toolCallLatency, 'Latency of tool calls.', 'ms'),
    apiRequestCount: counter(METRICS.apiRequestCount, 'Counts API requests.'),
    apiRequestLatency: histogram(METRICS.apiRequestLatency, 'Latency of API requests.', 'ms'),
    tokenUsage: counter(METRICS.tokenUsage, 'Counts the total number of tokens used.'),
    chatCompression: counter(METRICS.chatCompression, 'Counts chat compression events.'),
    genAiTokenUsage: histogram(
      METRICS.genAiTokenUsage,
      'Number of input and output tokens used.',
      'token',
    ),
    genAiOperationDuration: histogram(
      METRICS.genAiOperationDuration,
      'GenAI operation duration.',
      's',
      ValueType.DOUBLE,
    ),
  };
}

/** One per run: the instruments, the `gemini_cli.config` event, and a listener per session. */
export class RunSignals {
  private readonly instruments: Instruments;
  private readonly open = new Set<SessionSignals>();

  constructor(private readonly options: RunSignalsOptions) {
    this.instruments = createInstruments(options.meter);
  }

  /** `gemini_cli.config`: what the run is configured with, once at the start. */
  configLoaded(now: Date, githubRepositoryHash: string | undefined): void {
    const { run, logPrompts } = this.options;
    const auth = AUTH_TYPES[run.authType];
    this.log(
      EVENTS.config,
      'CLI configuration loaded.',
      {
        model: run.model,
        approval_mode: APPROVAL_MODE,
        core_tools_enabled: (run.coreTools ?? []).join(','),
        mcp_servers: run.mcpServers.join(','),
        mcp_servers_count: run.mcpServers.length,
        output_format: run.outputFormat,
        api_key_enabled: run.authType !== 'code-assist',
        vertex_ai_enabled: run.authType === 'vertex-ai',
        log_user_prompts_enabled: logPrompts,
        sandbox_enabled: run.sandboxEnabled,
        debug_mode: run.debug,
        // The GitHub fields the Gemini CLI's documentation lists for this event.
        github_workflow_name: run.github.workflow,
        github_repository_hash: githubRepositoryHash,
        github_event_name: run.github.eventName,
        github_pr_number: optionalText(run.github.pullRequestNumber),
        github_issue_number: optionalText(run.github.issueNumber),
        auth_type: auth,
      },
      { time: now, sessionId: run.sessionId },
    );
  }

  observeSession(prompt: string): AgentEventListener {
    const session = new SessionSignals(this, prompt);
    this.open.add(session);
    return (event) => {
      session.onEvent(event);
      if (event.kind === 'state_change' && event.final) this.open.delete(session);
    };
  }

  /** Ends the spans of sessions that never reported their end (a crash), so they are exported. */
  closeOpenSessions(now: Date): void {
    for (const session of this.open) session.abandon(now);
    this.open.clear();
  }

  get logPrompts(): boolean {
    return this.options.logPrompts;
  }

  get counters(): Instruments {
    return this.instruments;
  }

  get authType(): string {
    return AUTH_TYPES[this.options.run.authType];
  }

  get providerName(): string {
    return this.options.run.authType === 'vertex-ai' ? 'gcp.vertex_ai' : 'gcp.gen_ai';
  }

  /** Attributes every record and data point carries (telemetryAttributes.js `getCommonAttributes`). */
  common(sessionId: string): AttributeInput {
    return { 'session.id': sessionId, interactive: false, auth_type: this.authType };
  }

  attributes(input: AttributeInput): ReturnType<typeof redactedAttributes> {
    return redactedAttributes(this.options.redact, input);
  }

  log(
    name: string,
    body: string,
    attributes: AttributeInput,
    at: { time: Date; sessionId: string; context?: Context },
  ): void {
    this.options.logger.emit({
      body: this.options.redact(body),
      timestamp: at.time,
      attributes: this.attributes({
        ...this.common(at.sessionId),
        'event.name': name,
        'event.timestamp': at.time.toISOString(),
        ...attributes,
      }),
      ...(at.context === undefined ? {} : { context: at.context }),
    });
  }

  count(counter: Counter, value: number, sessionId: string, attributes: AttributeInput): void {
    counter.add(value, this.attributes({ ...this.common(sessionId), ...attributes }));
  }

  measure(histogram: Histogram, value: number, sessionId: string, attributes: AttributeInput): void {
    histogram.record(value, this.attributes({ ...this.common(sessionId), ...attributes }));
  }

  startSpan(
    name: string,
    time: Date,
    parent: Context,
    sessionId: string,
    attributes: AttributeInput,
  ): { span: Span; context: Context } {
    const span = this.options.tracer.startSpan(
      name,
      {
        startTime: time,
        attributes: this.attributes({
          'gen_ai.operation.name': name,
          'gen_ai.agent.name': AGENT_NAME,
          'gen_ai.conversation.id': sessionId,
          'session.id': sessionId,
          ...attributes,
        }),
      },
      parent,
    );
    return { span, context: trace.setSpan(parent, span) };
  }

  setSpanAttributes(span: Span, attributes: AttributeInput): void {
    span.setAttributes(this.attributes(attributes));
  }

  failSpan(span: Span, message: string): void {
    span.setStatus({ code: SpanStatusCode.ERROR, message: this.options.redact(message) });
  }
}

/** The signals of one session, from its events. */
class SessionSignals {
  private root: { span: Span; context: Context } | undefined;
  private readonly tools = new Map<string, { span: Span; context: Context; startedAt: Date }>();

  constructor(
    private readonly run: RunSignals,
    private readonly prompt: string,
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
        this.run.count(this.run.counters.chatCompression, 1, event.session_id, {
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
    this.run.count(this.run.counters.sessionCount, 1, sessionId, {});
    this.run.log(
      EVENTS.userPrompt,
      `User prompt. Length: ${this.prompt.length}.`,
      {
        prompt_length: this.prompt.length,
        // Non-interactive runs use the session id (the Gemini CLI's nonInteractiveCli.js).
        prompt_id: sessionId,
        prompt: this.run.logPrompts ? this.prompt : undefined,
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
    if (event.state === 'completed') this.root.span.setStatus({ code: SpanStatusCode.OK });
    else this.run.failSpan(this.root.span, event.message ?? event.reason ?? event.state);
    this.root.span.end(time);
    this.root = undefined;
  }

  private loopDetected(event: AgentEvent, time: Date, count: 1 | 2): void {
    this.run.log(
      EVENTS.loopDetected,
      count === 1 ? 'Loop detected; the model was told to change course.' : 'Loop detected again; the session ended.',
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
    const { counters } = this.run;
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
        },
        { time: ended, sessionId, context },
      );
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
      });
      span.setStatus({ code: SpanStatusCode.OK });
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
    const ended = call.status === 'SUCCEEDED' || call.status === 'FAILED' || call.status === 'CANCELLED';
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
        function_args: this.run.logPrompts
          ? JSON.stringify(call.input_parameters, null, 2)
          : undefined,
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
    const { counters } = this.run;
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
    if (success) open.span.setStatus({ code: SpanStatusCode.OK });
    else this.run.failSpan(open.span, call.error?.message ?? call.status);
    open.span.end(time);
  }

  private at(event: AgentEvent, time: Date): { time: Date; sessionId: string; context?: Context } {
    return {
      time,
      sessionId: event.session_id,
      ...(this.root === undefined ? {} : { context: this.root.context }),
    };
  }
}

function optionalText(value: number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}
