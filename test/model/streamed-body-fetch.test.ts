import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { streamedBodyFetch } from '../../src/model/streamed-body-fetch.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A loopback server that records each request's headers and bytes. */
async function recordingServer(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.end('{}');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, received };
}

describe('streamedBodyFetch', () => {
  it('sends a large body byte for byte, with its Content-Length, even where a character spans two slices', async () => {
    const { url, received } = await recordingServer();
    // "😀" is a surrogate pair; its first half is the last character of the first slice end.
    const body = JSON.stringify({
      text: `${'a'.repeat(64 * 1024 - 10)}😀${'é'.repeat(300_000)}`,
    });
    const response = await streamedBodyFetch(fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
    const [request] = received;
    expect(request?.body.toString('utf8')).toBe(body);
    expect(request?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(request?.headers['transfer-encoding']).toBeUndefined();
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('passes a small body through unchanged', async () => {
    const { url, received } = await recordingServer();
    await streamedBodyFetch(fetch)(url, { method: 'POST', body: '{"small":true}' });
    expect(received[0]?.body.toString('utf8')).toBe('{"small":true}');
  });
});
