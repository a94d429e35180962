// The reference MCP server from npm (@modelcontextprotocol/server-everything) started over stdio,
// its tools discovered and called through a scripted session with the real genai client: the
// functionResponse parts the model is sent are checked on the wire.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ToolProcesses } from '../../../src/tools/tool-processes.js';
import { callsReply, textReply } from '../../support/fake-gemini.js';
import {
  connectForTest,
  declaredNames,
  everythingServer,
  lastParts,
  runMcpSession,
  tempWorkspace,
  testProcesses,
  testServer,
} from '../../support/mcp-session.js';

describe('server-everything over stdio', () => {
  it('discovers its tools under their own names, with the server named', async () => {
    const mcp = await connectForTest({ everything: everythingServer() });

    expect(mcp.servers).toEqual([
      expect.objectContaining({ name: 'everything', transport: 'stdio', state: 'connected' }),
    ]);
    const names = mcp.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-env']));
    expect(mcp.servers[0]?.tools).toEqual(names);
    const echo = mcp.tools.find((tool) => tool.name === 'echo');
    expect(echo?.serverName).toBe('everything');
    expect(echo?.declaration()).toEqual({
      name: 'echo',
      description: 'Echoes back the input string',
      parametersJsonSchema: expect.objectContaining({
        type: 'object',
        properties: { message: expect.objectContaining({ type: 'string' }) as unknown },
        required: ['message'],
      }) as unknown,
    });
    expect(mcp.log.lines).toContainEqual({
      level: 'info',
      message: expect.stringMatching(
        /^MCP server 'everything' \(stdio\) connected: \d+ tools \(echo, /,
      ) as unknown,
    });
  });

  it('calls text, number and image tools in a session and sends the model the parts', async () => {
    const mcp = await connectForTest({ everything: everythingServer() });
    const run = await runMcpSession(mcp.tools, [
      callsReply([
        { id: 'e', name: 'echo', args: { message: 'hello from the model' } },
        { id: 's', name: 'get-sum', args: { a: 2, b: 3 } },
        { id: 'i', name: 'get-tiny-image', args: {} },
      ]),
      textReply('Done.'),
    ]);

    expect(run.result.reason).toBe('completed');
    expect(declaredNames(run.bodies[0])).toEqual(mcp.tools.map((tool) => tool.name));
    const parts = lastParts(run.bodies[1]);
    expect(parts.slice(0, 3)).toEqual([
      {
        functionResponse: {
          id: 'e',
          name: 'echo',
          response: { output: 'Echo: hello from the model' },
        },
      },
      {
        functionResponse: {
          id: 's',
          name: 'get-sum',
          response: { output: 'The sum of 2 and 3 is 5.' },
        },
      },
      {
        functionResponse: {
          id: 'i',
          name: 'get-tiny-image',
          response: { output: 'Tool execution succeeded.' },
        },
      },
    ]);
    expect(parts.slice(3)).toEqual([
      { text: "Here's the image you requested:" },
      {
        text: "[Tool 'get-tiny-image' provided the following image data with mime-type: image/png]",
      },
      {
        inlineData: {
          mimeType: 'image/png',
          data: expect.stringMatching(/^iVBORw0KGgo/) as unknown,
        },
      },
      { text: 'The image above is the MCP logo.' },
    ]);
    expect(run.calls.get('i')).toMatchObject({
      status: 'SUCCEEDED',
      server_name: 'everything',
      output: {
        text: "Here's the image you requested:\n[Image: image/png]\nThe image above is the MCP logo.",
      },
    });
    expect(run.calls.get('e')?.description).toBe(
      'everything: echo(message: "hello from the model")',
    );
  });

  it('turns resource links and embedded resources into text the model reads', async () => {
    const mcp = await connectForTest({ everything: everythingServer() });
    const run = await runMcpSession(mcp.tools, [
      callsReply([
        { id: 'l', name: 'get-resource-links', args: { count: 2 } },
        { id: 'r', name: 'get-resource-reference', args: { resourceType: 'Text', resourceId: 2 } },
      ]),
      textReply('Done.'),
    ]);

    const parts = lastParts(run.bodies[1]);
    const texts = parts.map((part) => part.text ?? part.functionResponse?.response?.['output']);
    expect(texts).toEqual([
      'Tool execution succeeded.',
      'Here are 2 resource links to resources available in this server:',
      expect.stringMatching(
        /^Resource Link: Blob Resource 1 at demo:\/\/resource\/dynamic\/blob\/1$/,
      ) as unknown,
      expect.stringMatching(
        /^Resource Link: Text Resource 2 at demo:\/\/resource\/dynamic\/text\/2$/,
      ) as unknown,
      'Tool execution succeeded.',
      'Returning resource reference for Resource 2:',
      expect.stringContaining('Resource 2') as unknown,
      expect.stringContaining('You can access this resource using the URI:') as unknown,
    ]);
  });

  it('starts the server with the scrubbed environment plus its own env, nothing of the parent', async () => {
    vi.stubEnv('MCP_TEST_PARENT_ONLY', 'parent-only-value');
    const processes = await testProcesses({
      PATH: process.env['PATH'],
      GITHUB_TOKEN: 'ghs_parentsecret0123456789',
      GEMINI_API_KEY: 'model-key-0123456789',
      INPUT_GITHUB_TOKEN: 'ghs_inputsecret0123456789',
      LANG: 'C.UTF-8',
    });
    const mcp = await connectForTest(
      { everything: everythingServer({ env: { SERVER_API_TOKEN: 'server-own-secret' } }) },
      { processes },
    );
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'env', name: 'get-env', args: {} }]),
      textReply('Done.'),
    ]);

    const output = lastParts(run.bodies[1])[0]?.functionResponse?.response?.['output'];
    const env = JSON.parse(String(output)) as Record<string, string>;
    expect(env).toEqual(processes.environment({ SERVER_API_TOKEN: 'server-own-secret' }));
    expect(env['SERVER_API_TOKEN']).toBe('server-own-secret');
    expect(env).not.toHaveProperty('GITHUB_TOKEN');
    expect(env).not.toHaveProperty('GEMINI_API_KEY');
    expect(env).not.toHaveProperty('INPUT_GITHUB_TOKEN');
    expect(env).not.toHaveProperty('MCP_TEST_PARENT_ONLY');
    vi.unstubAllEnvs();
  });

  it('tells the server the workspace through roots', async () => {
    const processes = await testProcesses();
    const mcp = await connectForTest({ everything: everythingServer() }, { processes });
    const roots = mcp.tools.find((tool) => tool.name === 'get-roots-list');
    expect(roots).toBeDefined();
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'r', name: 'get-roots-list', args: {} }]),
      textReply('Done.'),
    ]);
    const output = JSON.stringify(lastParts(run.bodies[1]));
    expect(output).toContain(`file://${processes.workspaceRoot}`);
  });
});

