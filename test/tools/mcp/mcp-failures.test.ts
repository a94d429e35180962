// What users get when MCP servers misbehave: a server that crashes mid-call, a call that never
// answers, a command that does not exist, a server that exits before the handshake, an error the
// server reports, a tool whose schema lacks types. Each is a clear log line or tool error; the
// session and the run go on.
import { describe, expect, it } from 'vitest';
import { isProcessRunning } from '../../../src/platform/process-group.js';
import { isBuildError } from '../../../src/tools/tool-types.js';
import { callsReply, textReply } from '../../support/fake-gemini.js';
import { connectForTest, lastParts, runMcpSession, testServer } from '../../support/mcp-session.js';

function responseOf(parts: ReturnType<typeof lastParts>, index: number): unknown {
  return parts[index]?.functionResponse?.response;
}

describe('MCP servers that fail', () => {
  it('a cancelled call returns at once and leaves the server usable', async () => {
    const mcp = await connectForTest({ srv: testServer() });
    const hang = mcp.tools.find((tool) => tool.name === 'hang');
    const ping = mcp.tools.find((tool) => tool.name === 'ping');
    const hangCall = hang?.build({});
    const pingCall = ping?.build({});
    if (!hangCall || isBuildError(hangCall) || !pingCall || isBuildError(pingCall)) {
      throw new Error('the test server lacks its tools');
    }
    const controller = new AbortController();
    const pending = hangCall.execute(controller.signal);
    controller.abort(new Error('the session was cancelled'));

    await expect(pending).resolves.toMatchObject({
      error: {
        type: 'mcp_tool_error',
        message:
          "MCP tool 'hang' (server 'srv') failed: the request was cancelled (the session was cancelled).",
      },
    });
    await expect(pingCall.execute(new AbortController().signal)).resolves.toMatchObject({
      llmContent: [{ text: 'pong' }],
    });
  });

  it('a server crashing mid-call gives tool errors, and the session goes on', async () => {
    const mcp = await connectForTest({ crashy: testServer() });
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'c', name: 'crash', args: {} }]),
      callsReply([{ id: 'p', name: 'ping', args: {} }]),
      textReply('The server is gone.'),
    ]);

    expect(run.result.reason).toBe('completed');
    expect(run.bodies).toHaveLength(3);
    expect(responseOf(lastParts(run.bodies[1]), 0)).toEqual({
      error:
        "MCP tool 'crash' (server 'crashy') failed: the server closed the connection (its process exited with code 1).",
    });
    expect(responseOf(lastParts(run.bodies[2]), 0)).toEqual({
      error:
        "MCP tool 'ping' (server 'crashy') failed: the server is no longer connected (its process exited with code 1).",
    });
    expect(run.calls.get('c')).toMatchObject({
      status: 'FAILED',
      error: { type: 'mcp_tool_error' },
    });
    expect(mcp.log.lines).toContainEqual({
      level: 'debug',
      message: "[MCP server 'crashy' stderr] crashing on purpose",
    });
    expect(mcp.log.lines).toContainEqual({
      level: 'warning',
      message:
        "MCP server 'crashy' closed the connection (its process exited with code 1); calls of its tools fail from now on.\nThe last lines it wrote to stderr:\n  test server starting (serve)\n  crashing on purpose",
    });
  });

  it('a call that does not answer within the server’s timeout fails, and the next call works', async () => {
    const mcp = await connectForTest({ slow: testServer(undefined, { timeout: 300 }) });
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'h', name: 'hang', args: {} }]),
      callsReply([{ id: 'p', name: 'ping', args: {} }]),
      textReply('Done.'),
    ]);

    expect(run.result.reason).toBe('completed');
    expect(responseOf(lastParts(run.bodies[1]), 0)).toEqual({
      error:
        "MCP tool 'hang' (server 'slow') failed: it did not answer within 0.3 s (the server's \"timeout\" setting); the request was cancelled.",
    });
    expect(responseOf(lastParts(run.bodies[2]), 0)).toEqual({ output: 'pong' });
  });

  it('a command that does not exist is logged and left out; the other servers are used', async () => {
    const mcp = await connectForTest({
      missing: { command: 'no-such-mcp-server-command' },
      working: testServer(),
    });

    expect(mcp.servers[0]).toEqual({
      name: 'missing',
      transport: 'stdio',
      state: 'failed',
      reason: 'the command "no-such-mcp-server-command" was not found (check "command" and PATH)',
      tools: [],
      skippedTools: [],
    });
    expect(mcp.servers[1]).toMatchObject({ name: 'working', state: 'connected' });
    expect(mcp.tools.every((tool) => tool.serverName === 'working')).toBe(true);
    expect(mcp.tools.map((tool) => tool.name)).toContain('ping');
    expect(mcp.log.lines).toContainEqual({
      level: 'warning',
      message:
        'MCP server \'missing\' (stdio) is not used: the command "no-such-mcp-server-command" was not found (check "command" and PATH). The run goes on without its tools.',
    });
  });

  it('a server printing other text on stdout still works; the text is skipped', async () => {
    const mcp = await connectForTest({ noisy: testServer('noisy') });
    expect(mcp.servers[0]).toMatchObject({ state: 'connected' });
    expect(mcp.log.lines).toContainEqual({
      level: 'debug',
      message: expect.stringMatching(
        /^MCP server 'noisy': The server wrote a line that is not JSON-RPC: /,
      ) as unknown,
    });
  });

  it('a server exiting before the handshake is reported with its exit code and stderr', async () => {
    const mcp = await connectForTest({ broken: testServer('exit-at-start') });

    expect(mcp.tools).toEqual([]);
    expect(mcp.servers[0]).toMatchObject({
      state: 'failed',
      reason: 'the server closed the connection (its process exited with code 3)',
    });
    expect(mcp.log.lines).toContainEqual({
      level: 'warning',
      message:
        "MCP server 'broken' (stdio) is not used: the server closed the connection (its process exited with code 3). The run goes on without its tools.\nThe last lines it wrote to stderr:\n  test server starting (exit-at-start)\n  fatal: missing configuration",
    });
  });

  it('a server that does not answer the handshake in time is left out', async () => {
    // `node -e` with a timer: a process that runs but never speaks MCP.
    const mcp = await connectForTest(
      { silent: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] } },
      { connectTimeoutMs: 300 },
    );
    expect(mcp.servers[0]).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^it did not answer within 0\.3 s/) as unknown,
    });
  });

  it('an error the server reports reaches the model as an mcp_tool_error in the Gemini CLI’s words', async () => {
    const mcp = await connectForTest({ srv: testServer() });
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'f', name: 'fail', args: { why: 'no access' } }]),
      textReply('It failed.'),
    ]);

    const result = {
      content: [{ type: 'text', text: 'cannot do that: no access' }],
      isError: true,
    };
    const message = `MCP tool 'fail' reported tool error for function call: ${JSON.stringify({
      name: 'fail',
      args: { why: 'no access' },
    })} with response: ${JSON.stringify([
      { functionResponse: { name: 'fail', response: { error: result } } },
    ])}`;
    expect(lastParts(run.bodies[1])).toEqual([
      { functionResponse: { id: 'f', name: 'fail', response: { error: message } } },
    ]);
    expect(run.calls.get('f')).toMatchObject({
      status: 'FAILED',
      error: { type: 'mcp_tool_error', message },
    });
  });

  it('skips a tool whose schema lacks types, saying which server and tool', async () => {
    const mcp = await connectForTest({ srv: testServer() });

    expect(mcp.tools.map((tool) => tool.name)).not.toContain('untyped');
    expect(mcp.servers[0]?.skippedTools).toEqual([
      { name: 'untyped', reason: 'its parameter schema lacks types' },
    ]);
    expect(mcp.log.lines).toContainEqual({
      level: 'warning',
      message:
        "Skipping tool 'untyped' from MCP server 'srv' because it has missing types in its parameter schema. Please file an issue with the owner of the MCP server.",
    });
  });

  it('stops the server and what it started when closed; closing twice is harmless', async () => {
    const mcp = await connectForTest({ srv: testServer() });
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 's', name: 'spawn_child', args: {} }]),
      textReply('Started.'),
    ]);
    const childPid = Number(lastParts(run.bodies[1])[0]?.functionResponse?.response?.['output']);
    expect(Number.isInteger(childPid)).toBe(true);
    expect(await isProcessRunning(childPid)).toBe(true);

    await mcp.close();
    await mcp.close();

    expect(await isProcessRunning(childPid)).toBe(false);
  });
});

