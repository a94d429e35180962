// Hostile configuration text against every parser a run reads it with: a repository, a base
// branch or an extension may hold a settings.json, a manifest, a policy, a command or an agent
// file made to exhaust the parser or the code that walks its value — thousands of nested
// brackets (which overflowed the stack: "Maximum call stack size exceeded", exit 1, no location),
// a dotted TOML key of tens of thousands of parts (quadratic work, then out of memory), YAML
// nested past what composing it survives, and a command of hundreds of `!{…}` blocks (each a
// shell command in the sandbox, one after another). Each must fail fast as a configuration error
// at the file, line and column of what went over — exit 52 in the CLI, a failed task in `serve`,
// a failed step in the Action — and text that stays within the limits must still load.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Task } from '@a2a-js/sdk';
import { TaskState } from '@a2a-js/sdk';
import { parseAgentFile, loadAgentFolders } from '../../src/agent/subagents/agent-files.js';
import { runCli } from '../../src/cli/run-cli.js';
import { parseCommandFile } from '../../src/custom-commands/command-file.js';
import type { CustomCommand } from '../../src/custom-commands/command-types.js';
import { expandCommand } from '../../src/custom-commands/expand-command.js';
import { parseExtensionManifest } from '../../src/custom-commands/extensions/extension-manifest.js';
import type { InjectionServices } from '../../src/custom-commands/injection-services.js';
import { parseJsonText } from '../../src/config/json-text.js';
import { loadAgentSettings } from '../../src/config/settings.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { silentLogger } from '../../src/platform/logger.js';
import { loadPolicyFiles } from '../../src/policy/load-policy.js';
import { checkPolicy } from '../../src/policy/parse-policy.js';
import { Workspace } from '../../src/tools/workspace.js';
import type { CompletedToolCall } from '../../src/agent/scheduler.js';
import { runActionOnComment } from '../support/action-harness.js';
import { testIo } from '../support/cli-io.js';
import { runCliWithModel } from '../support/cli-run.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { collect, outline, prompt, v1Client, waitFor } from '../e2e/support/serve-process.js';
import { runServeInProcess } from '../support/serve-in-process.js';

const STACK_OVERFLOW = /Maximum call stack|stack size/i;

// The limits as docs/security.md states them (the code keeps each beside its parser).
const JSON_LIMITS = { maxBytes: 1024 * 1024, maxDepth: 32 };
const POLICY_LIMITS = {
  maxBytes: 1024 * 1024,
  maxDepth: 32,
  maxRules: 1000,
  maxFilesPerDirectory: 100,
};
const COMMAND_FILE_LIMITS = { maxBytes: 256 * 1024 };
const AGENT_FILE_LIMITS = { maxDepth: 32, maxFilesPerFolder: 100 };
const INJECTION_LIMITS = { maxInjectedChars: 1_000_000 };

/** The configuration error `run` throws, checked to be one and never a stack overflow. */
function configurationError(run: () => unknown): ConfigurationError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigurationError);
  expect((thrown as Error).message).not.toMatch(STACK_OVERFLOW);
  return thrown as ConfigurationError;
}

async function rejection(run: () => Promise<unknown>): Promise<ConfigurationError> {
  const thrown = await run().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(ConfigurationError);
  expect((thrown as Error).message).not.toMatch(STACK_OVERFLOW);
  return thrown as ConfigurationError;
}

