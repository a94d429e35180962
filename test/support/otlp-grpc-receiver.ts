// A local OTLP/gRPC collector for tests: the three `Export` methods of the OTLP collector services
// on @grpc/grpc-js, their protobuf requests decoded into the OTLP/JSON shape (ids as hex, 64-bit
// times as strings) so the same readers serve both receivers.
//
// The decoder knows only the fields the tests read. Field numbers are those of opentelemetry-proto
// (collector/*/v1/*_service.proto, logs/v1/logs.proto, trace/v1/trace.proto,
// metrics/v1/metrics.proto, common/v1/common.proto), as @opentelemetry/otlp-transformer 0.301.0
// writes them (dist/*/protobuf/*-serializer.mjs); unknown fields are skipped.
import type { sendUnaryData, ServerUnaryCall } from '@grpc/grpc-js';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import type { OtlpRequest, OtlpSignal } from './otlp-signals.js';

export interface OtlpGrpcReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: OtlpRequest[];
  close(): Promise<void>;
}

const SERVICES: Record<OtlpSignal, { path: string; message: string }> = {
  logs: {
    path: '/opentelemetry.proto.collector.logs.v1.LogsService/Export',
    message: 'ExportLogsServiceRequest',
  },
  metrics: {
    path: '/opentelemetry.proto.collector.metrics.v1.MetricsService/Export',
    message: 'ExportMetricsServiceRequest',
  },
  traces: {
    path: '/opentelemetry.proto.collector.trace.v1.TraceService/Export',
    message: 'ExportTraceServiceRequest',
  },
};

export async function startOtlpGrpcReceiver(): Promise<OtlpGrpcReceiver> {
  const requests: OtlpRequest[] = [];
  const server = new Server();
  const identity = (buffer: Buffer) => buffer;
  for (const [signal, service] of Object.entries(SERVICES) as [
    OtlpSignal,
    typeof SERVICES.logs,
  ][]) {
    server.register(
      service.path,
      (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => {
        requests.push({
          signal,
          headers: Object.fromEntries(
            Object.entries(call.metadata.getMap()).map(([key, value]) => [key, String(value)]),
          ),
          raw: call.request,
          body: decodeMessage(call.request, service.message),
        });
        callback(null, Buffer.alloc(0));
      },
      identity,
      identity,
      'unary',
    );
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => {
      if (error) reject(error);
      else resolve(bound);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.tryShutdown(() => {
          resolve();
        });
        server.forceShutdown();
      }),
  };
}

interface Field {
  name: string;
  /** A scalar (`string`, `bytes`, `bool`, `int64`, `enum`, `double`, `fixed64`, `sfixed64`) or a message. */
  type: string;
  repeated?: boolean;
}

