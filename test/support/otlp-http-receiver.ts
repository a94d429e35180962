// A local OTLP/HTTP collector for tests: accepts POST /v1/{logs,metrics,traces} with OTLP/JSON
// bodies (gzip or not), keeps each request with its raw bytes, and answers `{}` as a collector does.
// With `hang`, it accepts requests and never answers (a collector that black-holes exports).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { OtlpBody, OtlpRequest, OtlpSignal } from './otlp-signals.js';

export interface OtlpHttpReceiver {
  /** The endpoint, e.g. `http://127.0.0.1:4318` (the signals' paths are appended). */
  url: string;
  requests: OtlpRequest[];
  close(): Promise<void>;
}

const PATHS: Record<string, OtlpSignal> = {
  '/v1/logs': 'logs',
  '/v1/metrics': 'metrics',
  '/v1/traces': 'traces',
};

export async function startOtlpHttpReceiver(
  options: { hang?: boolean } = {},
): Promise<OtlpHttpReceiver> {
  const requests: OtlpRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (options.hang) return;
      const signal = PATHS[request.url ?? ''];
      if (request.method !== 'POST' || signal === undefined) {
        response.writeHead(404).end();
        return;
      }
      const received = Buffer.concat(chunks);
      const raw = request.headers['content-encoding'] === 'gzip' ? gunzipSync(received) : received;
      requests.push({
        signal,
        headers: request.headers,
        raw,
        body: JSON.parse(raw.toString('utf8')) as OtlpBody,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
