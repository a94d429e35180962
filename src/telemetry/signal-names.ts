/**
 * The Gemini CLI's signal names, so dashboards built on its telemetry read ours unchanged.
 * Source: @google/gemini-cli-core 0.61.0, dist/src/telemetry/ (constants.js, types.js, metrics.js,
 * trace.js), documented at https://geminicli.com/docs/cli/telemetry. Plain data: no OpenTelemetry
 * import, so the docs test and the rest of the program can read it without loading the SDK.
 */

/** The instrumentation scope of every logger, meter and tracer (`SERVICE_NAME`). */
export const SCOPE_NAME = 'gemini-cli';
/** The tracer's version (`TRACER_VERSION`). */
export const TRACER_VERSION = 'v1';
/** `service.name` unless `OTEL_SERVICE_NAME` says otherwise: the Gemini CLI's, for its dashboards. */
export const SERVICE_NAME = 'gemini-cli';

/** Log records: the name travels in the `event.name` attribute. */
export const EVENTS = {
  config: 'gemini_cli.config',
  userPrompt: 'gemini_cli.user_prompt',
  toolCall: 'gemini_cli.tool_call',
  apiRequest: 'gemini_cli.api_request',
  apiResponse: 'gemini_cli.api_response',
  apiError: 'gemini_cli.api_error',
  chatCompression: 'gemini_cli.chat_compression',
  flashFallback: 'gemini_cli.flash_fallback',
  conversationFinished: 'gemini_cli.conversation_finished',
  /** Without the `gemini_cli.` prefix in 0.61 (types.js `LoopDetectedEvent`). */
  loopDetected: 'loop_detected',
} as const;

export const METRICS = {
  sessionCount: 'gemini_cli.session.count',
  toolCallCount: 'gemini_cli.tool.call.count',
  toolCallLatency: 'gemini_cli.tool.call.latency',
  apiRequestCount: 'gemini_cli.api.request.count',
  apiRequestLatency: 'gemini_cli.api.request.latency',
  tokenUsage: 'gemini_cli.token.usage',
  /** The same name as the event. */
  chatCompression: 'gemini_cli.chat_compression',
  genAiTokenUsage: 'gen_ai.client.token.usage',
  genAiOperationDuration: 'gen_ai.client.operation.duration',
  /**
   * Ours: neither the Gemini CLI nor the OpenTelemetry GenAI conventions define a cost signal.
   * The estimated USD of each model request whose list price is known.
   */
  costUsage: 'gemini_agent.cost.usage',
} as const;

/** Ours, on `api_response` and its `llm_call` span: the request's estimated cost. */
export const COST_ATTRIBUTES = {
  /** USD from the model table's list prices; absent when the price is unknown. */
  usd: 'gemini_agent.cost.usd',
  /** The model the request is priced by (the one that answered, when the table knows it). */
  pricedModel: 'gemini_agent.cost.priced_model',
  /** `true` when the request's price is unknown (never a cost of 0). */
  unknown: 'gemini_agent.cost.unknown',
} as const;

/** Span names are the operation (constants.js `GeminiCliOperation`). */
export const SPANS = {
  /** The root of a session: the Gemini CLI's span for one prompt of the user. */
  userPrompt: 'user_prompt',
  llmCall: 'llm_call',
  toolCall: 'tool_call',
} as const;
