// Command-discovered tools: the discovery command's declarations become tools, entries the model
// could not call are left out with a reason, and a broken discovery command fails the run with the
// command and its error output. Real bash scripts in a temp workspace, real processes.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxCommand } from '../../../src/platform/sandbox/sandbox-types.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import { ConfigurationError } from '../../../src/platform/errors.js';
import { isProcessRunning } from '../../../src/platform/process-group.js';
import { discoverTools } from '../../../src/tools/discovered/discover-tools.js';
import { ToolProcesses } from '../../../src/tools/tool-processes.js';
import { tempWorkspace } from '../../support/mcp-session.js';

const ADD_SCHEMA = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};

const DECLARATIONS = [
  { name: 'add', description: 'Adds two numbers.', parametersJsonSchema: ADD_SCHEMA },
  {
    functionDeclarations: [
      { name: 'no_params', description: 'Takes nothing.' },
      { name: 'bad name', description: 'Spaces are not allowed.' },
    ],
  },
  {
    function_declarations: [
      {
        name: 'shout',
        parameters: {
          type: 'OBJECT',
          properties: { text: { type: 'STRING' }, type: { type: 'STRING' } },
        },
      },
    ],
  },
  { description: 'no name' },
  42,
  { name: 'add', description: 'A second add.' },
  { name: 'broken_schema', parametersJsonSchema: 'not a schema' },
];

/** A workspace with `tools.sh` (discovery printing `output`) and processes for it. */
async function setup(discovery: string, parentEnv: Record<string, string | undefined> = {}) {
  const root = await tempWorkspace();
  await writeFile(path.join(root, 'tools.sh'), discovery);
  const processes = new ToolProcesses({
    workspaceRoot: root,
    parentEnv: { PATH: process.env['PATH'], ...parentEnv },
  });
  return { root, processes, logger: memoryLogger() };
}

const printing = (value: unknown) => `cat <<'JSON'\n${JSON.stringify(value)}\nJSON\n`;

