// OTLP export requests as tests read them: the OTLP/JSON shape (opentelemetry-proto
// docs/specification.md, "JSON Protobuf Encoding") flattened to log records, spans and metric
// points with plain attribute objects. The gRPC receiver decodes protobuf into the same shape.

export type OtlpSignal = 'logs' | 'metrics' | 'traces';

/** One export request as it arrived. */
export interface OtlpRequest {
  signal: OtlpSignal;
  /** HTTP headers, or gRPC metadata. */
  headers: Record<string, string | string[] | undefined>;
  /** The bytes on the wire (decompressed). */
  raw: Buffer;
  /** `ExportLogsServiceRequest` / `ExportMetricsServiceRequest` / `ExportTraceServiceRequest`. */
  body: OtlpBody;
}

type AnyValueJson = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValueJson[] };
};
interface KeyValueJson {
  key: string;
  value: AnyValueJson;
}
interface ResourceJson {
  attributes?: KeyValueJson[];
}
interface ScopeJson {
  name?: string;
  version?: string;
}

export interface OtlpBody {
  resourceLogs?: {
    resource?: ResourceJson;
    scopeLogs?: {
      scope?: ScopeJson;
      logRecords?: {
        timeUnixNano?: string | number;
        body?: AnyValueJson;
        attributes?: KeyValueJson[];
        traceId?: string;
        spanId?: string;
      }[];
    }[];
  }[];
  resourceSpans?: {
    resource?: ResourceJson;
    scopeSpans?: {
      scope?: ScopeJson;
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
        attributes?: KeyValueJson[];
        status?: { code?: number; message?: string };
      }[];
    }[];
  }[];
  resourceMetrics?: {
    resource?: ResourceJson;
    scopeMetrics?: {
      scope?: ScopeJson;
      metrics?: {
        name: string;
        unit?: string;
        sum?: { dataPoints?: NumberPointJson[] };
        histogram?: {
          dataPoints?: (NumberPointJson & { count?: number | string; sum?: number })[];
        };
        gauge?: { dataPoints?: NumberPointJson[] };
      }[];
    }[];
  }[];
}

interface NumberPointJson {
  attributes?: KeyValueJson[];
  asInt?: number | string;
  asDouble?: number;
}

/** The export requests an outfile holds: one OTLP/JSON body a line, as the file exporter writes. */
export function signalsFromFile(text: string): OtlpRequest[] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => {
      const body = JSON.parse(line) as OtlpBody;
      const signal = body.resourceLogs ? 'logs' : body.resourceSpans ? 'traces' : 'metrics';
      return { signal, headers: {}, raw: Buffer.from(line), body };
    });
}

export type AttributeMap = Record<string, unknown>;

export function anyValue(value: AnyValueJson | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(anyValue);
  return undefined;
}

export function attributeMap(attributes: KeyValueJson[] | undefined): AttributeMap {
  return Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, anyValue(value)]));
}

export interface LogView {
  eventName: unknown;
  body: unknown;
  attributes: AttributeMap;
  resource: AttributeMap;
  scope: string | undefined;
  traceId: string | undefined;
  spanId: string | undefined;
}

export interface SpanView {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  startMs: number;
  endMs: number;
  attributes: AttributeMap;
  resource: AttributeMap;
  scope: ScopeJson | undefined;
  status: { code?: number; message?: string } | undefined;
}

export interface MetricPointView {
  name: string;
  unit: string | undefined;
  attributes: AttributeMap;
  resource: AttributeMap;
  /** A sum's value, or a histogram's sum. */
  value: number;
  /** A histogram's count. */
  count: number | undefined;
}

export function logRecords(requests: readonly OtlpRequest[]): LogView[] {
  return requests.flatMap(({ body }) =>
    (body.resourceLogs ?? []).flatMap((resourceLogs) =>
      (resourceLogs.scopeLogs ?? []).flatMap((scopeLogs) =>
        (scopeLogs.logRecords ?? []).map((record) => {
          const attributes = attributeMap(record.attributes);
          return {
            eventName: attributes['event.name'],
            body: anyValue(record.body),
            attributes,
            resource: attributeMap(resourceLogs.resource?.attributes),
            scope: scopeLogs.scope?.name,
            traceId: nonEmptyId(record.traceId),
            spanId: nonEmptyId(record.spanId),
          };
        }),
      ),
    ),
  );
}

export function spans(requests: readonly OtlpRequest[]): SpanView[] {
  return requests.flatMap(({ body }) =>
    (body.resourceSpans ?? []).flatMap((resourceSpans) =>
      (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
        (scopeSpans.spans ?? []).map((span) => ({
          name: span.name,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: nonEmptyId(span.parentSpanId),
          startMs: Number(BigInt(span.startTimeUnixNano) / 1_000_000n),
          endMs: Number(BigInt(span.endTimeUnixNano) / 1_000_000n),
          attributes: attributeMap(span.attributes),
          resource: attributeMap(resourceSpans.resource?.attributes),
          scope: scopeSpans.scope,
          status: span.status,
        })),
      ),
    ),
  );
}

/**
 * Every data point of every metric. Metrics are cumulative, so a metric exported twice (a
 * periodic export, then the final one) appears twice; `latestPoints` keeps the last of each.
 */
export function metricPoints(requests: readonly OtlpRequest[]): MetricPointView[] {
  return requests.flatMap(({ body }) =>
    (body.resourceMetrics ?? []).flatMap((resourceMetrics) =>
      (resourceMetrics.scopeMetrics ?? []).flatMap((scopeMetrics) =>
        (scopeMetrics.metrics ?? []).flatMap((metric) => {
          const resource = attributeMap(resourceMetrics.resource?.attributes);
          const base = { name: metric.name, unit: metric.unit || undefined, resource };
          const sums = [...(metric.sum?.dataPoints ?? []), ...(metric.gauge?.dataPoints ?? [])].map(
            (point) => ({
              ...base,
              attributes: attributeMap(point.attributes),
              value: Number(point.asInt ?? point.asDouble ?? 0),
              count: undefined,
            }),
          );
          const histograms = (metric.histogram?.dataPoints ?? []).map((point) => ({
            ...base,
            attributes: attributeMap(point.attributes),
            value: point.sum ?? 0,
            count: Number(point.count ?? 0),
          }));
          return [...sums, ...histograms];
        }),
      ),
    ),
  );
}

/** The last exported point of each metric and attribute set (cumulative values only grow). */
export function latestPoints(points: readonly MetricPointView[]): MetricPointView[] {
  const latest = new Map<string, MetricPointView>();
  for (const point of points) {
    latest.set(`${point.name} ${JSON.stringify(sortedEntries(point.attributes))}`, point);
  }
  return [...latest.values()];
}

function sortedEntries(map: AttributeMap): [string, unknown][] {
  return Object.entries(map).sort(([a], [b]) => a.localeCompare(b));
}

function nonEmptyId(id: string | undefined): string | undefined {
  return id === undefined || id === '' || /^0+$/.test(id) ? undefined : id;
}