const SCHEMA: Record<string, Record<number, Field>> = {
  ExportLogsServiceRequest: { 1: { name: 'resourceLogs', type: 'ResourceLogs', repeated: true } },
  ResourceLogs: {
    1: { name: 'resource', type: 'Resource' },
    2: { name: 'scopeLogs', type: 'ScopeLogs', repeated: true },
  },
  ScopeLogs: {
    1: { name: 'scope', type: 'InstrumentationScope' },
    2: { name: 'logRecords', type: 'LogRecord', repeated: true },
  },
  LogRecord: {
    1: { name: 'timeUnixNano', type: 'fixed64' },
    5: { name: 'body', type: 'AnyValue' },
    6: { name: 'attributes', type: 'KeyValue', repeated: true },
    9: { name: 'traceId', type: 'bytes' },
    10: { name: 'spanId', type: 'bytes' },
    12: { name: 'eventName', type: 'string' },
  },
  ExportTraceServiceRequest: {
    1: { name: 'resourceSpans', type: 'ResourceSpans', repeated: true },
  },
  ResourceSpans: {
    1: { name: 'resource', type: 'Resource' },
    2: { name: 'scopeSpans', type: 'ScopeSpans', repeated: true },
  },
  ScopeSpans: {
    1: { name: 'scope', type: 'InstrumentationScope' },
    2: { name: 'spans', type: 'Span', repeated: true },
  },
  Span: {
    1: { name: 'traceId', type: 'bytes' },
    2: { name: 'spanId', type: 'bytes' },
    4: { name: 'parentSpanId', type: 'bytes' },
    5: { name: 'name', type: 'string' },
    7: { name: 'startTimeUnixNano', type: 'fixed64' },
    8: { name: 'endTimeUnixNano', type: 'fixed64' },
    9: { name: 'attributes', type: 'KeyValue', repeated: true },
    15: { name: 'status', type: 'Status' },
  },
  Status: { 2: { name: 'message', type: 'string' }, 3: { name: 'code', type: 'enum' } },
  ExportMetricsServiceRequest: {
    1: { name: 'resourceMetrics', type: 'ResourceMetrics', repeated: true },
  },
  ResourceMetrics: {
    1: { name: 'resource', type: 'Resource' },
    2: { name: 'scopeMetrics', type: 'ScopeMetrics', repeated: true },
  },
  ScopeMetrics: {
    1: { name: 'scope', type: 'InstrumentationScope' },
    2: { name: 'metrics', type: 'Metric', repeated: true },
  },
  Metric: {
    1: { name: 'name', type: 'string' },
    3: { name: 'unit', type: 'string' },
    5: { name: 'gauge', type: 'Gauge' },
    7: { name: 'sum', type: 'Sum' },
    9: { name: 'histogram', type: 'Histogram' },
  },
  Gauge: { 1: { name: 'dataPoints', type: 'NumberDataPoint', repeated: true } },
  Sum: { 1: { name: 'dataPoints', type: 'NumberDataPoint', repeated: true } },
  Histogram: { 1: { name: 'dataPoints', type: 'HistogramDataPoint', repeated: true } },
  NumberDataPoint: {
    4: { name: 'asDouble', type: 'double' },
    6: { name: 'asInt', type: 'sfixed64' },
    7: { name: 'attributes', type: 'KeyValue', repeated: true },
  },
  HistogramDataPoint: {
    4: { name: 'count', type: 'fixed64' },
    5: { name: 'sum', type: 'double' },
    9: { name: 'attributes', type: 'KeyValue', repeated: true },
  },
  Resource: { 1: { name: 'attributes', type: 'KeyValue', repeated: true } },
  InstrumentationScope: {
    1: { name: 'name', type: 'string' },
    2: { name: 'version', type: 'string' },
  },
  KeyValue: { 1: { name: 'key', type: 'string' }, 2: { name: 'value', type: 'AnyValue' } },
  AnyValue: {
    1: { name: 'stringValue', type: 'string' },
    2: { name: 'boolValue', type: 'bool' },
    3: { name: 'intValue', type: 'int64' },
    4: { name: 'doubleValue', type: 'double' },
    5: { name: 'arrayValue', type: 'ArrayValue' },
  },
  ArrayValue: { 1: { name: 'values', type: 'AnyValue', repeated: true } },
};

/** Decodes one protobuf message of the schema above into its OTLP/JSON form. */
export function decodeMessage(buffer: Buffer, message: string): Record<string, unknown> {
  const fields = SCHEMA[message];
  if (fields === undefined) throw new Error(`no schema for ${message}`);
  const result: Record<string, unknown> = {};
  let offset = 0;
  const varint = (): bigint => {
    let value = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[offset++];
      if (byte === undefined) throw new Error(`truncated varint in ${message}`);
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
      shift += 7n;
    }
  };
  while (offset < buffer.length) {
    const tag = Number(varint());
    const field = fields[tag >> 3];
    const wireType = tag & 7;
    let value: unknown;
    if (wireType === 0) {
      const raw = varint();
      value = field?.type === 'bool' ? raw !== 0n : Number(BigInt.asIntN(64, raw));
    } else if (wireType === 1) {
      const bytes = buffer.subarray(offset, offset + 8);
      offset += 8;
      value =
        field?.type === 'double'
          ? bytes.readDoubleLE(0)
          : field?.type === 'sfixed64'
            ? Number(bytes.readBigInt64LE(0))
            : bytes.readBigUInt64LE(0).toString();
    } else if (wireType === 2) {
      const length = Number(varint());
      const bytes = buffer.subarray(offset, offset + length);
      offset += length;
      if (field === undefined) continue;
      value =
        field.type === 'string'
          ? bytes.toString('utf8')
          : field.type === 'bytes'
            ? bytes.toString('hex')
            : decodeMessage(bytes, field.type);
    } else if (wireType === 5) {
      offset += 4;
      continue;
    } else {
      throw new Error(`unsupported wire type ${wireType} in ${message}`);
    }
    if (field === undefined) continue;
    if (field.repeated) ((result[field.name] ??= []) as unknown[]).push(value);
    else result[field.name] = value;
  }
  return result;
}
