// A local MCP server over HTTP for tests, on 127.0.0.1 with a free port: streamable HTTP at
// `/mcp` (stateless, a fresh server per request) and the older SSE transport at `/sse` +
// `/messages`. Every request must carry the expected headers, or it gets 401.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { onTestFinished } from 'vitest';
import { z } from 'zod';

export interface McpHttpServer {
  /** The streamable HTTP endpoint. */
  httpUrl: string;
  /** The SSE endpoint. */
  sseUrl: string;
  /** Method, path and headers of every request, in order. */
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/** A 1×1 transparent PNG. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The server's one tool, `lookup`, answers with every kind of content block. */
function mcpServer(): McpServer {
  const server = new McpServer({ name: 'http-test-server', version: '1.0.0' });
  server.registerTool(
    'lookup',
    { description: 'Looks a term up.', inputSchema: { term: z.string() } },
    ({ term }) => ({
      content: [
        { type: 'text', text: `Found ${term}.` },
        {
          type: 'resource_link',
          uri: 'https://example.test/terms/1',
          name: 'term-1',
          title: 'Term one',
        },
        {
          type: 'resource',
          resource: { uri: 'file:///logo.png', mimeType: 'image/png', blob: TINY_PNG },
        },
        { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
      ],
    }),
  );
  return server;
}

export async function startMcpHttpServer(options: {
  requiredHeaders?: Record<string, string>;
}): Promise<McpHttpServer> {
  const requests: McpHttpServer['requests'] = [];
  // The SSE transport is deprecated in the protocol but still what `url` servers speak.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const sseSessions = new Map<string, SSEServerTransport>();
  const sockets = new Set<Socket>();

  const authorized = (req: IncomingMessage) =>
    Object.entries(options.requiredHeaders ?? {}).every(
      ([name, value]) => req.headers[name.toLowerCase()] === value,
    );

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });
    if (!authorized(req)) {
      res.writeHead(401, { 'Content-Type': 'text/plain' }).end('missing credentials');
      return;
    }
    if (url.pathname === '/mcp') {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const server = mcpServer();
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
      return;
    }
    if (url.pathname === '/sse' && req.method === 'GET') {
      // The SSE transport is deprecated in the protocol but still what `url` servers speak.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      const transport = new SSEServerTransport('/messages', res);
      sseSessions.set(transport.sessionId, transport);
      res.on('close', () => sseSessions.delete(transport.sessionId));
      await mcpServer().connect(transport);
      return;
    }
    if (url.pathname === '/messages' && req.method === 'POST') {
      const transport = sseSessions.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) {
        res.writeHead(404).end('unknown session');
        return;
      }
      await transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end('not found');
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  http.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  const server: McpHttpServer = {
    httpUrl: `${base}/mcp`,
    sseUrl: `${base}/sse`,
    requests,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        // Open SSE streams would keep the server from closing.
        for (const socket of sockets) socket.destroy();
        http.close(() => {
          resolve();
        });
      });
      return closing;
    },
  };
  onTestFinished(() => server.close());
  return server;
}
