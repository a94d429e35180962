/**
 * OTLP over gRPC, the Gemini CLI's default protocol: the OTLP protobuf requests
 * (@opentelemetry/otlp-transformer's serializers) sent to the collector services' `Export`
 * methods on @grpc/grpc-js, gzip-compressed as the Gemini CLI sends them.
 *
 * Our own exporters rather than the `-otlp-grpc` packages: those load @grpc/grpc-js through
 * `createRequire` at run time, which finds no module beside a bundle (or another copy of it),
 * and their credentials then fail grpc-js's own checks. This file is its own chunk of the bundle,
 * loaded only when gRPC is chosen: grpc-js weighs more than the rest of telemetry together.
 *
 * Each export is one call with the export time limit as its deadline; a failed call is reported
 * (once, by the pipeline) and not retried, so an absent collector costs one deadline at most.
 */
import type { ChannelCredentials } from '@grpc/grpc-js';
import { Client, compressionAlgorithms, credentials, Metadata } from '@grpc/grpc-js';
import type { ExportResult } from '@opentelemetry/core';
import { ExportResultCode } from '@opentelemetry/core';
import {
  ProtobufLogsSerializer,
  ProtobufMetricsSerializer,
  ProtobufTraceSerializer,
} from '@opentelemetry/otlp-transformer';
import type { OtlpDestination, TelemetrySignal } from '../telemetry-config.js';
import type { Exporters } from './pipeline.js';

/** The collector services' methods (opentelemetry-proto collector/*\/v1/*_service.proto). */
const EXPORT_METHODS: Record<TelemetrySignal, string> = {
  logs: '/opentelemetry.proto.collector.logs.v1.LogsService/Export',
  metrics: '/opentelemetry.proto.collector.metrics.v1.MetricsService/Export',
  traces: '/opentelemetry.proto.collector.trace.v1.TraceService/Export',
};

export function grpcExporters(destination: OtlpDestination, timeoutMs: number): Exporters {
  const sender = (signal: TelemetrySignal) => new GrpcSender(destination, signal, timeoutMs);
  const logs = sender('logs');
  const metrics = sender('metrics');
  const traces = sender('traces');
  return {
    logs: {
      export: (records, done) => {
        logs.send(ProtobufLogsSerializer.serializeRequest(records), done);
      },
      shutdown: () => logs.shutdown(),
      forceFlush: () => logs.flush(),
    },
    metrics: {
      export: (resourceMetrics, done) => {
        metrics.send(ProtobufMetricsSerializer.serializeRequest(resourceMetrics), done);
      },
      shutdown: () => metrics.shutdown(),
      forceFlush: () => metrics.flush(),
    },
    traces: {
      export: (spans, done) => {
        traces.send(ProtobufTraceSerializer.serializeRequest(spans), done);
      },
      shutdown: () => traces.shutdown(),
      forceFlush: () => traces.flush(),
    },
  };
}

/** One signal's calls to its collector. */
class GrpcSender {
  private readonly client: Client;
  private readonly method: string;
  private readonly metadata: Metadata;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    destination: OtlpDestination,
    signal: TelemetrySignal,
    private readonly timeoutMs: number,
  ) {
    const url = new URL(destination.urls[signal]);
    this.client = new Client(url.host, channelCredentials(url), {
      ...(destination.compression === 'gzip'
        ? { 'grpc.default_compression_algorithm': compressionAlgorithms.gzip }
        : {}),
    });
    this.method = EXPORT_METHODS[signal];
    this.metadata = new Metadata();
    for (const [key, value] of Object.entries(destination.headers[signal])) {
      this.metadata.set(key, value);
    }
  }

  send(request: Uint8Array | undefined, done: (result: ExportResult) => void): void {
    if (request === undefined) {
      done({ code: ExportResultCode.FAILED, error: new Error('the signals could not be encoded') });
      return;
    }
    const call = new Promise<void>((resolve) => {
      this.client.makeUnaryRequest(
        this.method,
        (body: Buffer) => body,
        (body: Buffer) => body,
        Buffer.from(request),
        this.metadata,
        { deadline: Date.now() + this.timeoutMs },
        (error) => {
          done(
            error
              ? { code: ExportResultCode.FAILED, error: readableGrpcError(error) }
              : { code: ExportResultCode.SUCCESS },
          );
          resolve();
        },
      );
    });
    this.pending.add(call);
    void call.finally(() => this.pending.delete(call));
  }

  /** Settles when the calls made so far have ended (each within its deadline). */
  async flush(): Promise<void> {
    await Promise.all(this.pending);
  }

  async shutdown(): Promise<void> {
    await this.flush();
    this.client.close();
  }
}

/** `http://` is plaintext (a collector beside the run); `https://` is TLS. */
function channelCredentials(url: URL): ChannelCredentials {
  return url.protocol === 'http:' ? credentials.createInsecure() : credentials.createSsl();
}

/**
 * grpc-js's message without its empty parts: a failed connection reads "14 UNAVAILABLE: No
 * connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:4317. Resolution
 * note: " (the name resolver had nothing to add); here "14 UNAVAILABLE: No connection
 * established. Last error: connect ECONNREFUSED 127.0.0.1:4317".
 */
export function readableGrpcError(error: Error): Error {
  const message = error.message
    .replace(/\.?\s*Resolution note:\s*\.?\s*$/, '')
    .replace(/Last error: Error: /, 'Last error: ')
    .replace(/[.\s]+$/, '');
  return message === error.message ? error : new Error(message, { cause: error });
}
