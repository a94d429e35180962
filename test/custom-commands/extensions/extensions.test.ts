// Extensions as the Gemini CLI documents them (docs/extensions/reference.md): the manifest and its
// variables, folders in the repository and given by the workflow, what the manifest's
// `excludeTools` denies, and how its MCP servers join the settings'.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withExtensionServers } from '../../../src/custom-commands/extensions/extension-config.js';
import { parseExtensionManifest } from '../../../src/custom-commands/extensions/extension-manifest.js';
import type { LoadedExtension } from '../../../src/custom-commands/extensions/load-extensions.js';
import { loadExtensions } from '../../../src/custom-commands/extensions/load-extensions.js';
import { EMPTY_SETTINGS } from '../../../src/config/settings-types.js';
import { ConfigurationError } from '../../../src/platform/errors.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import type { PolicyContext } from '../../../src/policy/policy-types.js';
import { loadCliPolicy } from '../../../src/session-setup/policy-setup.js';
import { tempRepo } from '../../support/temp-repo.js';

/** The manifest example of docs/extensions/reference.md, verbatim. */
const REFERENCE_MANIFEST = `{
  "name": "my-extension",
  "version": "1.0.0",
  "description": "My awesome extension",
  "mcpServers": {
    "my-server": {
      "command": "node",
      "args": ["\${extensionPath}/my-server.js"],
      "cwd": "\${extensionPath}"
    }
  },
  "contextFileName": "GEMINI.md",
  "excludeTools": ["run_shell_command"],
  "migratedTo": "https://github.com/new-owner/new-extension-repo",
  "plan": {
    "directory": ".gemini/plans"
  }
}`;

const options = {
  file: '.gemini/extensions/my-extension/gemini-extension.json',
  extensionPath: '/work/repo/.gemini/extensions/my-extension',
  workspacePath: '/work/repo',
  env: { MY_TOKEN: 'token-value' },
};

function load(root: string, paths: string[] = [], env: Record<string, string> = {}) {
  const logger = memoryLogger();
  return {
    logger,
    extensions: loadExtensions({
      workspaceRoot: root,
      configRoot: root,
      paths,
      pathsSetting: 'extensions',
      env,
      logger,
    }),
  };
}

