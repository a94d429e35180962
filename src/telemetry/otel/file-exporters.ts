/**
 * `telemetry.outfile`: the signals as OTLP/JSON lines, one export request per line
 * (`{"resourceLogs":…}`, `{"resourceMetrics":…}`, `{"resourceSpans":…}`), exactly what an
 * OTLP/HTTP collector would have received. The Gemini CLI writes the SDK's internal objects,
 * pretty-printed and concatenated instead; those are no stable format, while these lines are
 * read by any OTLP/JSON decoder (a collector's `otlpjsonfile` receiver, `jq`).
 */
import { appendFile } from 'node:fs/promises';
import type { ExportResult } from '@opentelemetry/core';
import { ExportResultCode } from '@opentelemetry/core';
import {
  JsonLogsSerializer,
  JsonMetricsSerializer,
  JsonTraceSerializer,
} from '@opentelemetry/otlp-transformer';
import type { Exporters } from './pipeline.js';

/**
 * Appends whole lines, one at a time, so the three exporters never interleave within a line.
 * The file was checked before (`outfile.ts`); an append that fails later is that export's
 * failure, reported through `done`, and never a rejection left unhandled.
 */
class JsonLinesFile {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {}

  append(request: Uint8Array | undefined, done: (result: ExportResult) => void): void {
    const line = request === undefined ? undefined : `${Buffer.from(request).toString('utf8')}\n`;
    this.queue = this.queue
      .then(() => (line === undefined ? undefined : appendFile(this.file, line)))
      .then(
        () => {
          done({ code: ExportResultCode.SUCCESS });
        },
        (error: unknown) => {
          done({
            code: ExportResultCode.FAILED,
            error: error instanceof Error ? error : new Error(String(error)),
          });
        },
      );
  }

  /** Settles when every line appended so far is written. */
  flush(): Promise<void> {
    return this.queue;
  }
}

export function fileExporters(file: string): Exporters {
  const lines = new JsonLinesFile(file);
  const flush = () => lines.flush();
  return {
    logs: {
      export: (records, done) => {
        lines.append(JsonLogsSerializer.serializeRequest(records), done);
      },
      shutdown: flush,
      forceFlush: flush,
    },
    metrics: {
      export: (metrics, done) => {
        lines.append(JsonMetricsSerializer.serializeRequest(metrics), done);
      },
      shutdown: flush,
      forceFlush: flush,
    },
    traces: {
      export: (spans, done) => {
        lines.append(JsonTraceSerializer.serializeRequest(spans), done);
      },
      shutdown: flush,
      forceFlush: flush,
    },
  };
}