describe('which servers and tools are used', () => {
  it('starts only servers mcp.allowed names and never those mcp.excluded names', async () => {
    const mcp = await connectForTest(
      { a: testServer(), b: testServer(), c: testServer() },
      { allowed: ['a', 'b'], excluded: ['b'] },
    );

    expect(mcp.servers.map((server) => [server.name, server.state, server.reason])).toEqual([
      ['a', 'connected', undefined],
      ['b', 'disabled', 'it is listed in mcp.excluded'],
      ['c', 'disabled', 'it is not listed in mcp.allowed'],
    ]);
    expect(new Set(mcp.tools.map((tool) => tool.serverName))).toEqual(new Set(['a']));
  });

  it('offers only includeTools (name(args) entries too), minus excludeTools', async () => {
    const mcp = await connectForTest({
      srv: testServer(undefined, {
        includeTools: ['ping(anything)', 'fail', 'env'],
        excludeTools: ['fail'],
      }),
    });
    expect(mcp.tools.map((tool) => tool.name)).toEqual(['ping', 'env']);
  });

  it('stops a server none of whose tools is offered', async () => {
    const mcp = await connectForTest({ srv: testServer(undefined, { includeTools: ['nothing'] }) });
    expect(mcp.servers[0]).toMatchObject({ state: 'connected', tools: [] });
    expect(mcp.log.lines).toContainEqual({
      level: 'info',
      message: "MCP server 'srv' (stdio) connected but offers no usable tools; it was stopped.",
    });
  });

  it('qualifies names that clash with built-ins or another server’s tools, and calls the right server', async () => {
    const mcp = await connectForTest(
      { one: testServer(), two: testServer(undefined, { includeTools: ['ping', 'fail'] }) },
      { reservedNames: new Set(['env']) },
    );

    expect(mcp.tools.map((tool) => [tool.name, tool.serverName])).toEqual([
      ['one__ping', 'one'],
      ['one__env', 'one'],
      ['crash', 'one'],
      ['hang', 'one'],
      ['one__fail', 'one'],
      ['spawn_child', 'one'],
      ['two__ping', 'two'],
      ['two__fail', 'two'],
    ]);
    expect(mcp.servers.map((server) => server.tools)).toEqual([
      ['one__ping', 'one__env', 'crash', 'hang', 'one__fail', 'spawn_child'],
      ['two__ping', 'two__fail'],
    ]);
    expect(mcp.log.lines).toContainEqual({
      level: 'info',
      message:
        "MCP tool 'env' of server 'one' is offered as 'one__env': another tool has its name.",
    });

    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'f', name: 'two__fail', args: { why: 'x' } }]),
      textReply('Done.'),
    ]);
    expect(run.calls.get('f')).toMatchObject({ server_name: 'two', status: 'FAILED' });
  });
});