async function discoveryError(
  script: string,
  extra: { timeoutMs?: number; callCommand?: string; root?: (root: string) => void } = {},
): Promise<ConfigurationError> {
  const { root, processes, logger } = await setup(script);
  extra.root?.(root);
  try {
    await discoverTools({
      discoveryCommand: 'bash tools.sh',
      callCommand: extra.callCommand ?? 'bash call.sh',
      processes,
      logger,
      source: '.gemini/settings.json',
      ...(extra.timeoutMs === undefined ? {} : { timeoutMs: extra.timeoutMs }),
    });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected discovery to fail');
}

describe('discoverTools', () => {
  it('registers declarations and tool wrappers, and skips what the model could not call', async () => {
    const { processes, logger } = await setup(printing(DECLARATIONS));
    const tools = await discoverTools({
      discoveryCommand: 'bash tools.sh',
      callCommand: 'bash call.sh',
      processes,
      logger,
    });
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'no_params', 'shout']);
    const [add, noParams, shout] = tools.map((tool) => tool.declaration());
    expect(add?.parametersJsonSchema).toEqual(ADD_SCHEMA);
    expect(noParams?.parametersJsonSchema).toEqual({ type: 'object', properties: {} });
    // Gemini API type names become JSON schema ones; a property called "type" stays a property.
    expect(shout?.parametersJsonSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' }, type: { type: 'string' } },
    });
    expect(tools[0]?.kind).toBe('other');
    expect(add?.description).toMatch(/^Adds two numbers\.\n\nThis tool was discovered/);
    expect(add?.description).toContain(
      'When called, this tool will execute the command `bash call.sh add` on project root.',
    );
    expect(add?.description).toContain('Exit Code: Exit code or `(none)` if terminated by signal.');
    const warnings = logger.lines.filter((line) => line.level === 'warning').map((l) => l.message);
    expect(warnings).toEqual([
      'Tool discovery (bash tools.sh): item 4 is a number, not a function declaration.',
      expect.stringContaining('item 1, declaration 1: "bad name" is not a usable tool name'),
      expect.stringContaining('item 3: a declaration without a "name" is left out.'),
      expect.stringContaining('item 5: "add" is declared more than once; the first is kept.'),
      expect.stringContaining(
        'item 6: "broken_schema" has "parametersJsonSchema" that is a string',
      ),
    ]);
  });

  it('runs in the workspace root, with the tool environment only', async () => {
    const { root, processes, logger } = await setup(
      `name=$(basename "$PWD"); printf '[{"name":"in_%s_%s"}]' "\${name//-/_}" "\${GITHUB_TOKEN:-none}"`,
      { GITHUB_TOKEN: 'ghs_secret' },
    );
    const tools = await discoverTools({
      discoveryCommand: 'bash tools.sh',
      callCommand: 'true',
      processes,
      logger,
    });
    expect(tools.map((tool) => tool.name)).toEqual([
      `in_${path.basename(root).replace(/-/g, '_')}_none`,
    ]);
  });

  it('runs in the private folder, with no PATH entry of the workspace, when the workspace holds code its configuration did not come from', async () => {
    const root = await tempWorkspace();
    const directory = await tempWorkspace();
    // Found only where it runs: in the private folder, not in the workspace.
    await writeFile(
      path.join(directory, 'tools.sh'),
      `case ":$PATH:" in *":${root}:"*) where=workspace_path;; *) where=clean_path;; esac\n` +
        `[ "$PWD" = "${directory}" ] && printf '[{"name":"%s"}]' "$where"\n`,
    );
    const processes = new ToolProcesses({
      workspaceRoot: root,
      parentEnv: { PATH: `${root}:${process.env['PATH'] ?? ''}` },
      configuredLaunch: { directory },
    });
    const tools = await discoverTools({
      discoveryCommand: 'bash tools.sh',
      callCommand: 'true',
      processes,
      logger: memoryLogger(),
    });
    expect(tools.map((tool) => tool.name)).toEqual(['clean_path']);
  });

  it('fails with the command, its exit code and the end of its error output', async () => {
    const error = await discoveryError(
      'echo starting >&2; echo "tools.json: no such file" >&2; exit 3',
    );
    expect(error.message).toBe(
      '.gemini/settings.json: tools.discoveryCommand: the tool discovery command `bash tools.sh` failed with exit code 3.\nIts error output ends with:\nstarting\ntools.json: no such file',
    );
  });

  it('fails on output that is not JSON, or JSON that is not a list', async () => {
    expect((await discoveryError('echo "Usage: tools.sh list"')).message).toContain(
      'the tool discovery command `bash tools.sh` did not print JSON (',
    );
    expect((await discoveryError('echo "Usage: tools.sh list"')).message).toContain(
      'Its output starts with: Usage: tools.sh list',
    );
    expect((await discoveryError('echo "{}"')).message).toContain(
      'printed JSON that is not a list of tools: expected a JSON array of function declarations',
    );
  });

  it('stops a discovery command that prints without end', async () => {
    expect((await discoveryError('head -c 20000000 /dev/zero; sleep 300')).message).toContain(
      'the tool discovery command `bash tools.sh` printed more than 10 MB and was stopped.',
    );
  });

  it('stops a discovery command that runs too long, child processes included', async () => {
    let root = '';
    const error = await discoveryError('sleep 300 & echo $! > sleeper.pid; wait', {
      timeoutMs: 300,
      root: (dir) => (root = dir),
    });
    expect(error.message).toContain('did not finish within 300 ms and was stopped.');
    const sleeper = Number(await readFile(path.join(root, 'sleeper.pid'), 'utf8'));
    expect(await isProcessRunning(sleeper)).toBe(false);
  });

  it('requires a call command once tools were found', async () => {
    const { processes, logger } = await setup(printing([{ name: 'add' }]));
    await expect(
      discoverTools({
        discoveryCommand: 'bash tools.sh',
        callCommand: undefined,
        processes,
        logger,
      }),
    ).rejects.toThrow(
      /^tools\.callCommand: expected the command that runs the tools `bash tools\.sh` declares \(add\); it is not set\./,
    );
    // Nothing found, nothing to call: no error, a warning.
    const empty = await setup(printing([]));
    expect(
      await discoverTools({
        discoveryCommand: 'bash tools.sh',
        callCommand: undefined,
        processes: empty.processes,
        logger: empty.logger,
      }),
    ).toEqual([]);
    expect(empty.logger.lines.map((line) => line.message)).toContain(
      'The tool discovery command `bash tools.sh` declared no usable tools.',
    );
  });

  it('runs inside the sandbox, and never unconfined when the sandbox refuses it', async () => {
    const wrapped: SandboxCommand[] = [];
    const sandbox = (fail: boolean): Sandbox => ({
      kind: 'namespace',
      describe: 'A fake.',
      gaps: [],
      canIsolateNetwork: false,
      open: () =>
        Promise.resolve({
          lendsWorkspace: false,
          wrap: (command) => {
            wrapped.push(command);
            if (fail) return Promise.reject(new Error('no user namespaces here'));
            return Promise.resolve({ ...command, argv: ['env', 'SANDBOXED=1', ...command.argv] });
          },
          pidInSandbox: (pid) => Promise.resolve(pid),
          close: () => Promise.resolve(),
        }),
    });
    const root = await tempWorkspace();
    await writeFile(path.join(root, 'tools.sh'), `printf '[{"name":"sandboxed_%s"}]' "$SANDBOXED"`);
    const run = (fail: boolean) =>
      discoverTools({
        discoveryCommand: 'bash tools.sh',
        callCommand: 'true',
        processes: new ToolProcesses({
          workspaceRoot: root,
          parentEnv: { PATH: process.env['PATH'] },
          sandbox: sandbox(fail),
        }),
        logger: memoryLogger(),
      });
    expect((await run(false)).map((tool) => tool.name)).toEqual(['sandboxed_1']);
    expect(wrapped[0]?.argv).toEqual(['bash', '--norc', '-c', 'bash tools.sh', 'bash']);
    expect(wrapped[0]?.cwd).toBe(root);
    await expect(run(true)).rejects.toThrow(
      'the tool discovery command `bash tools.sh` could not be started: no user namespaces here.',
    );
  });
});