describe('gemini-extension.json', () => {
  it('reads the reference example, with ${extensionPath} filled in and other keys ignored', () => {
    expect(parseExtensionManifest(REFERENCE_MANIFEST, options)).toEqual({
      name: 'my-extension',
      version: '1.0.0',
      description: 'My awesome extension',
      mcpServers: {
        'my-server': {
          command: 'node',
          args: ['/work/repo/.gemini/extensions/my-extension/my-server.js'],
          cwd: '/work/repo/.gemini/extensions/my-extension',
        },
      },
      contextFileNames: ['GEMINI.md'],
      excludeTools: ['run_shell_command'],
      expandedValues: [],
    });
  });

  it('drops trust, keeps unknown ${…} as written, and expands $VAR in env like settings.json', () => {
    const manifest = parseExtensionManifest(
      JSON.stringify({
        name: 'x',
        version: '1',
        mcpServers: {
          s: {
            command: 'run',
            args: ['${workspacePath}${/}a', '${unknown}'],
            env: { TOKEN: '$MY_TOKEN' },
            trust: true,
          },
        },
      }),
      options,
    );
    expect(manifest.mcpServers.s).toEqual({
      command: 'run',
      args: [`/work/repo${path.sep}a`, '${unknown}'],
      env: { TOKEN: 'token-value' },
    });
    expect(manifest.expandedValues).toEqual(['token-value']);
    expect(manifest.contextFileNames).toEqual(['GEMINI.md']);
  });

  it.each([
    ['{ "name": "x", "version": ', /:1:\d+: expected valid JSON; /],
    [
      '{\n  "name": "My Extension",\n  "version": "1"\n}',
      /:2:3: name: expected an extension name of letters/,
    ],
    ['{\n  "name": "x"\n}', /:1:1: expected "version" in the extension manifest\.$/],
    [
      '{\n  "name": "x",\n  "version": "1",\n  "contextFileName": ["ok.md", "../../secrets"]\n}',
      /:4:32: contextFileName\.1: invalid context file path "\.\.\/\.\.\/secrets": context files must be within the extension directory \(it leads out of it\)\.$/,
    ],
    [
      '{\n  "name": "x",\n  "version": "1",\n  "mcpServers": { "s": { "command": "a", "url": "http://b" } }\n}',
      /:4:\d+: mcpServers\.s: expected exactly one of "command", "url" or "httpUrl"; got "command" and "url"\.$/,
    ],
  ])('refuses %j at its line and column', (text, message) => {
    let error: unknown;
    try {
      parseExtensionManifest(text, options);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(
      new RegExp(`^\\.gemini/extensions/my-extension/gemini-extension\\.json${message.source}`),
    );
  });
});

describe('loadExtensions', () => {
  it('loads repository folders and workflow folders by name, with their context files', async () => {
    const root = await tempRepo({
      '.gemini/extensions/zeta/gemini-extension.json': '{"name":"zeta","version":"2.0.0"}',
      '.gemini/extensions/zeta/GEMINI.md': 'Zeta context.',
      '.gemini/extensions/notes/README.md': 'not an extension',
      'vendor/alpha/gemini-extension.json':
        '{"name":"alpha","version":"0.1.0","contextFileName":["docs/ALPHA.md","missing.md"]}',
      'vendor/alpha/docs/ALPHA.md': 'Alpha context.',
    });
    const { logger, extensions } = load(root, ['vendor/alpha']);
    const loaded = await extensions;

    expect(
      loaded.map((extension) => [
        extension.name,
        extension.version,
        extension.shownAs,
        extension.source,
      ]),
    ).toEqual([
      ['alpha', '0.1.0', 'vendor/alpha', 'workflow'],
      ['zeta', '2.0.0', '.gemini/extensions/zeta', 'repository'],
    ]);
    expect(loaded[0]?.contextFiles).toEqual([
      {
        path: path.join(root, 'vendor/alpha/docs/ALPHA.md'),
        displayPath: 'vendor/alpha/docs/ALPHA.md',
      },
    ]);
    expect(loaded[1]?.path).toBe(path.join(root, '.gemini/extensions/zeta'));
    expect(logger.lines).toContainEqual({
      level: 'warning',
      message:
        '.gemini/extensions/notes has no gemini-extension.json, so it is not loaded as an extension.',
    });
  });

  it('stops on a broken manifest (bad JSON too), a folder that is not an extension, and two of one name', async () => {
    const root = await tempRepo({
      '.gemini/extensions/bad/gemini-extension.json': '{"name": "bad", "version": 1}',
      'vendor/empty/README.md': '',
      'vendor/dup/gemini-extension.json': '{"name":"dup","version":"1"}',
      'other/dup/gemini-extension.json': '{"name":"dup","version":"2"}',
    });
    await expect(load(root).extensions).rejects.toThrow(
      '.gemini/extensions/bad/gemini-extension.json:1:17: version: expected the version as a string such as "1.0.0".',
    );
    const syntax = await tempRepo({
      'vendor/bad/gemini-extension.json': '{\n  "name": "bad",\n  "version": "1.0.0",,\n}\n',
    });
    await expect(load(syntax, ['vendor/bad']).extensions).rejects.toThrow(
      'vendor/bad/gemini-extension.json:3:22: expected valid JSON; Expected double-quoted property name.',
    );
    const fine = await tempRepo({
      'vendor/empty/README.md': '',
      'vendor/dup/gemini-extension.json': '{"name":"dup","version":"1"}',
      'other/dup/gemini-extension.json': '{"name":"dup","version":"2"}',
    });
    await expect(load(fine, ['vendor/empty']).extensions).rejects.toThrow(
      'extensions: expected gemini-extension.json in the extension folder "vendor/empty"; it has none.',
    );
    await expect(load(fine, ['vendor/none']).extensions).rejects.toThrow(
      'extensions: expected the folder of an extension (holding gemini-extension.json); "vendor/none" does not exist.',
    );
    await expect(load(fine, ['vendor/dup', 'other/dup']).extensions).rejects.toThrow(
      'other/dup/gemini-extension.json: expected one extension named "dup"; vendor/dup and other/dup both are.',
    );
  });
});

function extension(overrides: Partial<LoadedExtension>): LoadedExtension {
  return {
    name: 'ext',
    version: '1.0.0',
    mcpServers: {},
    excludeTools: [],
    expandedValues: [],
    path: '/x',
    configDirectory: '/x',
    shownAs: 'vendor/ext',
    source: 'workflow',
    contextFiles: [],
    ...overrides,
  };
}

const context: PolicyContext = {
  runMode: 'invoke',
  trust: 'maintainer',
  workspaceRoot: '/work/repo',
  workspacePathProblem: () => undefined,
};

describe('excludeTools', () => {
  it('denies an excluded tool (an MCP tool too) and an excluded command prefix, above the workflow', async () => {
    const dir = await tempRepo({
      'allow.toml':
        '[[rule]]\nmcpName = "everything"\ndecision = "allow"\npriority = 999\n\n[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 999\n',
    });
    const policy = await loadCliPolicy({
      mode: 'invoke',
      policyFiles: [path.join(dir, 'allow.toml')],
      allowCommands: [],
      yolo: false,
      extensions: [extension({ excludeTools: ['get-sum', 'run_shell_command(rm -rf)'] })],
    });
    const mcp = (name: string) => ({
      toolName: name,
      serverName: 'everything',
      args: {},
      kind: 'other' as const,
      locations: [],
    });
    const shell = (command: string) => ({
      toolName: 'run_shell_command',
      args: { command },
      kind: 'execute' as const,
      locations: [],
    });

    const denied = await policy.engine.decide(mcp('get-sum'), context);
    expect(denied.decision).toBe('deny');
    expect(denied.reason).toContain('The extension ext excludes this tool');
    expect(
      policy.engine.isUnconditionallyDenied(
        { name: 'get-sum', serverName: 'everything', kind: 'other' },
        context,
      ),
    ).toBe(true);
    expect((await policy.engine.decide(mcp('echo'), context)).decision).toBe('allow');
    expect((await policy.engine.decide(shell('rm -rf build'), context)).decision).toBe('deny');
    expect((await policy.engine.decide(shell('ls build'), context)).decision).toBe('allow');
    expect(policy.sources).toContain('extension ext (admin, 2 rules)');
  });
});

describe('MCP servers of extensions', () => {
  it("adds them to the settings' servers; a settings server of the same name is kept", () => {
    const logger = memoryLogger();
    const settings = {
      ...EMPTY_SETTINGS,
      source: '.gemini/settings.json',
      mcpServers: { shared: { command: 'from-settings' } },
    };
    const merged = withExtensionServers(
      settings,
      [
        extension({
          name: 'a',
          mcpServers: { shared: { command: 'from-a' }, own: { command: 'a' } },
          expandedValues: ['secret-a'],
        }),
        extension({ name: 'b', mcpServers: { own: { command: 'b' } } }),
      ],
      logger,
    );
    expect(merged.mcpServers).toEqual({
      shared: { command: 'from-settings' },
      own: { command: 'a' },
    });
    expect(merged.expandedValues).toEqual(['secret-a']);
    expect(logger.lines.map((line) => line.message)).toEqual([
      'The MCP server "shared" of extension a is also defined in .gemini/settings.json; that definition is used.',
      'Skipping MCP config for server with name "own" from extension "b" as it already exists (extension "a").',
    ]);
  });
});
