export const id = 96;
export const ids = [96];
export const modules = {

/***/ 41096:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createOtelTelemetry: () => (/* binding */ createOtelTelemetry)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/telemetry/signal-names.ts
/**
 * The Gemini CLI's signal names, so dashboards built on its telemetry read ours unchanged.
 * Source: @google/gemini-cli-core 0.61.0, dist/src/telemetry/ (constants.js, types.js, metrics.js,
 * trace.js), documented at https://geminicli.com/docs/cli/telemetry. Plain data: no OpenTelemetry
 * import, so the docs test and the rest of the program can read it without loading the SDK.
 */
/** The instrumentation scope of every logger, meter and tracer (`SERVICE_NAME`). */
const SCOPE_NAME = 'gemini-cli';
/** The tracer's version (`TRACER_VERSION`). */
const TRACER_VERSION = 'v1';
/** `service.name` unless `OTEL_SERVICE_NAME` says otherwise: the Gemini CLI's, for its dashboards. */
const SERVICE_NAME = 'gemini-cli';
/** Log records: the name travels in the `event.name` attribute. */
const EVENTS = {
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
};
const METRICS = {
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
};
/** Ours, on `api_response` and its `llm_call` span: the request's estimated cost. */
const COST_ATTRIBUTES = {
    /** USD from the model table's list prices; absent when the price is unknown. */
    usd: 'gemini_agent.cost.usd',
    /** The model the request is priced by (the one that answered, when the table knows it). */
    pricedModel: 'gemini_agent.cost.priced_model',
    /** `true` when the request's price is unknown (never a cost of 0). */
    unknown: 'gemini_agent.cost.unknown',
};
/** Span names are the operation (constants.js `GeminiCliOperation`). */
const SPANS = {
    /** The root of a session: the Gemini CLI's span for one prompt of the user. */
    userPrompt: 'user_prompt',
    llmCall: 'llm_call',
    toolCall: 'tool_call',
};

// EXTERNAL MODULE: ./node_modules/@opentelemetry/exporter-logs-otlp-http/dist/platform/node/OTLPLogExporter.mjs + 2 modules
var OTLPLogExporter = __webpack_require__(88751);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/exporter-metrics-otlp-http/dist/platform/node/OTLPMetricExporter.mjs + 3 modules
var OTLPMetricExporter = __webpack_require__(21798);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/exporter-trace-otlp-http/dist/platform/node/OTLPTraceExporter.mjs + 2 modules
var OTLPTraceExporter = __webpack_require__(70207);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/otlp-exporter-base/dist/configuration/compression.mjs
var compression = __webpack_require__(82007);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/core/dist/ExportResult.mjs
var ExportResult = __webpack_require__(55931);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/otlp-transformer/dist/logs/json/logs.mjs + 1 modules
var logs = __webpack_require__(16685);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/otlp-transformer/dist/metrics/json/metrics.mjs + 1 modules
var json_metrics = __webpack_require__(81597);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/otlp-transformer/dist/trace/json/trace.mjs + 1 modules
var trace = __webpack_require__(57931);
;// CONCATENATED MODULE: ./src/telemetry/otel/file-exporters.ts
/**
 * `telemetry.outfile`: the signals as OTLP/JSON lines, one export request per line
 * (`{"resourceLogs":\u2026}`, `{"resourceMetrics":\u2026}`, `{"resourceSpans":\u2026}`), exactly what an
 * OTLP/HTTP collector would have received. The Gemini CLI writes the SDK's internal objects,
 * pretty-printed and concatenated instead; those are no stable format, while these lines are
 * read by any OTLP/JSON decoder (a collector's `otlpjsonfile` receiver, `jq`).
 */



/**
 * Appends whole lines, one at a time, so the three exporters never interleave within a line.
 * The file was checked before (`outfile.ts`); an append that fails later is that export's
 * failure, reported through `done`, and never a rejection left unhandled.
 */
class JsonLinesFile {
    file;
    queue = Promise.resolve();
    constructor(file) {
        this.file = file;
    }
    append(request, done) {
        const line = request === undefined ? undefined : `${Buffer.from(request).toString('utf8')}\n`;
        this.queue = this.queue
            .then(() => (line === undefined ? undefined : (0,promises_.appendFile)(this.file, line)))
            .then(() => {
            done({ code: ExportResult/* ExportResultCode */.V.SUCCESS });
        }, (error) => {
            done({
                code: ExportResult/* ExportResultCode */.V.FAILED,
                error: error instanceof Error ? error : new Error(String(error)),
            });
        });
    }
    /** Settles when every line appended so far is written. */
    flush() {
        return this.queue;
    }
}
function fileExporters(file) {
    const lines = new JsonLinesFile(file);
    const flush = () => lines.flush();
    return {
        logs: {
            export: (records, done) => {
                lines.append(logs/* JsonLogsSerializer */.G.serializeRequest(records), done);
            },
            shutdown: flush,
            forceFlush: flush,
        },
        metrics: {
            export: (metrics, done) => {
                lines.append(json_metrics/* JsonMetricsSerializer */.K.serializeRequest(metrics), done);
            },
            shutdown: flush,
            forceFlush: flush,
        },
        traces: {
            export: (spans, done) => {
                lines.append(trace/* JsonTraceSerializer */.U.serializeRequest(spans), done);
            },
            shutdown: flush,
            forceFlush: flush,
        },
    };
}

;// CONCATENATED MODULE: ./src/telemetry/otel/exporters.ts
/**
 * The exporters for a destination: OTLP over HTTP (OTLP/JSON, as the Gemini CLI's `http` protocol
 * sends), OTLP over gRPC (loaded only for it: gRPC weighs more than the rest together), or a file.
 */





async function createExporters(config) {
    const { destination, exportTimeoutMs } = config;
    if (destination.kind === 'file')
        return fileExporters(destination.path);
    if (destination.protocol === 'grpc') {
        const { grpcExporters } = await Promise.all(/* import() */[__webpack_require__.e(735), __webpack_require__.e(319)]).then(__webpack_require__.bind(__webpack_require__, 73319));
        return grpcExporters(destination, exportTimeoutMs);
    }
    const options = (signal) => ({
        url: destination.urls[signal],
        headers: destination.headers[signal],
        timeoutMillis: exportTimeoutMs,
        compression: destination.compression === 'gzip' ? compression/* CompressionAlgorithm */.U.GZIP : compression/* CompressionAlgorithm */.U.NONE,
    });
    return {
        logs: new OTLPLogExporter/* OTLPLogExporter */.B(options('logs')),
        metrics: new OTLPMetricExporter/* OTLPMetricExporter */.r(options('metrics')),
        traces: new OTLPTraceExporter/* OTLPTraceExporter */.Q(options('traces')),
    };
}

// EXTERNAL MODULE: ./node_modules/@opentelemetry/api/dist/diag-api.mjs
var diag_api = __webpack_require__(95099);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/api/dist/diag/types.mjs
var types = __webpack_require__(15194);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/core/dist/common/global-error-handler.mjs
var global_error_handler = __webpack_require__(98195);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/core/dist/common/logging-error-handler.mjs
var logging_error_handler = __webpack_require__(88465);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/resources/dist/ResourceImpl.mjs + 5 modules
var ResourceImpl = __webpack_require__(19481);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/sdk-logs/dist/LoggerProvider.mjs + 10 modules
var LoggerProvider = __webpack_require__(22723);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/sdk-logs/dist/platform/node/export/BatchLogRecordProcessor.mjs + 2 modules
var BatchLogRecordProcessor = __webpack_require__(11981);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/sdk-metrics/dist/MeterProvider.mjs + 23 modules
var MeterProvider = __webpack_require__(37297);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/sdk-metrics/dist/export/PeriodicExportingMetricReader.mjs + 3 modules
var PeriodicExportingMetricReader = __webpack_require__(27247);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/sdk-trace/dist/TracerProvider.mjs + 13 modules
var TracerProvider = __webpack_require__(22419);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/sdk-trace/dist/platform/node/export/BatchSpanProcessor.mjs + 2 modules
var BatchSpanProcessor = __webpack_require__(60002);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
;// CONCATENATED MODULE: ./src/telemetry/otel/pipeline.ts








/** Slack over the export time limit before the shutdown stops waiting. */
const SHUTDOWN_GRACE_MS = 1_000;
function startPipeline(options) {
    const { exporters, exportTimeoutMs } = options;
    // The SDK reports failed exports through these two process-wide hooks.
    (0,global_error_handler/* setGlobalErrorHandler */.u)((error) => {
        options.onProblem((0,errors/* errorMessage */.gJ)(error));
    });
    diag_api/* diag */.s.setLogger(problemLogger(options.onProblem), types/* DiagLogLevel */.u.WARN);
    const resource = (0,ResourceImpl/* resourceFromAttributes */.QZ)(options.resource);
    const loggerProvider = new LoggerProvider/* LoggerProvider */.I({
        resource,
        processors: [
            new BatchLogRecordProcessor/* BatchLogRecordProcessor */.E({
                exporter: exporters.logs,
                exportTimeoutMillis: exportTimeoutMs,
            }),
        ],
    });
    const tracerProvider = new TracerProvider/* TracerProvider */.d({
        resource,
        spanProcessors: [
            new BatchSpanProcessor/* BatchSpanProcessor */.J({ exporter: exporters.traces, exportTimeoutMillis: exportTimeoutMs }),
        ],
    });
    const intervalMs = Math.max(options.metricIntervalMs ?? 10_000, exportTimeoutMs);
    const meterProvider = new MeterProvider/* MeterProvider */.r({
        resource,
        readers: [
            new PeriodicExportingMetricReader/* PeriodicExportingMetricReader */.D({
                exporter: exporters.metrics,
                exportIntervalMillis: intervalMs,
                exportTimeoutMillis: exportTimeoutMs,
            }),
        ],
    });
    return {
        logger: loggerProvider.getLogger(SCOPE_NAME),
        meter: meterProvider.getMeter(SCOPE_NAME),
        tracer: tracerProvider.getTracer(SCOPE_NAME, TRACER_VERSION),
        async shutdown() {
            // Shutting down flushes; flushing first would export the metrics twice.
            const stopped = Promise.allSettled([
                loggerProvider.shutdown(),
                tracerProvider.shutdown(),
                meterProvider.shutdown({ timeoutMillis: exportTimeoutMs }),
            ]).then(() => true);
            let timer;
            const late = new Promise((resolve) => {
                timer = setTimeout(() => {
                    resolve(false);
                }, exportTimeoutMs + SHUTDOWN_GRACE_MS);
                // Only a bound: it must not keep the process alive by itself.
                timer.unref();
            });
            const finished = await Promise.race([stopped, late]);
            clearTimeout(timer);
            (0,global_error_handler/* setGlobalErrorHandler */.u)((0,logging_error_handler/* loggingErrorHandler */.o)());
            diag_api/* diag */.s.disable();
            return finished;
        },
    };
}
/** The SDK's warnings and errors, as problems; its chatter (retries, debug) is left out. */
function problemLogger(onProblem) {
    const ignore = () => undefined;
    return {
        error: (message) => {
            onProblem(message);
        },
        warn: (message) => {
            onProblem(message);
        },
        info: ignore,
        debug: ignore,
        verbose: ignore,
    };
}

;// CONCATENATED MODULE: ./src/telemetry/otel/redacted-attributes.ts
function redactedAttributes(redact, input) {
    const result = {};
    for (const [key, value] of Object.entries(input)) {
        if (value === undefined)
            continue;
        result[key] = Array.isArray(value)
            ? value.map((item) => redactScalar(redact, item))
            : redactScalar(redact, value);
    }
    return result;
}
function redactScalar(redact, value) {
    return typeof value === 'string' ? redact(value) : value;
}

;// CONCATENATED MODULE: ./src/telemetry/otel/produced-text.ts
/** A warning's message in its place: the code, said in words of ours. */
const WARNING_TEXT = {
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
const UNKNOWN_TOOL = 'unknown_tool';
/** A kind, a code or a declared name: an identifier, never prose. */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_.:/@#-]{0,127}$/u;
function identifier(value, otherwise) {
    return value !== undefined && IDENTIFIER.test(value) ? value : otherwise;
}
/** The filter for one session's events (and its subagents', nested in them). */
class ProducedTextFilter {
    /** The model's call ids, by session, mapped to the session's own. */
    callIds = new Map();
    /** `event` without produced text, or undefined when nothing of it may leave. */
    apply(event) {
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
                if (inner === undefined)
                    return undefined;
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
    toolCall(sessionId, call) {
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
    callId(sessionId, id) {
        const key = `${sessionId}\u0000${id}`;
        let own = this.callIds.get(key);
        if (own === undefined) {
            own = `tool-call-${this.callIds.size + 1}`;
            this.callIds.set(key, own);
        }
        return own;
    }
}
function modelCall(call) {
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
                cost: call.cost.usd === null
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

// EXTERNAL MODULE: ./node_modules/@opentelemetry/api/dist/context/context.mjs
var context_context = __webpack_require__(11802);
// EXTERNAL MODULE: ./src/agent/events.ts
var events = __webpack_require__(60944);
;// CONCATENATED MODULE: ./src/telemetry/otel/session-signals.ts



/** Ours: the request's estimated cost (signal-names.ts `COST_ATTRIBUTES`), when it had usage. */
function costAttributes(call) {
    const cost = call.cost;
    if (cost === undefined)
        return {};
    return cost.usd === null
        ? { [COST_ATTRIBUTES.pricedModel]: cost.model, [COST_ATTRIBUTES.unknown]: true }
        : { [COST_ATTRIBUTES.pricedModel]: cost.model, [COST_ATTRIBUTES.usd]: cost.usd };
}
/** The Gemini CLI's approval mode for a run where nobody is asked (the policy answers). */
const APPROVAL_MODE = 'default';
/** The signals of one session, from its events. */
class SessionSignals {
    run;
    prompt;
    logPrompts;
    root;
    tools = new Map();
    constructor(run, 
    /** The session's prompt: its length, and its text only with `logPrompts`. */
    prompt, logPrompts) {
        this.run = run;
        this.prompt = prompt;
        this.logPrompts = logPrompts;
    }
    onEvent(event) {
        const time = new Date(event.timestamp);
        switch (event.kind) {
            case 'state_change':
                if (event.state === 'submitted' && this.root === undefined)
                    this.start(event, time);
                if (event.final)
                    this.finish(event, time);
                return;
            case 'model_call':
                this.modelCall(event.session_id, event.call);
                return;
            case 'tool_call_update':
                this.toolCall(event, event.tool_call, time);
                return;
            case 'chat_compressed':
                this.run.log(EVENTS.chatCompression, `Chat compression: ${event.tokens_before} tokens before, about ${event.tokens_after_estimate} after.`, { tokens_before: event.tokens_before, tokens_after: event.tokens_after_estimate }, this.at(event, time));
                this.run.count(this.run.instruments.chatCompression, 1, event.session_id, {
                    tokens_before: event.tokens_before,
                    tokens_after: event.tokens_after_estimate,
                });
                return;
            case 'warning':
                if (event.code === 'loop_detected')
                    this.loopDetected(event, time, 1);
                if (event.code === 'model_fallback') {
                    this.run.log(EVENTS.flashFallback, event.message, {}, this.at(event, time));
                }
                return;
            default:
                return;
        }
    }
    /** The session never said it ended: its open spans end now, marked as cut off. */
    abandon(now) {
        this.endOpenTools(now);
        if (this.root) {
            this.run.failSpan(this.root.span, 'The session did not finish.');
            this.root.span.end(now);
            this.root = undefined;
        }
    }
    /** Tools the session left running (a cancelled run's stragglers) end with it. */
    endOpenTools(time) {
        for (const { span } of this.tools.values()) {
            this.run.failSpan(span, 'The session ended before the tool call finished.');
            span.end(time);
        }
        this.tools.clear();
    }
    start(event, time) {
        const sessionId = event.session_id;
        this.root = this.run.startSpan(SPANS.userPrompt, time, context_context/* ROOT_CONTEXT */.l, sessionId, {
            'gen_ai.request.model': event.model,
        });
        this.run.count(this.run.instruments.sessionCount, 1, sessionId, {});
        this.run.log(EVENTS.userPrompt, `User prompt. Length: ${this.prompt.length}.`, {
            prompt_length: this.prompt.length,
            // Non-interactive runs use the session id (the Gemini CLI's nonInteractiveCli.js).
            prompt_id: sessionId,
            prompt: this.prompt.text,
        }, { time, sessionId, context: this.root.context });
    }
    finish(event, time) {
        if (event.reason === 'loop_detected')
            this.loopDetected(event, time, 2);
        this.run.log(EVENTS.conversationFinished, `Conversation finished: ${event.reason ?? event.state}.`, { approvalMode: APPROVAL_MODE, turnCount: event.turn }, this.at(event, time));
        this.endOpenTools(time);
        if (!this.root)
            return;
        if (event.state === 'completed')
            this.run.succeedSpan(this.root.span);
        else
            this.run.failSpan(this.root.span, event.message ?? event.reason ?? event.state);
        this.root.span.end(time);
        this.root = undefined;
    }
    loopDetected(event, time, count) {
        this.run.log(EVENTS.loopDetected, count === 1
            ? 'Loop detected; the model was told to change course.'
            : 'Loop detected again; the session ended.', { prompt_id: (0,events/* promptIdFor */.NG)(event.session_id, event.turn), count }, this.at(event, time));
    }
    modelCall(sessionId, call) {
        const started = new Date(call.started_at);
        const ended = new Date(started.getTime() + call.duration_ms);
        const parent = this.root?.context ?? context_context/* ROOT_CONTEXT */.l;
        const responseModel = call.response_model ?? call.model;
        const { span, context } = this.run.startSpan(SPANS.llmCall, started, parent, sessionId, {
            'gen_ai.request.model': call.model,
            'gen_ai.prompt.name': call.prompt_id,
        });
        this.run.log(EVENTS.apiRequest, `API request to ${call.model}.`, { model: call.model, prompt_id: call.prompt_id }, { time: started, sessionId, context });
        const genAi = {
            'gen_ai.operation.name': 'generate_content',
            'gen_ai.provider.name': this.run.providerName,
            'gen_ai.request.model': call.model,
            'gen_ai.response.model': responseModel,
        };
        const counters = this.run.instruments;
        const seconds = call.duration_ms / 1000;
        if (call.error) {
            const status = call.error.http_status;
            this.run.log(EVENTS.apiError, `API error for ${call.model}. Error: ${call.error.message}. Duration: ${call.duration_ms}ms.`, {
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
            }, { time: ended, sessionId, context });
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
        }
        else {
            const usage = call.usage;
            const tokens = {
                input: usage?.input_tokens ?? 0,
                output: usage?.output_tokens ?? 0,
                cache: usage?.cached_tokens ?? 0,
                thought: usage?.thoughts_tokens ?? 0,
                tool: usage?.tool_use_prompt_tokens ?? 0,
            };
            this.run.log(EVENTS.apiResponse, `API response from ${responseModel}. Status: 200. Duration: ${call.duration_ms}ms.`, {
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
            }, { time: ended, sessionId, context });
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
    toolCall(event, call, time) {
        const sessionId = event.session_id;
        let open = this.tools.get(call.tool_call_id);
        if (!open) {
            const parent = this.root?.context ?? context_context/* ROOT_CONTEXT */.l;
            const started = this.run.startSpan(SPANS.toolCall, time, parent, sessionId, {
                'gen_ai.tool.name': call.tool_name,
                'gen_ai.tool.call_id': call.tool_call_id,
            });
            open = { ...started, startedAt: time };
            this.tools.set(call.tool_call_id, open);
        }
        const ended = call.status === 'SUCCEEDED' || call.status === 'FAILED' || call.status === 'CANCELLED';
        if (!ended)
            return;
        this.tools.delete(call.tool_call_id);
        const success = call.status === 'SUCCEEDED';
        const duration = call.duration_ms ?? Math.max(0, time.getTime() - open.startedAt.getTime());
        const outcome = call.confirmation_outcome;
        // The policy answers in place of the user: its allow is the user's accept, its deny a reject.
        const decision = outcome === undefined ? undefined : outcome.decision === 'allow' ? 'accept' : 'reject';
        const toolType = call.server_name === undefined ? 'native' : 'mcp';
        const errorAttributes = call.error
            ? {
                error: call.error.message,
                'error.message': call.error.message,
                error_type: call.error.type,
                'error.type': call.error.type,
            }
            : {};
        const decisionText = decision === undefined ? '' : ` Decision: ${decision}.`;
        this.run.log(EVENTS.toolCall, `Tool call: ${call.tool_name}.${decisionText} Success: ${success}. Duration: ${duration}ms.`, {
            function_name: call.tool_name,
            function_args: this.logPrompts ? JSON.stringify(call.input_parameters, null, 2) : undefined,
            duration_ms: duration,
            success,
            decision,
            decided_by: outcome?.decided_by,
            prompt_id: (0,events/* promptIdFor */.NG)(sessionId, event.turn),
            tool_type: toolType,
            mcp_server_name: call.server_name,
            start_time: open.startedAt.getTime(),
            end_time: time.getTime(),
            ...errorAttributes,
        }, { time, sessionId, context: open.context });
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
        if (success)
            this.run.succeedSpan(open.span);
        else
            this.run.failSpan(open.span, call.error?.message ?? call.status);
        open.span.end(time);
    }
    at(event, time) {
        return {
            time,
            sessionId: event.session_id,
            ...(this.root === undefined ? {} : { context: this.root.context }),
        };
    }
}

;// CONCATENATED MODULE: ./src/telemetry/otel/run-signals.ts



class RunSignals {
    writer;
    options;
    open = new Set();
    constructor(writer, options) {
        this.writer = writer;
        this.options = options;
    }
    /** `gemini_cli.config`: what the run is configured with (types.js `StartSessionEvent`). */
    configLoaded(now, githubRepositoryHash) {
        const { run, logPrompts } = this.options;
        this.writer.log(EVENTS.config, 'CLI configuration loaded.', {
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
        }, { time: now, sessionId: run.sessionId });
    }
    observeSession(prompt) {
        const { logPrompts } = this.options;
        const session = new SessionSignals(this.writer, { length: prompt.length, text: logPrompts ? prompt : undefined }, logPrompts);
        const filter = logPrompts ? undefined : new ProducedTextFilter();
        this.open.add(session);
        return (event) => {
            const shown = filter === undefined ? event : filter.apply(event);
            if (shown !== undefined)
                session.onEvent(shown);
            if (event.kind === 'state_change' && event.final)
                this.open.delete(session);
        };
    }
    /** Ends the spans of sessions that never reported their end (a crash), so they are exported. */
    closeOpenSessions(now) {
        for (const session of this.open)
            session.abandon(now);
        this.open.clear();
    }
}
function optionalText(value) {
    return value === undefined ? undefined : String(value);
}

// EXTERNAL MODULE: ./node_modules/@opentelemetry/api/dist/metrics/Metric.mjs
var Metric = __webpack_require__(18007);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/api/dist/trace-api.mjs + 6 modules
var trace_api = __webpack_require__(8408);
// EXTERNAL MODULE: ./node_modules/@opentelemetry/api/dist/trace/status.mjs
var trace_status = __webpack_require__(91213);
;// CONCATENATED MODULE: ./src/telemetry/otel/signal-writer.ts



/**
 * The Gemini CLI's `auth_type` values (core/contentGenerator.js `AuthType`); Code Assist runs on
 * Application Default Credentials here.
 */
const AUTH_TYPES = {
    'gemini-api-key': 'gemini-api-key',
    'vertex-ai': 'vertex-ai',
    'code-assist': 'compute-default-credentials',
};
/** `gen_ai.agent.name` on every span, as the Gemini CLI sets it. */
const AGENT_NAME = 'gemini-cli';
/** The instruments, with the Gemini CLI's descriptions and units (metrics.js). */
function createInstruments(meter) {
    const counter = (name, description) => meter.createCounter(name, { description, valueType: Metric/* ValueType */.e.INT });
    const histogram = (name, description, unit, valueType = Metric/* ValueType */.e.INT) => meter.createHistogram(name, { description, unit, valueType });
    return {
        sessionCount: counter(METRICS.sessionCount, 'Count of CLI sessions started.'),
        toolCallCount: counter(METRICS.toolCallCount, 'Counts tool calls.'),
        toolCallLatency: histogram(METRICS.toolCallLatency, 'Latency of tool calls.', 'ms'),
        apiRequestCount: counter(METRICS.apiRequestCount, 'Counts API requests.'),
        apiRequestLatency: histogram(METRICS.apiRequestLatency, 'Latency of API requests.', 'ms'),
        tokenUsage: counter(METRICS.tokenUsage, 'Counts the total number of tokens used.'),
        chatCompression: counter(METRICS.chatCompression, 'Counts chat compression events.'),
        genAiTokenUsage: histogram(METRICS.genAiTokenUsage, 'Number of input and output tokens used.', 'token'),
        genAiOperationDuration: histogram(METRICS.genAiOperationDuration, 'GenAI operation duration.', 's', Metric/* ValueType */.e.DOUBLE),
        costUsage: meter.createCounter(METRICS.costUsage, {
            description: 'Estimated cost of model requests from list prices (known prices only).',
            unit: 'USD',
            valueType: Metric/* ValueType */.e.DOUBLE,
        }),
    };
}
class SignalWriter {
    options;
    instruments;
    /** `auth_type`. */
    authType;
    /** `gen_ai.provider.name`. */
    providerName;
    constructor(options) {
        this.options = options;
        this.instruments = createInstruments(options.meter);
        this.authType = AUTH_TYPES[options.authType];
        this.providerName = options.authType === 'vertex-ai' ? 'gcp.vertex_ai' : 'gcp.gen_ai';
    }
    /** A log record: the common attributes (telemetryAttributes.js), `event.name`, the rest. */
    log(name, body, attributes, at) {
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
    count(counter, value, sessionId, attributes) {
        counter.add(value, this.attributes({ ...this.common(sessionId), ...attributes }));
    }
    measure(histogram, value, sessionId, attributes) {
        histogram.record(value, this.attributes({ ...this.common(sessionId), ...attributes }));
    }
    /** A span under `parent`, with the attributes the Gemini CLI sets on all of them (trace.js). */
    startSpan(name, time, parent, sessionId, attributes) {
        const span = this.options.tracer.startSpan(name, {
            startTime: time,
            attributes: this.attributes({
                'gen_ai.operation.name': name,
                'gen_ai.agent.name': AGENT_NAME,
                'gen_ai.conversation.id': sessionId,
                'session.id': sessionId,
                ...attributes,
            }),
        }, parent);
        return { span, context: trace_api/* trace */.u.setSpan(parent, span) };
    }
    setSpanAttributes(span, attributes) {
        span.setAttributes(this.attributes(attributes));
    }
    succeedSpan(span) {
        span.setStatus({ code: trace_status/* SpanStatusCode */.s.OK });
    }
    failSpan(span, message) {
        span.setStatus({ code: trace_status/* SpanStatusCode */.s.ERROR, message: this.options.redact(message) });
    }
    common(sessionId) {
        return { 'session.id': sessionId, interactive: false, auth_type: this.authType };
    }
    attributes(input) {
        return redactedAttributes(this.options.redact, input);
    }
}

;// CONCATENATED MODULE: ./src/telemetry/otel/otel-telemetry.ts
/**
 * Telemetry on: the entry of the bundle's OpenTelemetry chunk, loaded by `start-telemetry.ts` only
 * when telemetry is enabled, so a run without it never loads the SDK.
 */







async function createOtelTelemetry(options) {
    const { config, run, redact } = options;
    const now = options.now ?? Date.now;
    const where = describeDestination(config);
    let warned = false;
    const problem = (detail) => {
        if (warned)
            return;
        warned = true;
        options.warn(redact(`Telemetry to ${where} failed: ${detail.replace(/[.\s]+$/, '')}. The run goes on without it; further telemetry errors are not shown.`));
    };
    const pipeline = startPipeline({
        exporters: options.exporters ?? (await createExporters(config)),
        resource: resourceAttributes(config, run, redact),
        exportTimeoutMs: config.exportTimeoutMs,
        onProblem: problem,
    });
    const writer = new SignalWriter({ ...pipeline, redact, authType: run.authType });
    const signals = new RunSignals(writer, { run, logPrompts: config.logPrompts });
    signals.configLoaded(new Date(now()), repositoryHash(run.github.repository));
    return {
        observeSession: (prompt) => signals.observeSession(prompt),
        async shutdown() {
            signals.closeOpenSessions(new Date(now()));
            if (!(await pipeline.shutdown())) {
                problem(`the last export did not finish within ${config.exportTimeoutMs + 1000} ms`);
            }
        },
    };
}
/**
 * The resource of every signal: the service, the session and the GitHub run. Built by hand \u2014 no
 * detectors, so no command line, user name or host leaves with it.
 */
function resourceAttributes(config, run, redact) {
    const { github } = run;
    return redactedAttributes(redact, {
        'service.name': SERVICE_NAME,
        ...config.resourceAttributes,
        'service.version': run.version,
        'session.id': run.sessionId,
        // The keys run-gemini-cli's collector adds (scripts/collector-gcp.yaml.template), and more.
        'github.repository': github.repository,
        'github.workflow': github.workflow,
        'github.run_id': github.runId,
        'github.run_attempt': github.runAttempt,
        'github.event_name': github.eventName,
        'github.issue.number': github.issueNumber,
        'github.pr.number': github.pullRequestNumber,
        'gemini_agent.mode': run.mode,
    });
}
/** The Gemini CLI's `github_repository_hash`: SHA-256 of `owner/name`. */
function repositoryHash(repository) {
    return repository === undefined
        ? undefined
        : (0,external_node_crypto_.createHash)('sha256').update(repository).digest('hex');
}
function describeDestination(config) {
    const { destination } = config;
    if (destination.kind === 'file')
        return destination.path;
    return `${destination.urls.logs} (OTLP/${destination.protocol === 'grpc' ? 'gRPC' : 'HTTP'})`;
}


/***/ })

};
