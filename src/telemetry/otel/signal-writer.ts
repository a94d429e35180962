/**
 * Writes signals the Gemini CLI's way: log records with its common attributes and `event.name`,
 * counters and histograms under its names, spans with its `gen_ai.*` attributes — every string
 * through the run's redactor. Knows no events; session-signals.ts decides what to write.
 */
import type { Context, Counter, Histogram, Logger, Meter, Span, Tracer } from '@opentelemetry/api';
import { SpanStatusCode, trace, ValueType } from '@opentelemetry/api';
import type { ModelAuth } from '../../model/model-auth.js';
import type { Redact } from '../../platform/redaction.js';
import { METRICS } from '../signal-names.js';
import type { AttributeInput } from './redacted-attributes.js';
import { redactedAttributes } from './redacted-attributes.js';

export interface SignalWriterOptions {
  logger: Logger;
  meter: Meter;
  tracer: Tracer;
  redact: Redact;
  authType: ModelAuth['type'];
}

/** Where and when a log record belongs. */
export interface RecordPlace {
  time: Date;
  sessionId: string;
  /** The span it happened in (its trace and span ids go with the record). */
  context?: Context;
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

/** `gen_ai.agent.name` on every span, as the Gemini CLI sets it. */
const AGENT_NAME = 'gemini-cli';

export type Instruments = ReturnType<typeof createInstruments>;

/** The instruments, with the Gemini CLI's descriptions and units (metrics.js). */
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
    costUsage: meter.createCounter(METRICS.costUsage, {
      description: 'Estimated cost of model requests from list prices (known prices only).',
      unit: 'USD',
      valueType: ValueType.DOUBLE,
    }),
  };
}

export class SignalWriter {
  readonly instruments: Instruments;
  /** `auth_type`. */
  readonly authType: string;
  /** `gen_ai.provider.name`. */
  readonly providerName: string;

  constructor(private readonly options: SignalWriterOptions) {
    this.instruments = createInstruments(options.meter);
    this.authType = AUTH_TYPES[options.authType];
    this.providerName = options.authType === 'vertex-ai' ? 'gcp.vertex_ai' : 'gcp.gen_ai';
  }

  /** A log record: the common attributes (telemetryAttributes.js), `event.name`, the rest. */
  log(name: string, body: string, attributes: AttributeInput, at: RecordPlace): void {
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

  measure(
    histogram: Histogram,
    value: number,
    sessionId: string,
    attributes: AttributeInput,
  ): void {
    histogram.record(value, this.attributes({ ...this.common(sessionId), ...attributes }));
  }

  /** A span under `parent`, with the attributes the Gemini CLI sets on all of them (trace.js). */
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

  succeedSpan(span: Span): void {
    span.setStatus({ code: SpanStatusCode.OK });
  }

  failSpan(span: Span, message: string): void {
    span.setStatus({ code: SpanStatusCode.ERROR, message: this.options.redact(message) });
  }

  private common(sessionId: string): AttributeInput {
    return { 'session.id': sessionId, interactive: false, auth_type: this.authType };
  }

  private attributes(input: AttributeInput) {
    return redactedAttributes(this.options.redact, input);
  }
}