/** `text`'s line and column (1-based) of `offset`. */
function at(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** The offset of the `n`th (1-based) occurrence of `needle`. */
function nth(text: string, needle: string, n: number): number {
  let index = -1;
  for (let count = 0; count < n; count += 1) index = text.indexOf(needle, index + 1);
  return index;
}

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepManifest = (depth: number) =>
  `{"name":"deep","version":"1.0.0","settings":${nestedArrays(depth)}}`;
const DEEP = 5000;

const MANIFEST_OPTIONS = {
  file: '.gemini/extensions/deep/gemini-extension.json',
  extensionPath: '/x',
  workspacePath: '/w',
  env: {},
};

describe('JSON: settings.json and extension manifests', () => {
  // The manifest's object is level 1, so its 32nd `[` is level 33.
  const deepest = (text: string) => at(text, nth(text, '[', JSON_LIMITS.maxDepth));

  it.each([
    ['5,000 nested arrays', deepManifest(DEEP)],
    ['100,000 nested arrays', deepManifest(100_000)],
    ['5,000 nested arrays in a comment-bearing file', `// manifest\n${deepManifest(DEEP)}`],
  ])('refuses %s in a manifest at the bracket past the limit', (_name, text) => {
    const error = configurationError(() => parseExtensionManifest(text, MANIFEST_OPTIONS));
    expect(error.location).toMatchObject({ file: MANIFEST_OPTIONS.file, ...deepest(text) });
    expect(error.detail).toBe(
      'expected JSON nested at most 32 levels deep; the array opened here is level 33.',
    );
  });

  it('refuses 5,000 nested objects', () => {
    const text = `{"name":"deep","version":"1.0.0","x":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}`;
    const error = configurationError(() => parseExtensionManifest(text, MANIFEST_OPTIONS));
    expect(error.location).toMatchObject(at(text, nth(text, '{', JSON_LIMITS.maxDepth + 1)));
    expect(error.detail).toContain('the object opened here is level 33');
  });

  it('refuses nesting that is not even valid JSON, before the syntax is judged', () => {
    const text = `{"a": ${'['.repeat(DEEP)}`;
    const error = configurationError(() => parseJsonText(text, 'settings.json'));
    expect(error.detail).toContain('nested at most 32 levels');
  });

  it('does not count brackets in strings or comments: such a file loads', () => {
    const text = [
      '{',
      `  // ${'['.repeat(100)}`,
      `  /* ${'{'.repeat(100)} */`,
      `  "name": "brackets", "version": "1.0.0",`,
      `  "description": "${'['.repeat(100)} \\" ${'{'.repeat(100)}",`,
      `  "settings": ${nestedArrays(31)}`,
      '}',
    ].join('\n');
    expect(parseExtensionManifest(text, MANIFEST_OPTIONS).name).toBe('brackets');
  });

  it('refuses an array of 10,001 items and an object of 10,001 members at their opening', () => {
    const items = `{"list": [${Array.from({ length: 10_001 }, () => '0').join(',')}]}`;
    const list = configurationError(() => parseJsonText(items, 'settings.json'));
    expect(list.location).toMatchObject(at(items, items.indexOf('[')));
    expect(list.detail).toBe('expected at most 10000 items in one array; this array has more.');
    const members = `{${Array.from({ length: 10_001 }, (_, i) => `"k${i}":0`).join(',')}}`;
    expect(configurationError(() => parseJsonText(members, 'settings.json')).detail).toContain(
      'at most 10000 members in one object',
    );
    // Exactly at the limit still loads.
    const enough = `[${Array.from({ length: 10_000 }, () => '0').join(',')}]`;
    expect(parseJsonText(enough, 'settings.json')).toHaveLength(10_000);
  });

  it('refuses a manifest of 101 MCP servers at the one too many', () => {
    const servers = Object.fromEntries(
      Array.from({ length: 101 }, (_, i) => [`s${i}`, { command: 'true' }]),
    );
    const text = JSON.stringify({ name: 'many', version: '1.0.0', mcpServers: servers }, null, 1);
    const error = configurationError(() => parseExtensionManifest(text, MANIFEST_OPTIONS));
    expect(error.location).toMatchObject(at(text, text.indexOf('"s100"')));
    expect(error.detail).toBe(
      'mcpServers.s100: expected at most 100 MCP servers in one file (each is started for every session); it has 101.',
    );
  });

  it('refuses a settings file of more than 1 MiB where it passes the limit', () => {
    const text = `{"x": "${'a'.repeat(JSON_LIMITS.maxBytes)}"}`;
    const error = configurationError(() => parseJsonText(text, '.gemini/settings.json'));
    expect(error.detail).toContain(`at most ${JSON_LIMITS.maxBytes} bytes`);
    expect(error.location).toMatchObject({ line: 1, column: JSON_LIMITS.maxBytes + 1 });
  });

  it('refuses 5,000 nested arrays in settings.json at its line and column', async () => {
    const text = `{\n  "tools": {"exclude": []},\n  "x": ${nestedArrays(DEEP)}\n}\n`;
    const error = await rejection(() =>
      loadAgentSettings({
        input: undefined,
        configDirectory: '/repo',
        env: {},
        readFile: () => Promise.resolve(text),
      }),
    );
    expect(error.message).toMatch(/^\.gemini\/settings\.json:3:39: expected JSON nested/);
  });
});

const POLICY = { file: 'deep.toml', tier: 'repository' as const };

function policyProblem(text: string) {
  const started = Date.now();
  const { problems } = checkPolicy(text, POLICY);
  expect(Date.now() - started).toBeLessThan(2000);
  expect(problems).toHaveLength(1);
  expect(problems[0]?.message).not.toMatch(STACK_OVERFLOW);
  return problems[0];
}

describe('TOML: policy files and command files', () => {
  it('refuses 5,000 nested inline arrays at the bracket past the limit', () => {
    const text = `[[rule]]\ntoolName = "read_file"\ndecision = "allow"\npriority = 1\nx = ${nestedArrays(DEEP)}\n`;
    // [[rule]] is two levels and the key a third: its value's first `[` is level 3.
    expect(policyProblem(text)).toMatchObject({
      line: 5,
      column: 5 + POLICY_LIMITS.maxDepth - 2,
      message: 'expected TOML nested at most 32 levels deep; the array opened here is level 33.',
    });
  });

  it('refuses 5,000 nested inline tables', () => {
    const text = `[tools.read_file]\nmode = "allow"\nx = ${'{a = '.repeat(DEEP)}1${'}'.repeat(DEEP)}\n`;
    expect(policyProblem(text)?.message).toContain('the inline table opened here is level 33');
  });

  it('refuses a dotted key of 20,000 parts quickly, at the key', () => {
    const key = Array.from({ length: 20_000 }, () => 'k').join('.');
    const text = `[[rule]]\ntoolName = "read_file"\ndecision = "allow"\npriority = 1\n${key} = 1\n`;
    expect(policyProblem(text)).toMatchObject({
      line: 5,
      column: 1,
      message:
        'expected TOML nested at most 32 levels deep; the table this key makes here is level 33.',
    });
  });

  it('refuses a table header of 40 parts', () => {
    const header = `[tools.${Array.from({ length: 40 }, (_, i) => `"p${i}"`).join('.')}]`;
    expect(policyProblem(`# deep\n${header}\nmode = "allow"\n`)).toMatchObject({
      line: 2,
      column: 1,
      message: expect.stringContaining('the table this header names here is level 33') as string,
    });
  });

  it('does not count brackets in strings, multi-line strings or comments', () => {
    const text = [
      `# ${'['.repeat(100)}`,
      '[[rule]]',
      'toolName = "read_file"',
      'decision = "deny"',
      'priority = 1',
      `denyMessage = "${'['.repeat(100)}${'{'.repeat(100)}"`,
      `[[rule]]`,
      'toolName = "glob"',
      'decision = "deny"',
      'priority = 1',
      `denyMessage = """\n${'['.repeat(100)}\n${'{'.repeat(100)}"""`,
      `[[rule]]`,
      'toolName = "list_directory"',
      'decision = "deny"',
      'priority = 1',
      `denyMessage = '${'['.repeat(100)}'`,
    ].join('\n');
    const { rules, problems } = checkPolicy(text, POLICY);
    expect(problems).toEqual([]);
    expect(rules).toHaveLength(3);
  });

  it('refuses a file of 1,001 rules at the one too many', () => {
    const rule = '[[rule]]\ntoolName = "read_file"\ndecision = "allow"\npriority = 1\n';
    const text = rule.repeat(POLICY_LIMITS.maxRules + 1);
    expect(policyProblem(text)).toMatchObject({
      line: 4 * POLICY_LIMITS.maxRules + 1,
      column: 1,
      message: expect.stringContaining(
        'at most 1000 rules in one policy file; it has 1001',
      ) as string,
    });
  });

  it('refuses a list of 1,001 tool names', () => {
    const names = Array.from({ length: 1001 }, (_, i) => `"t${i}"`).join(', ');
    const text = `[[rule]]\ntoolName = [${names}]\ndecision = "allow"\npriority = 1\n`;
    expect(policyProblem(text)).toMatchObject({
      line: 2,
      column: 1,
      message: 'expected at most 1000 items in one array; this array has more.',
    });
  });

  it('refuses a policy file of more than 1 MiB', () => {
    const text = `# ${'x'.repeat(POLICY_LIMITS.maxBytes)}\n`;
    expect(policyProblem(text)?.message).toContain(`at most ${POLICY_LIMITS.maxBytes} bytes`);
  });

  it('refuses a policy directory of 101 files', async () => {
    const folder = await tempRepo(
      Object.fromEntries(
        Array.from({ length: POLICY_LIMITS.maxFilesPerDirectory + 1 }, (_, i) => [
          `p${String(i).padStart(3, '0')}.toml`,
          '',
        ]),
      ),
    );
    const error = await rejection(() =>
      loadPolicyFiles([{ path: folder, tier: 'repository', label: '.gemini/policies' }]),
    );
    expect(error.message).toBe(
      '.gemini/policies: expected at most 100 policy files in one directory; it has 101.',
    );
  });

  it.each([
    ['5,000 nested inline arrays', `prompt = "p"\nx = ${nestedArrays(DEEP)}\n`, 2],
    [
      'a dotted key of 20,000 parts',
      `prompt = "p"\n${Array.from({ length: 20_000 }, () => 'k').join('.')} = 1\n`,
      2,
    ],
  ])('refuses a command file with %s', (_name, text, line) => {
    const started = Date.now();
    const error = configurationError(() =>
      parseCommandFile(text, { file: '.gemini/commands/deep.toml', fileName: 'deep.toml' }),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.location).toMatchObject({ file: '.gemini/commands/deep.toml', line });
    expect(error.detail).toMatch(/^expected TOML nested at most 32 levels deep/);
  });

  it('refuses a command file of more than 256 KiB', () => {
    const text = `prompt = "${'x'.repeat(COMMAND_FILE_LIMITS.maxBytes)}"\n`;
    expect(
      configurationError(() => parseCommandFile(text, { file: 'c.toml', fileName: 'c.toml' }))
        .detail,
    ).toContain(`at most ${COMMAND_FILE_LIMITS.maxBytes} bytes`);
  });
});

const agentFile = (frontmatter: string) =>
  `---\nname: deep\ndescription: Deep.\n${frontmatter}\n---\nYou are deep.\n`;

describe('YAML: the frontmatter of agent files', () => {
  it.each([
    ['5,000 nested flow sequences', `tools: ${nestedArrays(DEEP)}`, '['],
    ['5,000 nested flow mappings', `x: ${'{a: '.repeat(DEEP)}1${'}'.repeat(DEEP)}`, '{'],
    ['5,000 nested compact sequences', `x:\n  ${'- '.repeat(DEEP)}1`, '- '],
  ])('refuses %s at the collection past the limit', async (_name, frontmatter, opener) => {
    const text = agentFile(frontmatter);
    const error = await rejection(() => parseAgentFile(text, '.gemini/agents/deep.md'));
    expect(error.message).toMatch(
      /^\.gemini\/agents\/deep\.md:\d+:\d+: expected YAML nested at most 32 levels deep/,
    );
    // The frontmatter's mapping is level 1 and the key's value level 2: the 32nd opener is 33.
    expect(error.location).toMatchObject(at(text, nth(text, opener, AGENT_FILE_LIMITS.maxDepth)));
  });

  it('refuses a block mapping nested 40 levels by indentation', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}k${i}:`);
    const error = await rejection(() => parseAgentFile(agentFile(`${lines.join('\n')} 1`), 'a.md'));
    expect(error.message).toMatch(
      /^a\.md:\d+:\d+: expected YAML nested at most 32 levels deep; the mapping here is level 33\.$/,
    );
  });

  it('refuses a list of 1,001 tools', async () => {
    const tools = Array.from({ length: 1001 }, (_, i) => `  - t${i}`).join('\n');
    const error = await rejection(() => parseAgentFile(agentFile(`tools:\n${tools}`), 'a.md'));
    expect(error.message).toBe(
      'a.md:5:3: expected at most 1000 items in one list; this list has 1001.',
    );
  });

  it('refuses aliases that expand exponentially', async () => {
    const laughs = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ...Array.from({ length: 8 }, (_, i) => {
        const name = String.fromCharCode(98 + i);
        const previous = String.fromCharCode(97 + i);
        return `${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`;
      }),
    ].join('\n');
    const folder = await tempRepo({ 'laughs.md': agentFile(laughs) });
    const loaded = await loadAgentFolders([{ path: folder, shownAs: '.gemini/agents' }]);
    expect(loaded.agents).toEqual([]);
    expect(loaded.problems[0]?.message).toMatch(/^\.gemini\/agents\/laughs\.md/);
  });

  it('refuses a folder of 101 agent files, loading none of them', async () => {
    const folder = await tempRepo(
      Object.fromEntries(
        Array.from({ length: AGENT_FILE_LIMITS.maxFilesPerFolder + 1 }, (_, i) => [
          `a${i}.md`,
          `---\nname: a${i}\ndescription: A.\n---\nYou are a${i}.\n`,
        ]),
      ),
    );
    const loaded = await loadAgentFolders([{ path: folder, shownAs: '.gemini/agents' }]);
    expect(loaded.agents).toEqual([]);
    expect(loaded.problems.map((problem) => problem.message)).toEqual([
      '.gemini/agents: expected at most 100 agent files in one folder (each agent is offered to the model as a tool); it has 101, so none of them is loaded.',
    ]);
  });
});

/** Services that record every tool call: none may happen for a command that is refused. */
async function recordingServices(
  output = 'ok',
): Promise<{ services: InjectionServices; calls: string[] }> {
  const calls: string[] = [];
  const services: InjectionServices = {
    workspace: await Workspace.create(await tempRepo()),
    logger: silentLogger,
    runTool: (name: string, args: Record<string, unknown>) => {
      calls.push(`${name} ${JSON.stringify(args)}`);
      return Promise.resolve({
        result: { llmContent: output, returnDisplay: output, data: { exitCode: 0, output } },
      } as unknown as CompletedToolCall);
    },
  };
  return { services, calls };
}

const manyBlocks = (count: number, block: (i: number) => string) =>
  `description = "Many."\nprompt = """Start.\n${Array.from({ length: count }, (_, i) => block(i)).join('\n')}\n"""\n`;

describe('custom commands: their !{…} and @{…} blocks', () => {
  const file = '.gemini/commands/many.toml';
  const parse = (text: string) =>
    configurationError(() => parseCommandFile(text, { file, fileName: 'many.toml' }));

  it('refuses 300 !{…} blocks when the file is read, at block 33', () => {
    const text = manyBlocks(300, (i) => `!{touch marker-${i}}`);
    const error = parse(text);
    expect(error.location).toMatchObject({ file, ...at(text, nth(text, '!{', 33)) });
    expect(error.detail).toBe(
      'expected at most 32 !{…} blocks in command /many (each runs a shell command, one after another, before the model is asked); it has 300, and this is block 33. Put the commands in a script and run it from one block.',
    );
  });

  it('refuses 33 @{…} blocks at block 33', () => {
    const text = manyBlocks(33, (i) => `@{file-${i}.txt}`);
    expect(parse(text).location).toMatchObject(at(text, nth(text, '@{', 33)));
  });

  it('counts triggers spelled with escapes, pointing at the prompt key', () => {
    const text = `prompt = "${Array.from({ length: 33 }, () => '\\u0021{true}').join(' ')}"\n`;
    expect(parse(text).location).toMatchObject({ line: 1, column: 1 });
  });

  it('locates an unclosed block at its line and column', () => {
    const text = 'description = "x"\nprompt = """\nfirst line\nthen !{echo {oops}\n"""\n';
    const error = parse(text);
    expect(error.location).toMatchObject({ line: 4, column: 6 });
    expect(error.detail).toContain('unclosed injection');
  });

  it('does not count !{ inside an @{…} block, which the expansion reads as a path', () => {
    const inner = Array.from({ length: 40 }, (_, i) => `!{x${i}}`).join('');
    const text = `prompt = "@{${inner}}"\n`;
    expect(parseCommandFile(text, { file, fileName: 'many.toml' }).prompt).toContain('@{');
  });

  it('runs none of 300 blocks of a command built without a file', async () => {
    const { services, calls } = await recordingServices();
    const command: CustomCommand = {
      name: 'many',
      description: 'Many.',
      prompt: Array.from({ length: 300 }, (_, i) => `!{touch marker-${i}}`).join('\n'),
      origin: { layer: 'project', file },
    };
    const error = await rejection(() =>
      expandCommand(command, { name: 'many', args: '', raw: '/many' }, services),
    );
    expect(error.message).toContain('this is block 33');
    expect(calls).toEqual([]);
  });

  it('stops once the blocks inject more than 1,000,000 characters together', async () => {
    const { services, calls } = await recordingServices('y'.repeat(40_000));
    const command: CustomCommand = {
      name: 'big',
      description: 'Big.',
      prompt: Array.from({ length: 30 }, (_, i) => `!{echo ${i}}`).join('\n'),
      origin: { layer: 'project', file: '.gemini/commands/big.toml' },
    };
    const error = await rejection(() =>
      expandCommand(command, { name: 'big', args: '', raw: '/big' }, services),
    );
    expect(error.message).toBe(
      `.gemini/commands/big.toml: /big: its blocks inject more than ${INJECTION_LIMITS.maxInjectedChars} characters into the prompt together (passed at !{echo 25}); name fewer or smaller files, or print less.`,
    );
    expect(calls).toHaveLength(26);
  });
});

/** A repository whose configuration is the attack, and the fake model no request may reach. */
async function hostileRepo(files: Record<string, string>) {
  return tempRepo({ 'README.md': '# demo\n', ...files }, { git: true });
}

const MANIFEST_FILE = '.gemini/extensions/deep/gemini-extension.json';
const manifestColumn = () => nth(deepManifest(DEEP), '[', JSON_LIMITS.maxDepth) + 1;
const MANY_COMMAND = manyBlocks(300, (i) => `!{touch marker-${i}}`);
const TOUCH_POLICY =
  '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "touch"\ndecision = "allow"\npriority = 500\n';

async function cli(repo: string, args: readonly string[]) {
  const run = await runCliWithModel({
    script: [textReply('Done.')],
    args: ['--repo', repo, '--sandbox', 'none', ...args],
  });
  expect(run.stderr).not.toMatch(STACK_OVERFLOW);
  return { code: run.code, stderr: run.stderr, requests: run.gemini.generateRequests().length };
}

describe('through the CLI', () => {
  it('exits 52 at the manifest line and column for a 5,000-deep extension manifest', async () => {
    const repo = await hostileRepo({ [MANIFEST_FILE]: deepManifest(DEEP) });
    const run = await cli(repo, ['-p', 'hello']);
    expect(run.code).toBe(52);
    expect(run.stderr).toContain(
      `${MANIFEST_FILE}:1:${manifestColumn()}: expected JSON nested at most 32 levels deep`,
    );
    expect(run.requests).toBe(0);
  });

  it('exits 52 for a 5,000-deep settings.json', async () => {
    const repo = await hostileRepo({ '.gemini/settings.json': `{"x": ${nestedArrays(DEEP)}}` });
    const run = await cli(repo, ['-p', 'hello']);
    expect(run.code).toBe(52);
    expect(run.stderr).toContain('.gemini/settings.json:1:38: expected JSON nested at most 32');
  });

  it('exits 52 for a 5,000-deep policy file', async () => {
    const repo = await hostileRepo({ 'deep.toml': `x = ${nestedArrays(DEEP)}\n` });
    const run = await cli(repo, ['-p', 'hello', '--policy', path.join(repo, 'deep.toml')]);
    expect(run.code).toBe(52);
    expect(run.stderr).toMatch(/deep\.toml:1:\d+: expected TOML nested at most 32 levels deep/);
  });

  it('exits 52 when a command file nested 5,000 deep is invoked', async () => {
    const repo = await hostileRepo({
      '.gemini/commands/deep.toml': `prompt = "p"\nx = ${nestedArrays(DEEP)}\n`,
    });
    const run = await cli(repo, ['-p', '/deep']);
    expect(run.code).toBe(52);
    expect(run.stderr).toContain('.gemini/commands/deep.toml:2:37: expected TOML nested');
  });

  it('leaves out an agent whose frontmatter nests 5,000 deep, saying where, and runs', async () => {
    const repo = await hostileRepo({
      '.gemini/agents/deep.md': agentFile(`tools: ${nestedArrays(DEEP)}`),
    });
    const run = await cli(repo, ['-p', 'hello']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /The agent file was not loaded: \.gemini\/agents\/deep\.md:4:\d+: expected YAML nested at most 32 levels deep/,
    );
  });

  it('refuses a recorded session (--replay) nested 5,000 deep at its line and column', async () => {
    const repo = await hostileRepo({
      'rec.jsonl': `{"method":"generateContentStream","response":[{"x":${nestedArrays(DEEP)}}]}\n`,
    });
    const run = testIo({ HOME: repo, PATH: process.env.PATH ?? '' });
    const code = await runCli(
      ['--repo', repo, '--sandbox', 'none', '--replay', path.join(repo, 'rec.jsonl'), '-p', 'hi'],
      run.io,
    );
    // A malformed recording is a usage error of --replay (exit 42), as it always was.
    expect(code).toBe(42);
    expect(run.stderr).toMatch(
      /--replay: .*rec\.jsonl:1:\d+: expected JSON nested at most 64 levels deep/,
    );
    expect(run.stderr).not.toMatch(STACK_OVERFLOW);
  });

  it('refuses a command of 300 !{…} blocks before any runs: exit 52, no marker, no request', async () => {
    const repo = await hostileRepo({
      '.gemini/commands/many.toml': MANY_COMMAND,
      'touch.toml': TOUCH_POLICY,
    });
    const started = Date.now();
    const run = await cli(repo, ['-p', '/many', '--policy', path.join(repo, 'touch.toml')]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.code).toBe(52);
    expect(run.stderr).toContain(
      `.gemini/commands/many.toml:${at(MANY_COMMAND, nth(MANY_COMMAND, '!{', 33)).line}:1: expected at most 32 !{…} blocks in command /many`,
    );
    expect(run.requests).toBe(0);
    expect((await readdir(repo)).filter((name) => name.startsWith('marker-'))).toEqual([]);
  }, 120_000);
});

function failedText(task: Task): string {
  const part = task.status?.message?.parts[0]?.content;
  return part?.$case === 'text' ? part.value : '';
}

describe('through serve', () => {
  it('answers a request nested 5,000 deep with an invalid-request error, and keeps serving', async () => {
    const gemini = await useFakeGemini([textReply('Fine.')]);
    const repo = await hostileRepo({});
    const outcome = await runServeInProcess({ gemini, repo });
    if (!outcome.started) throw new Error(outcome.stderr);
    const { url, token } = outcome.server;
    const deep = nestedArrays(DEEP);
    const requests: { headers: Record<string, string>; body: string }[] = [
      {
        headers: {},
        body: `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"hi"}],"metadata":{"x":${deep}}}}}`,
      },
      {
        headers: { 'A2A-Version': '1.0' },
        body: `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m2","role":"ROLE_USER","parts":[{"text":"hi"}],"metadata":{"x":${deep}}}}}`,
      },
    ];
    for (const request of requests) {
      const response = await fetch(`${url}/a2a`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          ...request.headers,
        },
        body: request.body,
      });
      const answer = (await response.json()) as { error?: { code: number; message: string } };
      expect(answer.error?.code).toBe(-32600);
      expect(answer.error?.message).toMatch(
        /^Invalid request: expected JSON nested at most 64 levels deep; the array opened at offset \d+ is level 65\.$/,
      );
    }
    const client = await v1Client(outcome.server);
    const healthy = outline(await collect(client.sendMessageStream(prompt('hello'))));
    expect(healthy.at(-1)).toMatch(/completed/);
  });

  it('refuses to start on a default workspace with a 5,000-deep manifest: exit 52 and where', async () => {
    const gemini = await useFakeGemini([]);
    const repo = await hostileRepo({ [MANIFEST_FILE]: deepManifest(DEEP) });
    const outcome = await runServeInProcess({ gemini, repo });
    expect(outcome.started).toBe(false);
    if (outcome.started) return;
    expect(outcome.code).toBe(52);
    expect(outcome.stderr).toContain(
      `${MANIFEST_FILE}:1:${manifestColumn()}: expected JSON nested`,
    );
    expect(outcome.stderr).not.toMatch(STACK_OVERFLOW);
  });

  it('fails a task in another workspace with the manifest error, and keeps serving', async () => {
    const gemini = await useFakeGemini([textReply('Fine here.')]);
    const repo = await hostileRepo({});
    const other = await hostileRepo({ [MANIFEST_FILE]: deepManifest(DEEP) });
    const outcome = await runServeInProcess({ gemini, repo, args: ['--root', other] });
    if (!outcome.started) throw new Error(outcome.stderr);
    const client = await v1Client(outcome.server);
    const events = outline(await collect(client.sendMessageStream(prompt('hello', other))));
    expect(events.at(-1)).toMatch(
      new RegExp(
        `^STATE_CHANGE failed ".*${MANIFEST_FILE.replace(/[.]/g, '\\.')}:1:${manifestColumn()}: expected JSON nested at most 32 levels deep`,
      ),
    );
    expect(events.join('\n')).not.toMatch(STACK_OVERFLOW);
    // The server is still there for the healthy workspace.
    const healthy = outline(await collect(client.sendMessageStream(prompt('hello', repo))));
    expect(healthy.at(-1)).toMatch(/completed/);
  });

  it('fails a task invoking a command of 300 !{…} blocks, none of them run', async () => {
    const gemini = await useFakeGemini([textReply('Never asked.')]);
    const repo = await hostileRepo({
      '.gemini/commands/many.toml': MANY_COMMAND,
      'touch.toml': TOUCH_POLICY,
    });
    const outcome = await runServeInProcess({
      gemini,
      repo,
      args: ['--policy', path.join(repo, 'touch.toml')],
    });
    if (!outcome.started) throw new Error(outcome.stderr);
    const client = await v1Client(outcome.server);
    const events = await collect(client.sendMessageStream(prompt('/many')));
    const first = events[0]?.payload;
    const taskId = first?.$case === 'task' ? first.value.id : '';
    let task: Task | undefined;
    await waitFor(async () => {
      task = await client.getTask({ tenant: '', id: taskId });
      return task.status?.state === TaskState.TASK_STATE_FAILED;
    });
    expect(failedText(task as Task)).toContain(
      '.gemini/commands/many.toml:35:1: expected at most 32 !{…} blocks in command /many',
    );
    expect(gemini.generateRequests()).toHaveLength(0);
    expect((await readdir(repo)).filter((name) => name.startsWith('marker-'))).toEqual([]);
  }, 120_000);
});

