// MCP servers reached over HTTP: a local streamable-HTTP server (`httpUrl`, or `url` with
// `type: "http"`) and an SSE one (`url`), with the configured headers on every request.
import { describe, expect, it } from 'vitest';
import { callsReply, textReply } from '../../support/fake-gemini.js';
import { TINY_PNG, startMcpHttpServer } from '../../support/mcp-http-server.js';
import { connectForTest, lastParts, runMcpSession } from '../../support/mcp-session.js';

const headers = { Authorization: 'Bearer test-token', 'X-Team': 'agents' };

describe('MCP over HTTP', () => {
  it('discovers and calls a streamable-HTTP server, sending the configured headers', async () => {
    const http = await startMcpHttpServer({ requiredHeaders: headers });
    const mcp = await connectForTest({ remote: { httpUrl: http.httpUrl, headers } });

    expect(mcp.servers).toEqual([
      {
        name: 'remote',
        transport: 'http',
        state: 'connected',
        tools: ['lookup'],
        skippedTools: [],
      },
    ]);
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'l', name: 'lookup', args: { term: 'zebra' } }]),
      textReply('Done.'),
    ]);

    expect(lastParts(run.bodies[1])).toEqual([
      {
        functionResponse: {
          id: 'l',
          name: 'lookup',
          response: { output: 'Tool execution succeeded.' },
        },
      },
      { text: 'Found zebra.' },
      { text: 'Resource Link: Term one at https://example.test/terms/1' },
      {
        text: "[Tool 'lookup' provided the following embedded resource with mime-type: image/png]",
      },
      { inlineData: { mimeType: 'image/png', data: TINY_PNG } },
      { text: "[Tool 'lookup' provided the following audio data with mime-type: audio/wav]" },
      { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } },
    ]);
    expect(run.calls.get('l')).toMatchObject({
      server_name: 'remote',
      output: {
        text: 'Found zebra.\n[Link to Term one: https://example.test/terms/1]\n[Embedded Resource: image/png]\n[Audio: audio/wav]',
      },
    });
    const posts = http.requests.filter((request) => request.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const request of posts) {
      expect(request.headers['authorization']).toBe('Bearer test-token');
      expect(request.headers['x-team']).toBe('agents');
    }
  });

  it('uses streamable HTTP for `url` with type "http"', async () => {
    const http = await startMcpHttpServer({});
    const mcp = await connectForTest({ remote: { url: http.httpUrl, type: 'http' } });
    expect(mcp.servers[0]).toMatchObject({ transport: 'http', state: 'connected' });
    expect(http.requests.every((request) => request.path === '/mcp')).toBe(true);
  });

  it('speaks SSE for `url`, with the headers on the stream and on the messages', async () => {
    const http = await startMcpHttpServer({ requiredHeaders: headers });
    const mcp = await connectForTest({ legacy: { url: http.sseUrl, headers } });

    expect(mcp.servers[0]).toMatchObject({
      transport: 'sse',
      state: 'connected',
      tools: ['lookup'],
    });
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'l', name: 'lookup', args: { term: 'owl' } }]),
      textReply('Done.'),
    ]);
    expect(lastParts(run.bodies[1])[1]).toEqual({ text: 'Found owl.' });
    expect(new Set(http.requests.map((request) => request.path))).toEqual(
      new Set(['/sse', '/messages']),
    );
  });

  it('a server refusing the credentials is logged with the HTTP status and left out', async () => {
    const http = await startMcpHttpServer({ requiredHeaders: headers });
    const mcp = await connectForTest({ remote: { httpUrl: http.httpUrl } });

    expect(mcp.tools).toEqual([]);
    expect(mcp.servers[0]).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('401') as unknown,
    });
    expect(mcp.log.lines).toContainEqual({
      level: 'warning',
      message: expect.stringMatching(
        /^MCP server 'remote' \(http\) is not used: .*401.*The run goes on without its tools\.$/s,
      ) as unknown,
    });
  });

  it('a server nobody listens for is logged and left out', async () => {
    const http = await startMcpHttpServer({});
    await http.close();
    const mcp = await connectForTest({ gone: { httpUrl: http.httpUrl } });
    expect(mcp.servers[0]).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('ECONNREFUSED') as unknown,
    });
  });
});
