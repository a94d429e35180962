// One MCP tool as the session uses it, over a fake server connection.
import { describe, expect, it } from 'vitest';
import type { McpCallResult } from '../../../src/tools/mcp/mcp-parts.js';
import type { McpToolCaller } from '../../../src/tools/mcp/mcp-tool.js';
import { DEFAULT_MCP_TIMEOUT_MS, McpTool } from '../../../src/tools/mcp/mcp-tool.js';
import { isBuildError } from '../../../src/tools/tool-types.js';
import type { ToolInvocation } from '../../../src/tools/tool-types.js';

function fakeCaller(
  answer: (name: string, args: Record<string, unknown>) => Promise<McpCallResult>,
) {
  const calls: { name: string; args: Record<string, unknown>; timeoutMs: number }[] = [];
  const caller: McpToolCaller = {
    callTool: (request, options) => {
      calls.push({ name: request.name, args: request.arguments, timeoutMs: options.timeoutMs });
      return answer(request.name, request.arguments);
    },
  };
  return { caller, calls };
}

function tool(
  caller: McpToolCaller,
  extra: Partial<ConstructorParameters<typeof McpTool>[0]> = {},
) {
  return new McpTool({
    name: 'gh__search',
    serverName: 'gh',
    serverToolName: 'search',
    description: 'Searches issues.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    caller,
    ...extra,
  });
}

function built(t: McpTool, args: unknown): ToolInvocation<Record<string, unknown>> {
  const invocation = t.build(args);
  if (isBuildError(invocation)) throw new Error(invocation.error);
  return invocation;
}

const signal = new AbortController().signal;

describe('McpTool', () => {
  it('declares the server’s schema under the offered name and names the server', () => {
    const t = tool(fakeCaller(() => Promise.resolve({ content: [] })).caller);
    expect(t.declaration()).toEqual({
      name: 'gh__search',
      description: 'Searches issues.',
      parametersJsonSchema: { type: 'object', properties: { query: { type: 'string' } } },
    });
    expect(t).toMatchObject({
      serverName: 'gh',
      displayName: 'search (gh MCP Server)',
      kind: 'other',
    });
  });

  it('asks for confirmation with mcp details, answered by the policy', async () => {
    const t = tool(fakeCaller(() => Promise.resolve({ content: [] })).caller);
    await expect(built(t, { query: 'bug' }).confirmationDetails(signal)).resolves.toEqual({
      type: 'mcp',
      title: 'Confirm MCP Tool Execution',
      serverName: 'gh',
      toolName: 'search',
      toolDisplayName: 'gh__search',
    });
  });

  it('describes a call with the server, the tool and its arguments', () => {
    const t = tool(fakeCaller(() => Promise.resolve({ content: [] })).caller);
    expect(built(t, { query: 'bug', limit: 5 }).describe()).toBe(
      'gh: search(query: "bug", limit: 5)',
    );
    expect(built(t, { query: 'x'.repeat(300) }).describe()).toMatch(/^gh: search\(query: "x+…\)$/);
  });

  it('refuses arguments that are not an object, and treats absent ones as none', () => {
    const t = tool(fakeCaller(() => Promise.resolve({ content: [] })).caller);
    expect(t.build(['a'])).toEqual({
      error: 'Invalid parameters for gh__search: expected an object of arguments.',
      type: 'invalid_tool_params',
    });
    expect(t.build('text')).toMatchObject({ type: 'invalid_tool_params' });
    expect(built(t, undefined).params).toEqual({});
  });

  it('calls the server’s own tool name with the arguments and its timeout', async () => {
    const { caller, calls } = fakeCaller(() =>
      Promise.resolve({ content: [{ type: 'text', text: '3 issues' }] }),
    );
    const result = await built(tool(caller, { timeoutMs: 1234 }), { query: 'bug' }).execute(signal);
    expect(calls).toEqual([{ name: 'search', args: { query: 'bug' }, timeoutMs: 1234 }]);
    expect(result).toEqual({ llmContent: [{ text: '3 issues' }], returnDisplay: '3 issues' });
  });

  it('uses ten minutes when the server sets no timeout', async () => {
    const { caller, calls } = fakeCaller(() => Promise.resolve({ content: [] }));
    await built(tool(caller), {}).execute(signal);
    expect(calls[0]?.timeoutMs).toBe(DEFAULT_MCP_TIMEOUT_MS);
    expect(DEFAULT_MCP_TIMEOUT_MS).toBe(600_000);
  });

  it('turns an isError result into an mcp_tool_error showing the server’s words', async () => {
    const { caller } = fakeCaller(() =>
      Promise.resolve({ content: [{ type: 'text', text: 'rate limited' }], isError: true }),
    );
    const result = await built(tool(caller), { query: 'bug' }).execute(signal);
    expect(result.error?.type).toBe('mcp_tool_error');
    expect(result.error?.message).toMatch(
      /^MCP tool 'search' reported tool error for function call: /,
    );
    expect(result.llmContent).toBe(result.error?.message);
    expect(result.returnDisplay).toBe("Error: MCP tool 'search' reported an error.\nrate limited");
  });

  it('turns a failed call into an mcp_tool_error naming tool and server', async () => {
    const { caller } = fakeCaller(() =>
      Promise.reject(new Error('the server closed the connection.')),
    );
    const result = await built(tool(caller), {}).execute(signal);
    const message = "MCP tool 'search' (server 'gh') failed: the server closed the connection.";
    expect(result).toEqual({
      llmContent: message,
      returnDisplay: message,
      error: { message, type: 'mcp_tool_error' },
    });
  });

  it('keeps the server’s annotations for policy rules', () => {
    const t = tool(fakeCaller(() => Promise.resolve({ content: [] })).caller, {
      annotations: { readOnlyHint: true },
    });
    expect(t.annotations).toEqual({ readOnlyHint: true });
    expect(t.kind).toBe('other');
  });
});
