// Hostile values that arrive already parsed — no configuration file to point at — against every
// piece of code that walks them: a model's function-call arguments, an MCP server's tool schemas
// and tool results, a discovery command's declarations, and JSON written into an Action input.
// Each of these reached recursive code (our own walkers, `JSON.stringify`, `structuredClone`, the
// MCP SDK's schema compiler) with values nested tens of thousands of levels deep, and ended the
// run with "Maximum call stack size exceeded" and no location; thousands of tools were declared
// in every request; a server's own output schema could hold the process in a backtracking regular
// expression. Each is now bounded before anything walks it, and fails where it belongs:
// - a model's call whose arguments pass a limit fails back to the model as invalid parameters,
//   and the session goes on;
// - a tool whose declaration passes a limit is left out with a warning naming its server (or
//   discovery command) and the tool, as a tool whose schema lacks types is;
// - a tool result past the limits is a tool error naming the limit;
// - JSON in an Action input is a configuration error at the input, line and column.
// Through the CLI, `serve` and the Action, where each applies.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Content, Part } from '@google/genai';
import { readActionInputs } from '../../src/action/action-inputs.js';
import { runCli } from '../../src/cli/run-cli.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { argumentTexts } from '../../src/policy/argument-text.js';
import { discoverTools } from '../../src/tools/discovered/discover-tools.js';
import { ToolProcesses } from '../../src/tools/tool-processes.js';
import { runActionOnComment } from '../support/action-harness.js';
import { testIo } from '../support/cli-io.js';
import { runCliWithModel } from '../support/cli-run.js';
import type { FakeGeminiServer, FakeStep } from '../support/fake-gemini.js';
import { callsReply, rawReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import {
  connectForTest,
  HOSTILE_SERVER,
  runMcpSession,
  tempWorkspace,
} from '../support/mcp-session.js';
import { tempRepo } from '../support/temp-repo.js';
import { collect, outline, prompt, v1Client } from '../e2e/support/serve-process.js';
import { runServeInProcess } from '../support/serve-in-process.js';
import { commentPayload } from './support/hostile-run.js';

const STACK_OVERFLOW = /Maximum call stack|stack size/i;

// The limits as docs/security.md states them (the code keeps each beside what it checks).
const ARGUMENT_LIMITS = { maxDepth: 64, maxEntries: 10_000, maxChars: 4 * 1024 * 1024 };
const DECLARATION_LIMITS = {
  maxDepth: 64,
  maxSchemaChars: 128 * 1024,
  maxDescriptionChars: 32 * 1024,
  maxTools: 512,
};
const RESULT_LIMITS = { maxDepth: 64, maxEntries: 10_000 };

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const DEEP = 100_000;

/** A model reply written as JSON text: what `JSON.stringify` could never write itself. */
function rawCalls(parts: string[]): FakeStep {
  return rawReply([
    `{"candidates":[{"content":{"role":"model","parts":[${parts.join(',')}]},"finishReason":"STOP","index":0}]}`,
  ]);
}

const call = (name: string, args: string, id = 'c1') =>
  `{"functionCall":{"id":"${id}","name":"${name}","args":${args}}}`;

/** The request after the model's first turn: what it was answered. */
function answers(gemini: FakeGeminiServer, request = 1): Part[] {
  const body = gemini.generateRequests()[request]?.body as { contents?: Content[] } | undefined;
  return body?.contents?.at(-1)?.parts ?? [];
}

function errorOf(part: Part | undefined): string {
  const response = part?.functionResponse?.response as { error?: unknown } | undefined;
  return typeof response?.error === 'string' ? response.error : JSON.stringify(response);
}

/** The model's own turn, as the next request replays it. */
function replayedCalls(gemini: FakeGeminiServer, request = 1): unknown[] {
  const body = gemini.generateRequests()[request]?.body as { contents?: Content[] } | undefined;
  return (body?.contents?.at(-2)?.parts ?? []).flatMap((part) =>
    part.functionCall ? [part.functionCall] : [],
  );
}

async function cliRun(repo: string, script: FakeStep[], args: readonly string[] = []) {
  const started = Date.now();
  const run = await runCliWithModel({
    script,
    args: ['--repo', repo, '--sandbox', 'none', ...args, '-p', 'Do it.'],
  });
  const text = `${run.stdout}\n${run.stderr}`;
  expect(text).not.toMatch(STACK_OVERFLOW);
  return { code: run.code, stderr: run.stderr, gemini: run.gemini, ms: Date.now() - started };
}

const demoRepo = (files: Record<string, string> = {}) =>
  tempRepo({ 'README.md': '# demo\n', ...files }, { git: true });

describe('a model’s function-call arguments, through the CLI', () => {
  const deepArgs = (deep: string) => `{"file_path":"README.md","x":${deep}}`;
  it.each([
    [
      'read_file with arguments 100,000 arrays deep',
      call('read_file', deepArgs(nestedArrays(DEEP))),
      'read_file',
      'expected arguments nested at most 64 levels deep; the array at x[0][0][0]…[0][0][0][0] is level 65.',
    ],
    [
      'run_shell_command with arguments 100,000 objects deep',
      call('run_shell_command', `{"command":"ls","x":${nestedObjects(DEEP)}}`),
      'run_shell_command',
      'expected arguments nested at most 64 levels deep; the object at x.a.a.a…a.a.a.a is level 65.',
    ],
    [
      'write_todos with a todo list 100,000 deep',
      call('write_todos', `{"todos":${nestedArrays(DEEP)}}`),
      'write_todos',
      'expected arguments nested at most 64 levels deep; the array at todos[0][0][0]…[0][0][0][0] is level 65.',
    ],
    [
      'codebase_investigator (a subagent) with arguments 100,000 deep',
      call('codebase_investigator', `{"objective":${nestedArrays(DEEP)}}`),
      'codebase_investigator',
      'expected arguments nested at most 64 levels deep',
    ],
    [
      'an argument object of 10,001 members',
      call(
        'read_file',
        `{${Array.from({ length: ARGUMENT_LIMITS.maxEntries + 1 }, (_, i) => `"k${i}":0`).join(',')}}`,
      ),
      'read_file',
      'expected at most 10000 members in one object of arguments; the object at the top level has 10001.',
    ],
    [
      'arguments of more than 4 MiB',
      call(
        'write_file',
        `{"file_path":"a.txt","content":"${'x'.repeat(ARGUMENT_LIMITS.maxChars)}"}`,
      ),
      'write_file',
      `expected arguments of at most ${ARGUMENT_LIMITS.maxChars} characters as JSON; the limit is passed at content.`,
    ],
  ])('fails %s back to the model as invalid parameters', async (_name, part, tool, message) => {
    const repo = await demoRepo();
    const run = await cliRun(repo, [rawCalls([part]), textReply('Done.')]);
    expect(run.code).toBe(0);
    expect(run.ms).toBeLessThan(20_000);
    const answer = answers(run.gemini)[0];
    expect(answer?.functionResponse?.name).toBe(tool);
    expect(errorOf(answer)).toContain(`Invalid parameters for ${tool}: ${message}`);
    // The history replays the call without what was refused.
    expect(replayedCalls(run.gemini)).toEqual([{ id: 'c1', name: tool, args: {} }]);
  });

  it('answers a call to an unknown tool with 100,000-deep arguments, and goes on', async () => {
    const repo = await demoRepo();
    const run = await cliRun(repo, [
      rawCalls([
        call('no_such_tool', nestedArrays(DEEP).replace(/^\[/, '{"x":[').replace(/\]$/, ']}')),
      ]),
      textReply('Done.'),
    ]);
    expect(run.code).toBe(0);
    expect(errorOf(answers(run.gemini)[0])).toMatch(/no_such_tool/);
    expect(replayedCalls(run.gemini)).toEqual([{ id: 'c1', name: 'no_such_tool', args: {} }]);
  });

  it('runs the sound call of a turn beside the refused one', async () => {
    const repo = await demoRepo();
    const run = await cliRun(repo, [
      rawCalls([
        call('read_file', `{"file_path":"README.md","x":${nestedArrays(DEEP)}}`, 'bad'),
        call('read_file', '{"file_path":"README.md"}', 'good'),
      ]),
      textReply('Done.'),
    ]);
    expect(run.code).toBe(0);
    const [bad, good] = answers(run.gemini);
    expect(errorOf(bad)).toContain('Invalid parameters for read_file');
    expect(JSON.stringify(good?.functionResponse?.response)).toContain('# demo');
  });

  it('leaves out a part with a 100,000-deep field of its own, with a warning', async () => {
    const repo = await demoRepo();
    const run = await cliRun(repo, [
      rawCalls([
        `{"text":"Reading.","x":${nestedArrays(DEEP)}}`,
        call('read_file', '{"file_path":"README.md"}'),
      ]),
      textReply('Done.'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'The model sent a response part that was left out: expected a response part nested at most 64 levels deep',
    );
    const body = run.gemini.generateRequests()[1]?.body as { contents: Content[] };
    expect(body.contents.at(-2)?.parts?.map((part) => Object.keys(part))).toEqual([
      ['functionCall'],
    ]);
  });

  it('refuses a function call whose name is 100,000 arrays deep as an unnamed call', async () => {
    const repo = await demoRepo();
    const run = await cliRun(repo, [
      rawCalls([`{"functionCall":{"id":"c1","name":${nestedArrays(DEEP)},"args":{}}}`]),
      textReply('Done.'),
    ]);
    expect(run.code).toBe(0);
    expect(replayedCalls(run.gemini)).toEqual([{ id: 'c1', args: {} }]);
  });
});

describe('a model’s reply 100,000 deep, recorded with --record', () => {
  // The recorder wrote every reply out by recursion, before the agent's limits saw it: the model
  // call failed ("The model request failed: Maximum call stack size exceeded") and the run ended
  // with exit 1. Recording must not change the outcome; the recording says what it left out.
  const script = () => [
    rawCalls([call('read_file', `{"file_path":"README.md","x":${nestedArrays(DEEP)}}`)]),
    textReply('Done.'),
  ];
  const refused =
    'Invalid parameters for read_file: expected arguments nested at most 64 levels deep';

  async function recordedLines(file: string): Promise<Record<string, unknown>[]> {
    const text = await readFile(file, 'utf8');
    return text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  function expectLeftOutFirst(lines: Record<string, unknown>[]): void {
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({
      method: 'generateContentStream',
      leftOut: expect.stringContaining(
        'expected a recorded model call nested at most 64 levels deep',
      ) as unknown,
    });
    expect(lines[1]).toMatchObject({ method: 'generateContentStream' });
  }

  it('the CLI (-p): the run goes on as unrecorded, and a replay stops at the line left out', async () => {
    const repo = await demoRepo();
    const file = path.join(await tempRepo(), 'session.jsonl');
    const run = await cliRun(repo, script(), ['--record', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('The model request failed');
    expect(errorOf(answers(run.gemini)[0])).toContain(refused);
    expectLeftOutFirst(await recordedLines(file));

    const replay = await cliRun(repo, [], ['--replay', file]);
    // A recording that cannot be replayed is a usage error of --replay, as any other is.
    expect(replay.code, replay.stderr).toBe(42);
    expect(replay.stderr).toContain(
      `error: --replay: ${file}:1: the model's reply to this generateContentStream call was left out of the recording, so it cannot be replayed: expected a recorded model call nested at most 64 levels deep`,
    );
  });

  it('gemini-agent run: the run posts its answer, and the recording says what it left out', async () => {
    const dir = await tempRepo();
    const file = path.join(dir, 'session.jsonl');
    const out = path.join(dir, 'out');
    const event = path.join(dir, 'event.json');
    await writeFile(event, JSON.stringify(commentPayload('/gemini read the README')));
    const gemini = await useFakeGemini(script());
    const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: gemini.url });
    const args = ['--event', event, '--event-name', 'issue_comment', '--repo', await demoRepo()];
    const code = await runCli(['run', ...args, '--record', file, '--out', out], run.io);
    expect(code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(STACK_OVERFLOW);
    expect(errorOf(answers(gemini)[0])).toContain(refused);
    expect(await readFile(path.join(out, 'comment-1.md'), 'utf8')).toContain('Done.');
    expectLeftOutFirst(await recordedLines(file));
  });
});

describe('a model’s function-call arguments, through serve and the Action', () => {
  const script = () => [
    rawCalls([call('read_file', `{"file_path":"README.md","x":${nestedArrays(DEEP)}}`)]),
    textReply('Done.'),
  ];
  const refused =
    'Invalid parameters for read_file: expected arguments nested at most 64 levels deep';

  it('serve: the task completes, and the model reads why its call was refused', async () => {
    const gemini = await useFakeGemini(script());
    const outcome = await runServeInProcess({ gemini, repo: await demoRepo() });
    if (!outcome.started) throw new Error(outcome.stderr);
    const client = await v1Client(outcome.server);
    const events = outline(await collect(client.sendMessageStream(prompt('Read the README.'))));
    expect(events.at(-1)).toMatch(/completed/);
    expect(events.join('\n')).not.toMatch(STACK_OVERFLOW);
    expect(errorOf(answers(gemini)[0])).toContain(refused);
    expect(outcome.server.stderr()).not.toMatch(STACK_OVERFLOW);
  });

  it('the Action: the run succeeds, and the model reads why its call was refused', async () => {
    const { run, gemini } = await actionRun({}, script());
    expect(run.result.conclusion).toBe('success');
    expect(errorOf(answers(gemini)[0])).toContain(refused);
  });
});

describe('policy argument texts', () => {
  it('policy explain refuses --args 100,000 deep as a run would: exit 42, saying where', async () => {
    const repo = await demoRepo();
    for (const tool of ['run_shell_command', 'an_mcp_tool']) {
      const run = testIo({ HOME: repo });
      const args = `{"command":"ls","x":${nestedArrays(DEEP)}}`;
      const code = await runCli(
        ['policy', 'explain', '--repo', repo, '--tool', tool, '--args', args],
        run.io,
      );
      expect(code).toBe(42);
      expect(run.stderr).toContain(
        '--args: expected arguments nested at most 64 levels deep; the array at x[0][0][0]…[0][0][0][0] is level 65.',
      );
    }
  });

  it('writes 100,000-deep arguments for argsPattern without exhausting the stack', () => {
    const args = JSON.parse(`{"command":"ls","x":${nestedArrays(DEEP)}}`) as Record<
      string,
      unknown
    >;
    const texts = argumentTexts('run_shell_command', args);
    expect(texts[0]?.startsWith('{"command":"ls","x":[[[')).toBe(true);
    expect(texts[0]?.length).toBe(JSON.stringify({ command: 'ls', x: [] }).length + 2 * DEEP - 2);
  });
});

function mcpServer(mode: string) {
  return { command: process.execPath, args: [HOSTILE_SERVER, mode], trust: true };
}

describe('MCP tool schemas', () => {
  it.each([
    [
      'deep_properties',
      'an input schema 10,000 objects deep',
      'expected a parameter schema nested at most 64 levels deep; the object at properties.a.properties.a…properties.a.properties.a is level 65.',
    ],
    [
      'deep_any_of',
      'an input schema of 10,000 nested anyOf',
      'expected a parameter schema nested at most 64 levels deep',
    ],
    [
      'deep_items',
      'an input schema of 10,000 nested array items',
      'expected a parameter schema nested at most 64 levels deep',
    ],
    [
      'long_description',
      'a description of 1 MiB',
      `expected a description of at most ${DECLARATION_LIMITS.maxDescriptionChars} characters; it has 1048576.`,
    ],
    [
      'wide_schema',
      'a schema of 200,000 characters',
      `expected a parameter schema of at most ${DECLARATION_LIMITS.maxSchemaChars} characters as JSON`,
    ],
  ])(
    'leaves out %s (%s), naming the server and the tool; the others are offered',
    async (tool, _what, reason) => {
      const mcp = await connectForTest({ hostile: mcpServer('schemas') });
      expect(mcp.servers[0]?.state).toBe('connected');
      expect(mcp.tools.map((t) => t.name)).toContain('ping');
      expect(mcp.tools.map((t) => t.name)).not.toContain(tool);
      expect(
        mcp.servers[0]?.skippedTools.find((skipped) => skipped.name === tool)?.reason,
      ).toContain(reason);
      const warning = mcp.log.lines.find((line) => line.message.includes(`'${tool}'`));
      expect(warning).toMatchObject({ level: 'warning' });
      expect(warning?.message).toContain(
        `Skipping tool '${tool}' from MCP server 'hostile': ${reason}`,
      );
    },
    60_000,
  );

  it('offers a tool whose output schema is 10,000 deep, without compiling that schema', async () => {
    const mcp = await connectForTest({ hostile: mcpServer('schemas') });
    expect(mcp.tools.map((t) => t.name)).toEqual(['ping', 'deep_output']);
    expect(mcp.log.lines.map((line) => line.message).join('\n')).not.toMatch(STACK_OVERFLOW);
  }, 60_000);

  it('offers 512 of a server’s 5,000 tools and says so in one line', async () => {
    const mcp = await connectForTest({ many: mcpServer('many') });
    expect(mcp.tools).toHaveLength(DECLARATION_LIMITS.maxTools);
    expect(mcp.tools.at(-1)?.name).toBe('t511');
    const lines = mcp.log.lines.filter((line) => line.level === 'warning');
    expect(lines.map((line) => line.message)).toEqual([
      "MCP server 'many': expected at most 512 tools (each is declared to the model in every request); it declares 5000, so the last 4488 are left out.",
    ]);
    expect(mcp.servers[0]?.skippedTools).toHaveLength(4488);
  }, 60_000);
});

describe('MCP tool results', () => {
  it.each([
    [
      'deep_structured',
      'structured content 100,000 arrays deep',
      'expected a tool result nested at most 64 levels deep; the array at structuredContent.x[0][0]…[0][0][0][0] is level 65.',
    ],
    [
      'deep_error',
      'an error result 100,000 deep',
      'expected a tool result nested at most 64 levels deep; the array at content[0]._meta.x…[0][0][0][0] is level 65.',
    ],
    [
      'deep_legacy',
      'a toolResult 100,000 deep (the protocol’s first version)',
      'expected a tool result nested at most 64 levels deep; the array at toolResult[0][0][0]…[0][0][0][0] is level 65.',
    ],
    [
      'deep_checked',
      'structured content 100,000 deep under a recursive output schema',
      'expected a tool result nested at most 64 levels deep; the object at structuredContent.x.x.x…x.x.x.x is level 65.',
    ],
    [
      'many_blocks',
      '100,000 content blocks',
      `expected at most ${RESULT_LIMITS.maxEntries} items in one array of a tool result; the array at content has 100000.`,
    ],
  ])(
    'fails the call of %s (%s) with the limit; the session goes on',
    async (tool, _what, reason) => {
      const mcp = await connectForTest({ answers: mcpServer('results') });
      const run = await runMcpSession(mcp.tools, [
        callsReply([{ id: 'h', name: tool, args: {} }]),
        callsReply([{ id: 'p', name: 'ping', args: {} }]),
        textReply('Done.'),
      ]);
      expect(run.result.reason).toBe('completed');
      const hostile = run.bodies[1]?.contents.at(-1)?.parts?.[0];
      expect(errorOf(hostile)).toContain(
        `MCP tool '${tool}' (server 'answers') failed: its result was refused: ${reason}`,
      );
      expect(errorOf(hostile)).not.toMatch(STACK_OVERFLOW);
      expect(run.calls.get('h')).toMatchObject({
        status: 'FAILED',
        error: { type: 'mcp_tool_error' },
      });
      expect(run.calls.get('p')).toMatchObject({ status: 'SUCCEEDED' });
    },
    60_000,
  );

  it('answers at once a result whose output schema backtracks catastrophically on it', async () => {
    const mcp = await connectForTest({ answers: mcpServer('results') });
    const started = Date.now();
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'b', name: 'backtracking', args: {} }]),
      textReply('Done.'),
    ]);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(run.result.reason).toBe('completed');
    expect(run.calls.get('b')).toMatchObject({ status: 'SUCCEEDED' });
  }, 60_000);
});

