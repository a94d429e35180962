// An MCP server cannot make the agent hold more than one message's worth of what it sends. A
// hostile server (an extension's, a compromised package's, an address anyone answers at) that
// writes hundreds of megabytes without ending its message — no newline on stdio, a JSON body
// that never closes, an SSE event without its blank line — is cut off once it passes the limit
// of one message: its calls fail saying so, the log names it and the limit, and the session goes
// on with the other servers. A result as large as a tool result may be (up to 64 MiB) still
// arrives in one line.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpServerSettings } from '../../../src/config/settings-types.js';
import {
  boundedMessageFetch,
  BoundedLineReader,
  MAX_MCP_MESSAGE_BYTES,
  McpMessageTooLarge,
} from '../../../src/tools/mcp/mcp-message-limits.js';
import { isBuildError } from '../../../src/tools/tool-types.js';
import type { Tool } from '../../../src/tools/tool-types.js';
import { callsReply, textReply } from '../../support/fake-gemini.js';
import type { HostileHttpServer } from '../../support/mcp-hostile-http-server.js';
import { startHostileHttpServer } from '../../support/mcp-hostile-http-server.js';
import {
  connectForTest,
  HOSTILE_SERVER,
  lastParts,
  runMcpSession,
  tempWorkspace,
  testServer,
} from '../../support/mcp-session.js';

const MIB = 1024 * 1024;
/** What the server writes without a newline: four times the limit. */
const FLOOD_MIB = 256;

function hostile(mode: string, args: readonly string[] = []): McpServerSettings {
  return { command: process.execPath, args: [HOSTILE_SERVER, mode, ...args] };
}

const TOO_LARGE = `it sent a message of more than ${MAX_MCP_MESSAGE_BYTES} bytes, the most one MCP message may hold`;
const STOPPED = `${TOO_LARGE}, so it was stopped`;

/** The largest memory this process holds outside the JavaScript heap and in it, while `run` runs. */
async function peakMemory<T>(run: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const held = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const before = held();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, held());
  }, 5);
  try {
    const value = await run();
    return { value, growth: Math.max(peak, held()) - before };
  } finally {
    clearInterval(timer);
  }
}

function toolNamed(tools: readonly Tool[], name: string): Tool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
}

describe('a stdio MCP server writing without end', () => {
  it(`${FLOOD_MIB} MiB without a newline: the call fails naming the limit, the server is stopped before it wrote it all, the agent holds at most one message, and the session goes on`, async () => {
    const marker = path.join(await tempWorkspace(), 'wrote-everything');
    const mcp = await connectForTest({
      flood: hostile('endless', [String(FLOOD_MIB), marker]),
      calm: testServer(),
    });
    const names = mcp.tools.map((tool) => tool.name);
    const floodPing = names.includes('flood__ping') ? 'flood__ping' : 'ping';
    const calmEnv = 'env';

    const { value: run, growth } = await peakMemory(() =>
      runMcpSession(mcp.tools, [
        callsReply([{ id: 'e', name: 'endless', args: {} }]),
        callsReply([
          { id: 'p', name: floodPing, args: {} },
          { id: 'c', name: calmEnv, args: {} },
        ]),
        textReply('The flood server is gone; the other one answers.'),
      ]),
    );

    expect(run.result.reason).toBe('completed');
    expect(lastParts(run.bodies[1])[0]?.functionResponse?.response).toEqual({
      error: `MCP tool 'endless' (server 'flood') failed: the server closed the connection (${STOPPED}).`,
    });
    const [ping, env] = lastParts(run.bodies[2]);
    expect(ping?.functionResponse?.response).toEqual({
      error: `MCP tool 'ping' (server 'flood') failed: the server is no longer connected (${STOPPED}).`,
    });
    expect(JSON.stringify(env?.functionResponse?.response)).toContain('PATH');
    expect(mcp.log.lines).toContainEqual({
      level: 'warning',
      message: expect.stringContaining(
        `MCP server 'flood' closed the connection (${STOPPED}); calls of its tools fail from now on.`,
      ) as unknown,
    });
    // Stopped at the limit: it never got to write everything, and the agent never held it.
    expect(existsSync(marker)).toBe(false);
    expect(growth).toBeLessThan(MAX_MCP_MESSAGE_BYTES + 64 * MIB);
  }, 60_000);

  it('at start-up: the server is left out with the limit in the reason, and the others are offered', async () => {
    const mcp = await connectForTest({
      flood: hostile('endless-start', [String(FLOOD_MIB)]),
      calm: testServer(),
    });
    expect(mcp.tools.map((tool) => tool.name)).toContain('env');
    expect(mcp.tools.map((tool) => tool.name)).not.toContain('endless');
    expect(JSON.stringify(mcp.log.lines)).toContain(`MCP server 'flood'`);
    expect(JSON.stringify(mcp.log.lines)).toContain(STOPPED);
  }, 60_000);

  it('a result of 20 MiB in one line, under the limit of a result, arrives whole', async () => {
    const mcp = await connectForTest({ big: hostile('endless', ['0', '', '20']) });
    const call = toolNamed(mcp.tools, 'large').build({});
    if (isBuildError(call)) throw new Error(call.error);
    const result = await call.execute(new AbortController().signal);
    expect(result.error).toBeUndefined();
    // The model reads its first and last characters around what was left out: all of it came.
    const omitted = 20 * MIB - 40_000;
    expect(JSON.stringify(result.llmContent)).toContain(
      `[${omitted.toLocaleString('en-US')} characters omitted]`,
    );
  }, 60_000);
});

