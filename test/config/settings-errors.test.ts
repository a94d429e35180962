// Mistakes in settings.json as a user meets them: the whole message, with the file, line and
// column of the offending key and what was expected there.
import { describe, expect, it } from 'vitest';
import { loadAgentSettings, parseAgentSettings } from '../../src/config/settings.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { tempRepo } from '../support/temp-repo.js';

async function messageFor(text: string): Promise<string> {
  const dir = await tempRepo({ '.gemini/settings.json': text });
  try {
    await loadAgentSettings({ input: undefined, configDirectory: dir, env: {} });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigurationError');
}

/** Settings text with one server entry on line 4, its keys from line 5 on. */
const withServer = (name: string, body: string) =>
  `{\n  "theme": "Default",\n  "mcpServers": {\n    "${name}": {\n${body}\n    }\n  }\n}`;

describe('settings errors', () => {
  it.each([
    [
      'a server without a transport',
      withServer('github', '      "args": ["stdio"]'),
      '.gemini/settings.json:4:5: mcpServers.github: expected exactly one of "command", "url" or "httpUrl"; got none.',
    ],
    [
      'a server with two transports',
      withServer(
        'github',
        '      "command": "github-mcp-server",\n      "url": "https://x.example/sse"',
      ),
      '.gemini/settings.json:4:5: mcpServers.github: expected exactly one of "command", "url" or "httpUrl"; got "command" and "url".',
    ],
    [
      'a WebSocket server',
      withServer('ws', '      "tcp": "localhost:9000"'),
      '.gemini/settings.json:4:5: mcpServers.ws: expected exactly one of "command", "url" or "httpUrl"; got only "tcp", and WebSocket servers are not supported.',
    ],
    [
      'a timeout that is not a whole number',
      withServer('x', '      "command": "srv",\n      "timeout": 1.5'),
      '.gemini/settings.json:6:7: mcpServers.x.timeout: expected a whole number of milliseconds',
    ],
    [
      'a negative timeout',
      withServer('x', '      "command": "srv",\n      "timeout": -5'),
      '.gemini/settings.json:6:7: mcpServers.x.timeout: expected a positive number of milliseconds',
    ],
    [
      'trust as text',
      withServer('x', '      "command": "srv",\n      "trust": "yes"'),
      '.gemini/settings.json:6:7: mcpServers.x.trust: expected true or false',
    ],
    [
      'an env value that is a list',
      withServer('x', '      "command": "srv",\n      "env": {\n        "TOKEN": ["a"]\n      }'),
      '.gemini/settings.json:7:9: mcpServers.x.env.TOKEN: expected a string value',
    ],
    [
      'a telemetry protocol the Gemini CLI does not know',
      '{\n  "telemetry": {\n    "enabled": true,\n    "otlpProtocol": "https"\n  }\n}',
      '.gemini/settings.json:4:5: telemetry.otlpProtocol: expected "grpc" or "http"',
    ],
    [
      'telemetry enabled as text',
      '{\n  "telemetry": {\n    "enabled": "yes"\n  }\n}',
      '.gemini/settings.json:3:5: telemetry.enabled: expected true or false',
    ],
    [
      'a server entry that is not an object',
      '{\n  "mcpServers": {\n    "x": "npx server"\n  }\n}',
      '.gemini/settings.json:3:5: mcpServers.x: expected an object',
    ],
    [
      'an empty command',
      withServer('x', '      "command": ""'),
      '.gemini/settings.json:5:7: mcpServers.x.command: expected a non-empty command',
    ],
    [
      'type without url',
      withServer('x', '      "httpUrl": "https://x.example/mcp",\n      "type": "sse"'),
      '.gemini/settings.json:6:7: mcpServers.x.type: only applies to "url" (use "httpUrl" for streamable HTTP).',
    ],
    [
      'a server name with "__"',
      withServer('my__server', '      "command": "srv"'),
      '.gemini/settings.json:4:5: mcpServers.my__server: expected a server name without "__"',
    ],
    [
      'an empty server name',
      withServer('', '      "command": "srv"'),
      '.gemini/settings.json:4:5: mcpServers.: expected a non-empty server name.',
    ],
    [
      'tools that is not an object',
      '{\n  "tools": ["read_file"]\n}',
      '.gemini/settings.json:2:3: tools: expected an object',
    ],
    [
      'a discovery command that is not text',
      '{\n  "tools": {\n    "discoveryCommand": ["bin/tools", "list"]\n  }\n}',
      '.gemini/settings.json:3:5: tools.discoveryCommand: expected a command line as a string',
    ],
    [
      'a flat tool list with a number in it',
      '{\n  "excludeTools": [\n    "web_fetch",\n    7\n  ]\n}',
      '.gemini/settings.json:4:5: excludeTools[1]: expected a string',
    ],
    [
      'a model name that is not a string',
      '{\n  "model": {\n    "name": 3\n  }\n}',
      '.gemini/settings.json:3:5: model.name: expected a model name',
    ],
    [
      'a model name with a space',
      '{\n  "model": {\n    "name": "gemini 3"\n  }\n}',
      '.gemini/settings.json:3:5: model.name: expected a model name without spaces, got "gemini 3"',
    ],
    [
      'a trailing comma',
      '{\n  "mcpServers": {},\n}',
      '.gemini/settings.json:3:1: expected valid JSON',
    ],
    [
      'an unterminated object',
      '{\n  "mcpServers": {\n',
      '.gemini/settings.json:3:1: expected valid JSON',
    ],
  ])('%s', async (_name, text, expected) => {
    expect(await messageFor(text)).toMatch(
      new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });

  it('keeps comments and strings that look like them apart', async () => {
    const dir = await tempRepo({
      '.gemini/settings.json': `{
  // The docs server.
  "mcpServers": {
    /* stdio */ "docs": { "httpUrl": "https://docs.example.com/mcp//v1" }
  },
  "tools": { "exclude": ["web_fetch"] } // none of that
}`,
    });
    const settings = await loadAgentSettings({ input: undefined, configDirectory: dir, env: {} });
    expect(settings.mcpServers.docs).toEqual({ httpUrl: 'https://docs.example.com/mcp//v1' });
    expect(settings.excludeTools).toEqual(['web_fetch']);
  });

  it('names the input when the settings were given inline', () => {
    expect(() =>
      parseAgentSettings(
        { mcpServers: { a: { command: 'x', timeout: 0 } } },
        {
          source: 'settings',
          env: {},
        },
      ),
    ).toThrow('settings: mcpServers.a.timeout: expected a positive number of milliseconds');
  });

  it('a settings file that cannot be read names the input and the reason', async () => {
    const denied = Object.assign(new Error('permission denied'), { code: 'EACCES' });
    await expect(
      loadAgentSettings({
        input: { kind: 'file', path: 'ci/agent.json' },
        configDirectory: '/repo',
        env: {},
        readFile: () => Promise.reject(denied),
      }),
    ).rejects.toThrow(
      'settings: expected the settings file "ci/agent.json" to exist in the repository; it could not be read (EACCES).',
    );
    // Without the input, a missing default file means no settings, but an unreadable one is an error.
    await expect(
      loadAgentSettings({
        input: undefined,
        configDirectory: '/repo',
        env: {},
        readFile: () => Promise.reject(denied),
      }),
    ).rejects.toThrow('".gemini/settings.json" to exist in the repository; it could not be read');
  });

  it('the nested names win over the flat ones, and other keys are ignored', () => {
    const settings = parseAgentSettings(
      {
        tools: { core: ['read_file'], discoveryCommand: 'bin/list', sandbox: 'docker' },
        coreTools: ['glob'],
        toolDiscoveryCommand: 'old/list',
        toolCallCommand: 'old/call',
        mcp: { excluded: ['a'], serverCommand: 'ignored' },
        excludeMCPServers: ['b'],
        allowMCPServers: ['c'],
        ui: { theme: 'GitHub' },
        security: { auth: { selectedType: 'gemini-api-key' } },
      },
      { source: 'settings', env: {} },
    );
    expect(settings).toEqual({
      mcpServers: {},
      source: 'settings',
      expandedValues: [],
      coreTools: ['read_file'],
      discoveryCommand: 'bin/list',
      callCommand: 'old/call',
      mcpExcluded: ['a'],
      mcpAllowed: ['c'],
    });
  });
});
