/**
 * OTLP over gRPC, the Gemini CLI's default protocol. Its own chunk of the bundle, loaded only when
 * chosen: @grpc/grpc-js and its protobuf runtime are most of the telemetry's weight.
 */
import { Metadata } from '@grpc/grpc-js';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-grpc';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-grpc';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { CompressionAlgorithm } from '@opentelemetry/otlp-exporter-base';
import type { OtlpDestination, TelemetrySignal } from '../telemetry-config.js';
import type { Exporters } from './pipeline.js';

export function grpcExporters(destination: OtlpDestination, timeoutMs: number): Exporters {
  const options = (signal: TelemetrySignal) => {
    const metadata = new Metadata();
    for (const [key, value] of Object.entries(destination.headers[signal])) {
      metadata.set(key, value);
    }
    return {
      url: destination.urls[signal],
      metadata,
      timeoutMillis: timeoutMs,
      compression:
        destination.compression === 'gzip' ? CompressionAlgorithm.GZIP : CompressionAlgorithm.NONE,
    };
  };
  return {
    logs: new OTLPLogExporter(options('logs')),
    metrics: new OTLPMetricExporter(options('metrics')),
    traces: new OTLPTraceExporter(options('traces')),
  };
}