async function actionRun(
  files: Record<string, string>,
  options: { command?: string; inputs?: Record<string, string> } = {},
) {
  const workspace = await hostileRepo(files);
  const gemini = await useFakeGemini([textReply('Done.')]);
  const { run, github } = await runActionOnComment({
    body: options.command ?? '/gemini fix the spelling in the README',
    workspace,
    gemini,
    inputs: options.inputs,
  });
  const text = [...run.failed, ...run.logs].join('\n');
  expect(text).not.toMatch(STACK_OVERFLOW);
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+\)?/);
  return { run, gemini, github, workspace };
}

describe('through the Action', () => {
  it('fails the step at the manifest line and column for a 5,000-deep extension manifest', async () => {
    const { run, gemini } = await actionRun({ [MANIFEST_FILE]: deepManifest(DEEP) });
    expect(run.result.conclusion).toBe('failure');
    expect(run.failed.join('\n')).toContain(
      `${MANIFEST_FILE}:1:${manifestColumn()}: expected JSON nested at most 32 levels deep`,
    );
    expect(gemini.generateRequests()).toEqual([]);
  });

  it('fails the step for a 5,000-deep settings.json', async () => {
    const { run } = await actionRun({ '.gemini/settings.json': `{"x": ${nestedArrays(DEEP)}}` });
    expect(run.result.conclusion).toBe('failure');
    expect(run.failed.join('\n')).toContain('.gemini/settings.json:1:38: expected JSON nested');
  });

  it('fails the step for a 5,000-deep policy file', async () => {
    const { run } = await actionRun(
      { '.gemini/policies/deep.toml': `x = ${nestedArrays(DEEP)}\n` },
      { inputs: { policy: '.gemini/policies/deep.toml' } },
    );
    expect(run.result.conclusion).toBe('failure');
    expect(run.failed.join('\n')).toMatch(/deep\.toml:1:\d+: expected TOML nested at most 32/);
  });

  it('fails a command of 300 !{…} blocks before any runs', async () => {
    const { run, gemini, workspace } = await actionRun(
      { '.gemini/commands/many.toml': MANY_COMMAND, '.gemini/policies/touch.toml': TOUCH_POLICY },
      { command: '/gemini /many', inputs: { policy: '.gemini/policies/touch.toml' } },
    );
    expect(run.result.conclusion).toBe('failure');
    expect(run.failed.join('\n')).toContain(
      '.gemini/commands/many.toml:35:1: expected at most 32 !{…} blocks in command /many',
    );
    expect(gemini.generateRequests()).toEqual([]);
    expect((await readdir(workspace)).filter((name) => name.startsWith('marker-'))).toEqual([]);
  }, 120_000);
});