const HOSTILE_SETTINGS = JSON.stringify({
  mcpServers: { shapes: mcpServer('schemas'), answers: mcpServer('results') },
});
/** The model calls the deep-structured tool, then a sound one, then answers. */
const MCP_SCRIPT = () => [
  callsReply([{ id: 'h', name: 'deep_structured', args: {} }]),
  callsReply([{ id: 'p', name: 'answers__ping', args: {} }]),
  textReply('Done.'),
];
const SKIPPED =
  "Skipping tool 'deep_properties' from MCP server 'shapes': expected a parameter schema nested at most 64 levels deep";
const RESULT_REFUSED =
  "MCP tool 'deep_structured' (server 'answers') failed: its result was refused: expected a tool result nested at most 64 levels deep";

function expectMcpHandled(gemini: FakeGeminiServer): void {
  const declared = (
    gemini.generateRequests()[0]?.body as {
      tools?: { functionDeclarations?: { name: string }[] }[];
    }
  ).tools?.flatMap((tool) => (tool.functionDeclarations ?? []).map((d) => d.name));
  expect(declared).toEqual(expect.arrayContaining(['shapes__ping', 'answers__ping']));
  expect(declared).not.toContain('deep_properties');
  expect(errorOf(answers(gemini, 1)[0])).toContain(RESULT_REFUSED);
  expect(JSON.stringify(answers(gemini, 2)[0])).toContain('pong');
}

