/**
 * The three providers, built by hand rather than through `NodeSDK`: no resource detectors (the
 * Gemini CLI's `processDetector` puts `process.command_args`, and so its `-p` prompt, on every
 * signal) and no HTTP instrumentation. Exports run in the background (batch processors, a
 * periodic metric reader, all on unref'd timers); the shutdown is the one place the run waits,
 * and it waits a bounded time. Export failures are reported once, whatever their number.
 */
import type { Attributes, DiagLogger, Logger, Meter, Tracer } from '@opentelemetry/api';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { loggingErrorHandler, setGlobalErrorHandler } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { LogRecordExporter } from '@opentelemetry/sdk-logs';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { errorMessage } from '../../platform/errors.js';
import { SCOPE_NAME, TRACER_VERSION } from '../signal-names.js';

export interface Exporters {
  logs: LogRecordExporter;
  metrics: PushMetricExporter;
  traces: SpanExporter;
}

export interface PipelineOptions {
  exporters: Exporters;
  resource: Attributes;
  /** How long one export may take (the processors' and reader's limit too). */
  exportTimeoutMs: number;
  /** Told about each failed export and SDK complaint; the caller reports the first. */
  onProblem: (detail: string) => void;
  /** Between metric exports while the run goes on; default 10 s, as the Gemini CLI's. */
  metricIntervalMs?: number;
}

export interface Pipeline {
  logger: Logger;
  meter: Meter;
  tracer: Tracer;
  /** Flushes and stops, within `exportTimeoutMs` and one second; true when all finished in time. */
  shutdown(): Promise<boolean>;
}

/** Slack over the export time limit before the shutdown stops waiting. */
const SHUTDOWN_GRACE_MS = 1_000;

export function startPipeline(options: PipelineOptions): Pipeline {
  const { exporters, exportTimeoutMs } = options;
  // The SDK reports failed exports through these two process-wide hooks.
  setGlobalErrorHandler((error) => {
    options.onProblem(errorMessage(error));
  });
  diag.setLogger(problemLogger(options.onProblem), DiagLogLevel.WARN);

  const resource = resourceFromAttributes(options.resource);
  const loggerProvider = new LoggerProvider({
    resource,
    processors: [
      new BatchLogRecordProcessor({
        exporter: exporters.logs,
        exportTimeoutMillis: exportTimeoutMs,
      }),
    ],
  });
  const tracerProvider = new TracerProvider({
    resource,
    spanProcessors: [
      new BatchSpanProcessor({ exporter: exporters.traces, exportTimeoutMillis: exportTimeoutMs }),
    ],
  });
  const intervalMs = Math.max(options.metricIntervalMs ?? 10_000, exportTimeoutMs);
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
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
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => {
          resolve(false);
        }, exportTimeoutMs + SHUTDOWN_GRACE_MS);
        // Only a bound: it must not keep the process alive by itself.
        timer.unref();
      });
      const finished = await Promise.race([stopped, late]);
      clearTimeout(timer);
      setGlobalErrorHandler(loggingErrorHandler());
      diag.disable();
      return finished;
    },
  };
}

/** The SDK's warnings and errors, as problems; its chatter (retries, debug) is left out. */
function problemLogger(onProblem: (detail: string) => void): DiagLogger {
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
