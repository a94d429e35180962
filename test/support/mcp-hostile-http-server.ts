// A hostile MCP server over HTTP for tests, on 127.0.0.1 with a free port, JSON-RPC written by
// hand so it can send what no real server would: answers to `tools/call` that never end. Its
// tools: `ping`, and `flood`, whose answer is `floodMiB` MiB (default 256) of one message that
// never ends, as the endpoint speaks it:
// - `/mcp`, streamable HTTP answering in JSON: a JSON body that never closes;
// - `/mcp-sse`, streamable HTTP answering in SSE: `data:` lines without the blank line that
//   would end the event;
// - `/sse` + `/messages`, the older SSE transport: one `data:` line without end on the stream.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { onTestFinished } from 'vitest';

export interface HostileHttpServer {
  /** Streamable HTTP, answers in JSON. */
  httpUrl: string;
  /** Streamable HTTP, answers in SSE. */
  httpSseUrl: string;
  /** The older SSE transport. */
  sseUrl: string;
  /** Whether a flood was written to its end (the client went on reading all of it). */
  floodsFinished(): number;
}

interface RpcMessage {
  id?: number | string;
  method?: string;
  params?: { name?: string; protocolVersion?: string };
}

const TOOLS = ['ping', 'flood'].map((name) => ({
  name,
  description: `${name}.`,
  inputSchema: { type: 'object', properties: {} },
}));

/** The result of any method but a flood; undefined for a notification. */
function resultOf(message: RpcMessage): unknown {
  switch (message.method) {
    case 'initialize':
      return {
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'hostile-http', version: '1.0.0' },
      };
    case 'tools/list':
      return { tools: TOOLS };
    case 'tools/call':
      return { content: [{ type: 'text', text: 'pong' }] };
    default:
      return {};
  }
}

const envelope = (id: RpcMessage['id'], result: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, result });

async function readJson(request: IncomingMessage): Promise<RpcMessage> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcMessage;
}

export async function startHostileHttpServer(
  options: { floodMiB?: number } = {},
): Promise<HostileHttpServer> {
  const floodMiB = options.floodMiB ?? 256;
  let finished = 0;
  const sockets = new Set<Socket>();
  let sseStream: ServerResponse | undefined;

  /** Writes `head`, then `floodMiB` MiB of `piece`s (each repeated), as the reader takes them. */
  async function flood(response: ServerResponse, head: string, piece: Buffer): Promise<void> {
    const reader = { gone: false };
    response.once('close', () => {
      reader.gone = true;
    });
    response.write(head);
    const pieces = Math.ceil((floodMiB * 1024 * 1024) / piece.length);
    for (let i = 0; i < pieces && !reader.gone; i += 1) {
      if (!response.write(piece)) {
        await new Promise<void>((resolve) => {
          response.once('drain', resolve);
          response.once('close', resolve);
        });
      }
    }
    if (!reader.gone) finished += 1;
  }

  const jsonPiece = Buffer.alloc(1024 * 1024, 'x');
  const dataLine = Buffer.from(`data: ${'x'.repeat(1024 * 1024 - 7)}\n`);
  const floodHead = (id: RpcMessage['id']) =>
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'GET' && url.pathname === '/sse') {
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        response.write('event: endpoint\ndata: /messages\n\n');
        sseStream = response;
        return;
      }
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      const message = await readJson(request);
      const isFlood = message.method === 'tools/call' && message.params?.name === 'flood';
      if (url.pathname === '/messages') {
        response.writeHead(202).end();
        if (message.id === undefined || sseStream === undefined) return;
        if (isFlood) {
          await flood(sseStream, `event: message\ndata: ${floodHead(message.id)}`, jsonPiece);
        } else {
          sseStream.write(`event: message\ndata: ${envelope(message.id, resultOf(message))}\n\n`);
        }
        return;
      }
      if (message.id === undefined) {
        response.writeHead(202).end();
        return;
      }
      const sse = url.pathname === '/mcp-sse';
      if (isFlood) {
        if (sse) {
          response.writeHead(200, { 'Content-Type': 'text/event-stream' });
          await flood(response, 'event: message\n', dataLine);
        } else {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          await flood(response, floodHead(message.id), jsonPiece);
        }
        response.end();
        return;
      }
      const body = envelope(message.id, resultOf(message));
      if (sse) {
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        response.end(`event: message\ndata: ${body}\n\n`);
      } else {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(body);
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    httpUrl: `${base}/mcp`,
    httpSseUrl: `${base}/mcp-sse`,
    sseUrl: `${base}/sse`,
    floodsFinished: () => finished,
  };
}
