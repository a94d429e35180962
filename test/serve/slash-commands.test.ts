// `commands/get` and `command/execute` over a command catalog of the test's own: the tree the
// spec describes, a command run as a task the client then follows, and the refusals — under both
// protocol versions, through the real server and the real clients.
import { TaskState } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import type { CommandCatalog } from '../../src/cli/serve/slash-commands.js';
import { commandTree } from '../../src/cli/serve/slash-commands.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { authFetch, collect, outline, v1Client } from '../e2e/support/serve-process.js';
import { startTestServer } from './server-harness.js';

/** A small catalog standing in for the custom commands room's registry. */
const catalog: CommandCatalog = {
  list: () =>
    Promise.resolve([
      { name: 'review', description: 'Review the working tree.' },
      { name: 'git:commit', description: 'Write a commit message.' },
      { name: 'git:log', description: 'Summarise the history.' },
      { name: 'broken', description: 'A command whose file does not load.' },
    ]),
  expand: (name, args) => {
    if (name === 'broken') {
      return Promise.reject(
        new ConfigurationError('expected a "prompt" string.', {
          file: '.gemini/commands/broken.toml',
          line: 1,
          column: 1,
        }),
      );
    }
    if (name === 'git:commit') return Promise.resolve(`Write a commit message about: ${args}`);
    return Promise.resolve(undefined);
  },
};

describe('commandTree', () => {
  it('nests `a:b` names under their namespace, with the spec’s field names', () => {
    expect(
      commandTree([
        { name: 'git:log', description: 'History.' },
        { name: 'git', description: 'Git itself.' },
        { name: 'git:commit', description: 'Commit.' },
      ]),
    ).toEqual([
      {
        name: 'git',
        description: 'Git itself.',
        arguments: [
          { name: 'args', description: expect.any(String) as string, is_required: false },
        ],
        sub_commands: [
          {
            name: 'commit',
            description: 'Commit.',
            arguments: [
              { name: 'args', description: expect.any(String) as string, is_required: false },
            ],
            sub_commands: [],
          },
          {
            name: 'log',
            description: 'History.',
            arguments: [
              { name: 'args', description: expect.any(String) as string, is_required: false },
            ],
            sub_commands: [],
          },
        ],
      },
    ]);
  });
});

describe('commands/get and command/execute', () => {
  async function setUp() {
    const gemini = await useFakeGemini([
      textReply('Fix the typo in the README.', { delayMs: 1000 }),
    ]);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startTestServer({ gemini, repo, commands: catalog });
    const rpc = async (method: string, params: unknown, version?: string) => {
      const response = await authFetch(server.token)(`${server.url}/a2a`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(version === undefined ? {} : { 'A2A-Version': version }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return (await response.json()) as { result?: Record<string, unknown>; error?: unknown };
    };
    return { gemini, server, rpc };
  }

  it('lists the commands as a tree for 1.0 and 0.3 clients alike', async () => {
    const { rpc } = await setUp();
    const v1 = await rpc('commands/get', {}, '1.0');
    const legacy = await rpc('commands/get', {});
    expect(v1).toEqual(legacy);
    const names = (
      v1.result?.['commands'] as { name: string; sub_commands: { name: string }[] }[]
    ).map((command) => [command.name, command.sub_commands.map((sub) => sub.name)]);
    expect(names).toEqual([
      ['broken', []],
      ['git', ['commit', 'log']],
      ['review', []],
    ]);
  });

  it('starts a task with the command’s prompt, which the client follows to its end', async () => {
    const { gemini, server, rpc } = await setUp();
    const started = await rpc('command/execute', {
      command_path: ['git', 'commit'],
      args: 'the README typo',
    });
    expect(started.result).toEqual({
      execution_id: expect.any(String) as string,
      status: 'STARTED',
      message: '',
    });
    const client = await v1Client(server);
    const id = started.result?.['execution_id'] as string;
    const events = await collect(client.resubscribeTask({ tenant: '', id }));
    expect(outline(events).at(-1)).toBe('STATE_CHANGE completed');
    expect((await client.getTask({ tenant: '', id })).status?.state).toBe(
      TaskState.TASK_STATE_COMPLETED,
    );
    expect(JSON.stringify(gemini.generateRequests()[0]?.body)).toContain(
      'Write a commit message about: the README typo',
    );
  });

  it('answers FAILED_TO_START for an unknown command and for one that cannot be expanded', async () => {
    const { gemini, rpc } = await setUp();
    expect(
      (await rpc('command/execute', { command_path: ['nope'], args: '' }, '1.0')).result,
    ).toEqual({
      execution_id: '',
      status: 'FAILED_TO_START',
      message: 'There is no command /nope. Commands: /review, /git:commit, /git:log, /broken.',
    });
    expect((await rpc('command/execute', { command_path: ['broken'] })).result).toMatchObject({
      status: 'FAILED_TO_START',
      message: '.gemini/commands/broken.toml:1:1: expected a "prompt" string.',
    });
    expect(await rpc('command/execute', { args: 'x' })).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('command_path') as string },
    });
    expect(gemini.generateRequests()).toHaveLength(0);
  });
});