describe('when the workspace holds code the configuration did not come from', () => {
  it('starts the server in the private folder, with no PATH entry of the workspace, and tells it no roots', async () => {
    const workspace = await tempWorkspace();
    const directory = await tempWorkspace();
    const processes = new ToolProcesses({
      workspaceRoot: workspace,
      parentEnv: { PATH: `${workspace}/node_modules/.bin:${process.env['PATH'] ?? ''}` },
      configuredLaunch: { directory },
    });
    onTestFinished(() => processes.close());
    // A cwd in the workspace is not honoured either, whatever decided before.
    const mcp = await connectForTest(
      { everything: everythingServer({ cwd: '.' }), test: testServer() },
      { processes },
    );
    const run = await runMcpSession(mcp.tools, [
      callsReply([
        { id: 'r', name: 'get-roots-list', args: {} },
        { id: 'e', name: 'env', args: {} },
      ]),
      textReply('Done.'),
    ]);
    const parts = lastParts(run.bodies[1]);
    expect(JSON.stringify(parts)).not.toContain(`file://${workspace}`);
    expect(JSON.stringify(parts)).toContain('no roots are currently configured');
    const env = JSON.parse(
      String(
        parts.find((part) => part.functionResponse?.name === 'env')?.functionResponse?.response?.[
          'output'
        ],
      ),
    ) as Record<string, string>;
    expect(env['PATH']?.split(':')).not.toContain(`${workspace}/node_modules/.bin`);
    expect(env['PATH']).not.toBe('');
  });
});