describe('an HTTP MCP server answering without end', () => {
  it.each([
    ['streamable HTTP, a JSON body that never closes', (s: HostileHttpServer) => s.httpUrl, 'http'],
    [
      'streamable HTTP, an SSE event that never ends',
      (s: HostileHttpServer) => s.httpSseUrl,
      'http',
    ],
    ['the SSE transport, an event that never ends', (s: HostileHttpServer) => s.sseUrl, 'sse'],
  ] as const)(
    '%s: the call fails naming the limit, the connection is closed, and the agent held at most one message',
    async (_name, address, kind) => {
      const server = await startHostileHttpServer({ floodMiB: FLOOD_MIB });
      const url = address(server);
      const mcp = await connectForTest({ flood: kind === 'http' ? { httpUrl: url } : { url } });
      const execute = async (name: string) => {
        const call = toolNamed(mcp.tools, name).build({});
        if (isBuildError(call)) throw new Error(call.error);
        return call.execute(new AbortController().signal);
      };

      const { value: result, growth } = await peakMemory(() => execute('flood'));

      const closed = `${TOO_LARGE}, so the connection was closed`;
      expect(result.error?.message).toBe(
        `MCP tool 'flood' (server 'flood') failed: the server closed the connection (${closed}).`,
      );
      expect((await execute('ping')).error?.message).toBe(
        `MCP tool 'ping' (server 'flood') failed: the server is no longer connected (${closed}).`,
      );
      expect(mcp.log.lines).toContainEqual({
        level: 'warning',
        message: `MCP server 'flood' closed the connection (${closed}); calls of its tools fail from now on.`,
      });
      expect(server.floodsFinished()).toBe(0);
      expect(growth).toBeLessThan(MAX_MCP_MESSAGE_BYTES + 64 * MIB);
    },
    60_000,
  );
});

describe('how a message is measured', () => {
  it('stdio: lines split anywhere, CR LF endings, and a line exactly at the limit', () => {
    const reader = new BoundedLineReader(8);
    expect(reader.append(Buffer.from('{"a"'))).toEqual([]);
    expect(reader.append(Buffer.from(':1}\r\n{"b":2}\n\n12345'))).toEqual([
      '{"a":1}',
      '{"b":2}',
      '',
    ]);
    expect(reader.append(Buffer.from('678\n'))).toEqual(['12345678']);
    expect(() => reader.append(Buffer.from('123456789'))).toThrow(McpMessageTooLarge);
    // What was held is dropped with the error.
    expect(reader.append(Buffer.from('ok\n'))).toEqual(['ok']);
  });

  async function bodyOf(type: string, chunks: string[], maxBytes: number) {
    const tooLarge: McpMessageTooLarge[] = [];
    const fetch = boundedMessageFetch(
      (error) => tooLarge.push(error),
      maxBytes,
      () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
            controller.close();
          },
        });
        return Promise.resolve(new Response(body, { headers: { 'Content-Type': type } }));
      },
    );
    const response = await fetch('http://127.0.0.1/');
    const text = await response.text().catch((error: unknown) => error);
    return { text, tooLarge };
  }

  it('SSE: each event counts on its own, whatever the line ends; one past the limit fails', async () => {
    const events = ['data: 123456\n\n', 'data: 1234', '56\r\n\r\n', 'data: 123456\r\r'];
    const fine = await bodyOf('text/event-stream', events, 12);
    expect(fine).toEqual({ text: events.join(''), tooLarge: [] });
    const endless = await bodyOf('text/event-stream', ['data: 1234\n', 'data: 5678\n'], 12);
    expect(endless.text).toBeInstanceOf(Error);
    expect(endless.tooLarge).toHaveLength(1);
  });

  it('any other body counts whole', async () => {
    expect((await bodyOf('application/json', ['{"a":', '1}'], 7)).tooLarge).toEqual([]);
    expect((await bodyOf('application/json', ['{"a":', '12}'], 7)).tooLarge).toHaveLength(1);
  });
});
