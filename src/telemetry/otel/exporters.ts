/**
 * The exporters for a destination: OTLP over HTTP (OTLP/JSON, as the Gemini CLI's `http` protocol
 * sends), OTLP over gRPC (loaded only for it: gRPC weighs more than the rest together), or a file.
 */
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { CompressionAlgorithm } from '@opentelemetry/otlp-exporter-base';
import type { TelemetryConfig } from '../telemetry-config.js';
import { fileExporters } from './file-exporters.js';
import type { Exporters } from './pipeline.js';

export async function createExporters(config: TelemetryConfig): Promise<Exporters> {
  const { destination, exportTimeoutMs } = config;
  if (destination.kind === 'file') return fileExporters(destination.path);
  if (destination.protocol === 'grpc') {
    const { grpcExporters } = await import('./grpc-exporters.js');
    return grpcExporters(destination, exportTimeoutMs);
  }
  const options = (signal: 'logs' | 'metrics' | 'traces') => ({
    url: destination.urls[signal],
    headers: destination.headers[signal],
    timeoutMillis: exportTimeoutMs,
    compression:
      destination.compression === 'gzip' ? CompressionAlgorithm.GZIP : CompressionAlgorithm.NONE,
  });
  return {
    logs: new OTLPLogExporter(options('logs')),
    metrics: new OTLPMetricExporter(options('metrics')),
    traces: new OTLPTraceExporter(options('traces')),
  };
}