describe('hostile MCP servers through each entry point', () => {
  it('the CLI: leaves out the tools, fails the call, exits 0', async () => {
    const repo = await demoRepo({ '.gemini/settings.json': HOSTILE_SETTINGS });
    const run = await cliRun(repo, MCP_SCRIPT());
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(SKIPPED);
    expectMcpHandled(run.gemini);
  }, 60_000);

  it('serve: the task completes', async () => {
    const gemini = await useFakeGemini(MCP_SCRIPT());
    const repo = await demoRepo({ '.gemini/settings.json': HOSTILE_SETTINGS });
    const outcome = await runServeInProcess({ gemini, repo });
    if (!outcome.started) throw new Error(outcome.stderr);
    const client = await v1Client(outcome.server);
    const events = outline(await collect(client.sendMessageStream(prompt('Use the tools.'))));
    expect(events.at(-1)).toMatch(/completed/);
    expect(outcome.server.stderr()).toContain(SKIPPED);
    expect(`${events.join('\n')}${outcome.server.stderr()}`).not.toMatch(STACK_OVERFLOW);
    expectMcpHandled(gemini);
  }, 60_000);

  it('the Action: the run succeeds', async () => {
    const { run, gemini } = await actionRun(
      { '.gemini/settings.json': HOSTILE_SETTINGS },
      MCP_SCRIPT(),
    );
    expect(run.result.conclusion).toBe('success');
    expect(run.logs.join('\n')).toContain(SKIPPED);
    expectMcpHandled(gemini);
  }, 60_000);
});

