// settings.json as the Gemini CLI writes it: what the agent takes from it, and the errors a user
// gets for a mistake, at the file, line and column of the key.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAgentSettings, parseAgentSettings } from '../../src/config/settings.js';
import { EMPTY_SETTINGS } from '../../src/config/settings-types.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { tempRepo } from '../support/temp-repo.js';

const env = { GH_MCP_TOKEN: 'ghp_server_own_token', API_BASE: 'https://mcp.example.com' };

async function loadFile(text: string, options: { forbiddenValues?: string[] } = {}) {
  const dir = await tempRepo({ '.gemini/settings.json': text });
  return loadAgentSettings({ input: undefined, configDirectory: dir, env, ...options });
}

async function loadError(text: string): Promise<string> {
  try {
    await loadFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigurationError');
}

describe('settings', () => {
  it('reads MCP servers, discovery commands and tool lists, nested or flat, ignoring other keys', async () => {
    const settings = await loadFile(`{
      // Comments are allowed, as in the Gemini CLI.
      "theme": "GitHub",
      "mcpServers": {
        "github": {
          "command": "npx",
          "args": ["-y", "@modelcontextprotocol/server-github"],
          "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "$GH_MCP_TOKEN" },
          "timeout": 30000,
          "trust": true,
          "includeTools": ["get_issue"]
        },
        "docs": { "httpUrl": "https://docs.example.com/mcp", "headers": { "Authorization": "Bearer \${GH_MCP_TOKEN}" } },
        "events": { "url": "https://events.example.com/sse" }
      },
      "tools": { "discoveryCommand": "bin/tools list", "callCommand": "bin/tools call", "exclude": ["web_fetch"] },
      "coreTools": ["read_file"],
      "allowMCPServers": ["github", "docs"]
    }`);
    expect(settings.mcpServers.github).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_server_own_token' },
      timeout: 30000,
      trust: true,
      includeTools: ['get_issue'],
    });
    expect(settings.mcpServers.docs?.headers).toEqual({
      Authorization: 'Bearer ghp_server_own_token',
    });
    expect(settings.mcpServers.events).toEqual({ url: 'https://events.example.com/sse' });
    expect(settings).toMatchObject({
      discoveryCommand: 'bin/tools list',
      callCommand: 'bin/tools call',
      excludeTools: ['web_fetch'],
      coreTools: ['read_file'],
      mcpAllowed: ['github', 'docs'],
      source: '.gemini/settings.json',
      expandedValues: ['ghp_server_own_token'],
    });
  });

  it('reads the model from model.name, or from model as the older files wrote it', () => {
    const parse = (raw: unknown) => parseAgentSettings(raw, { source: 'settings', env: {} });
    expect(parse({ model: { name: ' gemini-3.7-flash ' } }).modelName).toBe('gemini-3.7-flash');
    expect(parse({ model: 'flash' }).modelName).toBe('flash');
    expect(parse({ model: { name: '' } }).modelName).toBeUndefined();
    expect(parse({ model: {} }).modelName).toBeUndefined();
  });

  it("reads the Gemini CLI's telemetry object, leaving keys it does not use", () => {
    const parse = (raw: unknown) => parseAgentSettings(raw, { source: 'settings', env: {} });
    expect(
      parse({
        telemetry: {
          enabled: true,
          target: 'local',
          otlpEndpoint: 'http://collector:4318',
          otlpProtocol: 'http',
          logPrompts: false,
          outfile: 'otel.jsonl',
          traces: true,
        },
      }).telemetry,
    ).toEqual({
      enabled: true,
      target: 'local',
      otlpEndpoint: 'http://collector:4318',
      otlpProtocol: 'http',
      logPrompts: false,
      outfile: 'otel.jsonl',
    });
    expect(parse({}).telemetry).toBeUndefined();
  });

  it('without an input or a settings file there are no extension tools', async () => {
    const dir = await tempRepo({});
    expect(await loadAgentSettings({ input: undefined, configDirectory: dir, env })).toEqual(
      EMPTY_SETTINGS,
    );
  });

  it('takes the settings input as JSON, or as a path in the repository', async () => {
    const dir = await tempRepo({ 'ci/agent.json': '{"tools": {"exclude": ["glob"]}}' });
    const inline = await loadAgentSettings({
      input: { kind: 'inline', settings: { mcpServers: { a: { command: 'srv' } } } },
      configDirectory: dir,
      env,
    });
    expect(inline.mcpServers).toEqual({ a: { command: 'srv' } });
    const file = await loadAgentSettings({
      input: { kind: 'file', path: 'ci/agent.json' },
      configDirectory: dir,
      env,
    });
    expect(file.excludeTools).toEqual(['glob']);
    await expect(
      loadAgentSettings({
        input: { kind: 'file', path: 'ci/none.json' },
        configDirectory: dir,
        env,
      }),
    ).rejects.toThrow('settings: expected the settings file "ci/none.json" to exist');
  });

  it.each([
    [
      'no transport',
      '{\n  "mcpServers": {\n    "github": { "args": [] }\n  }\n}',
      '.gemini/settings.json:3:5: mcpServers.github: expected exactly one of "command", "url" or "httpUrl"; got none.',
    ],
    [
      'two transports',
      '{\n  "mcpServers": {\n    "x": { "command": "a", "httpUrl": "https://b" }\n  }\n}',
      'mcpServers.x: expected exactly one of "command", "url" or "httpUrl"; got "command" and "httpUrl".',
    ],
    [
      'a timeout as text',
      '{\n  "mcpServers": {\n    "x": {\n      "command": "a",\n      "timeout": "30s"\n    }\n  }\n}',
      '.gemini/settings.json:5:7: mcpServers.x.timeout: expected a number of milliseconds',
    ],
    [
      'args that are not a list',
      '{"mcpServers": {"x": {"command": "a", "args": "-y"}}}',
      '.gemini/settings.json:1:39: mcpServers.x.args: expected a list of strings',
    ],
    [
      'a URL without a scheme',
      '{"mcpServers": {"x": {"url": "localhost:3000/sse"}}}',
      'mcpServers.x.url: expected an http:// or https:// URL; got "localhost:3000/sse".',
    ],
    [
      'a server name with spaces',
      '{"mcpServers": {"my server": {"command": "a"}}}',
      'mcpServers.my server: expected a server name of letters, digits',
    ],
    [
      'JSON that does not parse',
      '{\n  "mcpServers": {,\n}',
      '.gemini/settings.json:2:18: expected valid JSON',
    ],
    ['not an object', '[1, 2]', 'expected a JSON object of settings'],
  ])('refuses %s with the place and what was expected', async (_name, text, expected) => {
    expect(await loadError(text)).toContain(expected);
  });

  it('expands $VAR only from the workflow environment, never the Action’s inputs or its own token', () => {
    const parse = (value: string, extra: Partial<Parameters<typeof parseAgentSettings>[1]> = {}) =>
      parseAgentSettings(
        { mcpServers: { s: { command: 'srv', env: { TOKEN: value } } } },
        {
          source: 'settings',
          env: { ...env, INPUT_GITHUB_TOKEN: 'x', GITHUB_TOKEN: 'ghs_job' },
          ...extra,
        },
      );
    expect(parse('$GH_MCP_TOKEN').mcpServers.s?.env).toEqual({ TOKEN: 'ghp_server_own_token' });
    expect(() => parse('$INPUT_GITHUB_TOKEN')).toThrow(
      'settings: mcpServers.s.env.TOKEN: $INPUT_GITHUB_TOKEN cannot be expanded: it holds an input of the Action',
    );
    expect(() => parse('$MISSING')).toThrow('$MISSING is not set in the environment');
    expect(() => parse('${GITHUB_TOKEN}', { forbiddenValues: ['ghs_job'] })).toThrow(
      '$GITHUB_TOKEN cannot be expanded: it holds the GitHub token',
    );
  });

  it('a settings file in a folder that is not readable names the input', async () => {
    const dir = await tempRepo({});
    await mkdir(path.join(dir, 'ci'));
    await writeFile(path.join(dir, 'ci', 'x'), '');
    await expect(
      loadAgentSettings({
        input: { kind: 'file', path: 'ci/x/y.json' },
        configDirectory: dir,
        env,
      }),
    ).rejects.toThrow('settings:');
  });
});
