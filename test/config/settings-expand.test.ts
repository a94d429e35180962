// $VAR expansion in MCP servers' env and headers: from the workflow's environment, collected for
// redaction, and never reaching the Action's own credentials or the workflow command files.
import { describe, expect, it } from 'vitest';
import { parseAgentSettings } from '../../src/config/settings.js';

const JOB_TOKEN = 'ghs_the_actions_own_token';

function parse(
  server: Record<string, unknown>,
  env: Record<string, string | undefined>,
  options: { text?: string } = {},
) {
  return parseAgentSettings(
    { mcpServers: { s: { command: 'srv', ...server } } },
    {
      source: options.text === undefined ? 'settings' : '.gemini/settings.json',
      env,
      forbiddenValues: [JOB_TOKEN, undefined],
      ...options,
    },
  );
}

describe('settings $VAR expansion', () => {
  it('expands $VAR and ${VAR} inside values, and collects each value once', () => {
    const settings = parse(
      {
        env: { TOKEN: '$MCP_TOKEN', BASE: '${API}/v1', PLAIN: 'no variables', PORT: 8080 },
        headers: { Authorization: 'Bearer ${MCP_TOKEN}', 'X-Org': '$ORG' },
      },
      { MCP_TOKEN: 'mcp-own-token', API: 'https://api.example.com', ORG: 'octo' },
    );
    expect(settings.mcpServers.s?.env).toEqual({
      TOKEN: 'mcp-own-token',
      BASE: 'https://api.example.com/v1',
      PLAIN: 'no variables',
      PORT: '8080',
    });
    expect(settings.mcpServers.s?.headers).toEqual({
      Authorization: 'Bearer mcp-own-token',
      'X-Org': 'octo',
    });
    expect(settings.expandedValues.sort()).toEqual(
      ['https://api.example.com', 'mcp-own-token', 'octo'].sort(),
    );
  });

  it('leaves other values as written, so a secret never lands on a command line', () => {
    const settings = parse(
      { args: ['-c', 'exec server --token "$TOKEN"'], cwd: '$HOME/srv' },
      { TOKEN: 'x', HOME: '/home/runner' },
    );
    expect(settings.mcpServers.s?.args).toEqual(['-c', 'exec server --token "$TOKEN"']);
    expect(settings.mcpServers.s?.cwd).toBe('$HOME/srv');
    expect(settings.expandedValues).toEqual([]);
  });

  it('refuses an unset or empty variable, saying how to set it', () => {
    expect(() => parse({ env: { TOKEN: '$MCP_TOKEN' } }, {})).toThrow(
      'settings: mcpServers.s.env.TOKEN: $MCP_TOKEN is not set in the environment; set it with env: on the step (for example MCP_TOKEN: ${{ secrets.MCP_TOKEN }}).',
    );
    expect(() => parse({ headers: { A: 'Bearer ${MCP_TOKEN}' } }, { MCP_TOKEN: '' })).toThrow(
      'settings: mcpServers.s.headers.A: $MCP_TOKEN is empty in the environment. A secret that does not exist, or is not available to this run (pull requests from forks, Dependabot), is empty',
    );
  });

  it.each(['INPUT_GITHUB_TOKEN', 'input_gemini_api_key', 'ACTIONS_RUNTIME_TOKEN', 'GITHUB_ENV'])(
    'never expands %s',
    (name) => {
      expect(() => parse({ env: { X: `$${name}` } }, { [name]: 'value' })).toThrow(
        `settings: mcpServers.s.env.X: $${name} cannot be expanded`,
      );
    },
  );

  it('refuses the Action’s own token under any name, and points at the key', () => {
    const text =
      '{\n  "mcpServers": {\n    "s": {\n      "command": "srv",\n      "env": { "GH": "$PAT" }\n    }\n  }\n}';
    expect(() =>
      parseAgentSettings(JSON.parse(text), {
        source: '.gemini/settings.json',
        text,
        env: { PAT: JOB_TOKEN },
        forbiddenValues: [JOB_TOKEN],
      }),
    ).toThrow(
      ".gemini/settings.json:5:16: mcpServers.s.env.GH: $PAT holds one of the run's own credentials (its GitHub token, model key or A2A server token), and no tool is given the agent's own secrets, under any name. Give the server a credential of its own under another name (in a workflow, through the step's env:, for example MCP_GITHUB_TOKEN: ${{ secrets.READONLY_PAT }}) and refer to that.",
    );
  });
});

describe('the run’s own secrets, by name and by value', () => {
  it('refuses a listed name in any case, before asking whether it is set', () => {
    expect(() => parse({ env: { K: '$gemini_api_key' } }, {})).toThrow(
      "settings: mcpServers.s.env.K: $gemini_api_key cannot be expanded: it holds the Gemini API key the model client sends, and no tool is given the agent's own secrets.",
    );
  });

  it('refuses a secret inside a longer value from 8 characters on, and a shorter one only whole', () => {
    const env = { GH_TOKEN: 'short', GEMINI_API_KEY: 'long-model-key', A: 'shortcake', B: 'short' };
    expect(parse({ env: { K: '$A' } }, env).mcpServers.s?.env).toEqual({ K: 'shortcake' });
    expect(() => parse({ env: { K: '$B' } }, env)).toThrow('$B holds the value of GH_TOKEN');
    expect(() => parse({ env: { K: 'x-$C' } }, { ...env, C: 'a-long-model-key-b' })).toThrow(
      '$C holds the value of GEMINI_API_KEY',
    );
  });

  it('checks the whole expanded text, not only each variable', () => {
    expect(() =>
      parse(
        { headers: { A: '${P1}${P2}' } },
        { GEMINI_API_KEY: 'model-key-123', P1: 'model-', P2: 'key-123' },
      ),
    ).toThrow(
      'settings: mcpServers.s.headers.A: "${P1}${P2}" expands to a text holding the value of GEMINI_API_KEY',
    );
  });

  it('leaves a value without variables as written, even one that holds a secret', () => {
    expect(
      parse({ env: { K: 'model-key-123' } }, { GEMINI_API_KEY: 'model-key-123' }).mcpServers.s?.env,
    ).toEqual({ K: 'model-key-123' });
  });
});