describe('an MCP server writing 256 MiB without a newline, through the CLI', () => {
  // One message is held up to its limit (64 MiB and the envelope); past it the server is stopped.
  // Before, a stdio server was cut at the SDK's 10 MiB with a debug line only ("its process was
  // killed by SIGTERM"), and HTTP servers were held whole.
  it('stops that server, fails its call saying why, and the run goes on to exit 0', async () => {
    const repo = await demoRepo({
      '.gemini/settings.json': JSON.stringify({
        mcpServers: { flood: mcpServer('endless'), answers: mcpServer('results') },
      }),
    });
    const run = await cliRun(repo, [
      callsReply([{ id: 'e', name: 'endless', args: {} }]),
      callsReply([{ id: 'p', name: 'answers__ping', args: {} }]),
      textReply('Done.'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const tooLarge =
      'it sent a message of more than 67174400 bytes, the most one MCP message may hold, so it was stopped';
    expect(errorOf(answers(run.gemini, 1)[0])).toBe(
      `MCP tool 'endless' (server 'flood') failed: the server closed the connection (${tooLarge}).`,
    );
    expect(run.stderr).toContain(`MCP server 'flood' closed the connection (${tooLarge})`);
    expect(JSON.stringify(answers(run.gemini, 2)[0])).toContain('pong');
  }, 60_000);
});

/** A discovery command printing `output` (a script in the workspace, run by node). */
async function discovery(output: string) {
  const root = await tempWorkspace();
  await writeFile(path.join(root, 'declarations.json'), output);
  const processes = new ToolProcesses({
    workspaceRoot: root,
    parentEnv: { PATH: process.env['PATH'] },
  });
  const logger = memoryLogger();
  const tools = await discoverTools({
    discoveryCommand: 'cat declarations.json',
    callCommand: 'false',
    processes,
    logger,
  });
  await processes.close();
  const warnings = logger.lines.filter((line) => line.level === 'warning').map((l) => l.message);
  expect(warnings.join('\n')).not.toMatch(STACK_OVERFLOW);
  return { names: tools.map((tool) => tool.name), warnings };
}

const GOOD = '{"name":"good","description":"Fine.","parametersJsonSchema":{"type":"object"}}';

describe('discovered tools', () => {
  const deepSchema = (key: string) =>
    `{"name":"deep","${key}":${'{"type":"OBJECT","properties":{"a":'.repeat(10_000)}{"type":"STRING"}${'}}'.repeat(10_000)}}`;
  it.each([
    [
      'Gemini-style parameters 10,000 deep (lower-cased by a walk)',
      deepSchema('parameters'),
      'item 1: "deep" is left out: expected a parameter schema nested at most 64 levels deep; the object at properties.a.properties.a…properties.a.properties.a is level 65.',
    ],
    [
      'parametersJsonSchema 10,000 deep',
      deepSchema('parametersJsonSchema'),
      'item 1: "deep" is left out: expected a parameter schema nested at most 64 levels deep',
    ],
    [
      'a description of 1 MiB',
      `{"name":"deep","description":"${'x'.repeat(1024 * 1024)}"}`,
      `item 1: "deep" is left out: expected a description of at most ${DECLARATION_LIMITS.maxDescriptionChars} characters`,
    ],
    [
      'a declaration 10,000 deep inside functionDeclarations',
      `{"functionDeclarations":[${deepSchema('parameters')}]}`,
      'item 1, declaration 0: "deep" is left out: expected a parameter schema nested',
    ],
  ])('leaves out %s, saying why, and keeps the others', async (_name, entry, warning) => {
    const found = await discovery(`[${GOOD},${entry}]`);
    expect(found.names).toEqual(['good']);
    expect(found.warnings).toEqual([
      expect.stringContaining(`Tool discovery (cat declarations.json): ${warning}`),
    ]);
  });

  it('offers 512 of 5,000 declarations and says so in one line', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `{"name":"t${i}"}`).join(',');
    const found = await discovery(`[${many}]`);
    expect(found.names).toHaveLength(DECLARATION_LIMITS.maxTools);
    expect(found.warnings).toEqual([
      'Tool discovery (cat declarations.json): expected at most 512 tools (each is declared to the model in every request); it declares 5000, so the last 4488 are left out.',
    ]);
  });

  it('reads 512 of 1,000,001 entries, most not declarations, in 512 warnings', async () => {
    const found = await discovery(
      `[${GOOD},${Array.from({ length: 1_000_000 }, () => '1').join(',')}]`,
    );
    expect(found.names).toEqual(['good']);
    expect(found.warnings).toHaveLength(DECLARATION_LIMITS.maxTools);
    expect(found.warnings.at(-1)).toContain(
      'it declares 1000001, so the last 999489 are left out.',
    );
  });

  it('leaves out a list nested 100,000 deep as one item that is not a declaration', async () => {
    const found = await discovery(`[${GOOD},${nestedArrays(DEEP)}]`);
    expect(found.names).toEqual(['good']);
  });
});

const DEEP_DISCOVERY = `[${GOOD},{"name":"deep","parameters":${'{"type":"OBJECT","properties":{"a":'.repeat(10_000)}{"type":"STRING"}${'}}'.repeat(10_000)}}]`;
const DISCOVERY_FILES = {
  'declarations.json': DEEP_DISCOVERY,
  '.gemini/settings.json': JSON.stringify({
    tools: { discoveryCommand: 'cat declarations.json', callCommand: 'false' },
  }),
};
const LEFT_OUT = '"deep" is left out: expected a parameter schema nested at most 64 levels deep';

describe('a hostile discovery command through each entry point', () => {
  it('the CLI: offers the sound tool, says why the other is left out, exits 0', async () => {
    const run = await cliRun(await demoRepo(DISCOVERY_FILES), [textReply('Done.')], ['--yolo']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(LEFT_OUT);
  });

  it('serve: the task completes', async () => {
    const gemini = await useFakeGemini([textReply('Done.')]);
    const outcome = await runServeInProcess({ gemini, repo: await demoRepo(DISCOVERY_FILES) });
    if (!outcome.started) throw new Error(outcome.stderr);
    const client = await v1Client(outcome.server);
    const events = outline(await collect(client.sendMessageStream(prompt('hello'))));
    expect(events.at(-1)).toMatch(/completed/);
    expect(outcome.server.stderr()).toContain(LEFT_OUT);
  });

  it('the Action: the run succeeds', async () => {
    const { run } = await actionRun(DISCOVERY_FILES, [textReply('Done.')]);
    expect(run.result.conclusion).toBe('success');
    expect(run.logs.join('\n')).toContain(LEFT_OUT);
  });
});

/** The configuration error reading these inputs gives (the model key set). */
function inputError(inputs: Record<string, string>): ConfigurationError {
  let thrown: unknown;
  try {
    const given: Record<string, string> = { gemini_api_key: 'k', github_token: 't', ...inputs };
    readActionInputs((name) => given[name] ?? '', {});
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigurationError);
  expect((thrown as Error).message).not.toMatch(STACK_OVERFLOW);
  return thrown as ConfigurationError;
}

describe('JSON written into Action inputs', () => {
  it.each([
    [
      'settings: 5,000 nested arrays',
      { settings: `{"x": ${nestedArrays(5000)}}` },
      'settings:1:38: expected JSON nested at most 32 levels deep; the array opened here is level 33.',
    ],
    [
      'settings: 5,000 nested objects on the second line',
      { settings: `{\n"x": ${nestedObjects(5000)}}` },
      'settings:2:161: expected JSON nested at most 32 levels deep; the object opened here is level 33.',
    ],
    [
      'settings: more than 1 MiB',
      { settings: `{"x": "${'a'.repeat(1024 * 1024)}"}` },
      'settings:1:1048577: expected JSON of at most 1048576 bytes',
    ],
    [
      'extensions: a list 5,000 deep',
      { extensions: nestedArrays(5000) },
      'extensions:1:33: expected JSON nested at most 32 levels deep; the array opened here is level 33.',
    ],
    [
      'extensions: an entry that is a list',
      { extensions: '["a", [["b"]]]' },
      'extensions: expected extension folders as strings; got a list.',
    ],
  ])('refuses %s at the input, line and column', (_name, inputs, message) => {
    expect(inputError(inputs).message).toContain(message);
  });

  it('fails the Action’s step for 5,000-deep inline settings, saying where', async () => {
    const { run, gemini } = await actionRun({}, [textReply('Never asked.')], {
      settings: `{"x": ${nestedArrays(5000)}}`,
    });
    expect(run.result.conclusion).toBe('failure');
    expect(run.failed.join('\n')).toContain('settings:1:38: expected JSON nested at most 32');
    expect(gemini.generateRequests()).toEqual([]);
  });
});

async function actionRun(
  files: Record<string, string>,
  script: FakeStep[],
  inputs: Record<string, string> = {},
) {
  const gemini = await useFakeGemini(script);
  const { run } = await runActionOnComment({
    body: '/gemini read the README',
    workspace: await demoRepo(files),
    gemini,
    inputs,
  });
  expect([...run.failed, ...run.logs].join('\n')).not.toMatch(STACK_OVERFLOW);
  return { run, gemini };
}
