// `commands/get` and `command/execute` over a command catalog of the test's own: the tree the
// spec describes, a command started as a task the client then follows, the workspace a request
// picks, and the refusals — under both protocol versions, through the real server and the real
// clients. (test/e2e/serve-commands.test.ts runs real command files through the built server.)
import { TaskState } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../src/platform/errors.js';
import { DEVELOPMENT_TOOL_URI } from '../../src/cli/a2a-server/development-tool.js';
import type { CommandCatalog } from '../../src/cli/a2a-server/slash-commands.js';
import { commandTree } from '../../src/cli/a2a-server/slash-commands.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { authFetch, collect, outline, v1Client } from '../e2e/support/serve-process.js';
import { startTestServer } from './server-harness.js';

/** A small catalog standing in for a workspace's command files; it notes the workspaces asked. */
const asked: string[] = [];
const catalog: CommandCatalog = {
  list: (workspace) => {
    asked.push(workspace);
    return Promise.resolve([
      { name: 'review', description: 'Review the working tree.' },
      { name: 'git:commit', description: 'Write a commit message.' },
      { name: 'git:log', description: 'Summarise the history.' },
    ]);
  },
  problemWith: (workspace, name) => {
    asked.push(workspace);
    if (name === 'broken') {
      return Promise.resolve(
        new ConfigurationError('expected a "prompt" string.', {
          file: '.gemini/commands/broken.toml',
          line: 1,
          column: 1,
        }).message,
      );
    }
    return Promise.resolve(name === 'git:commit' ? undefined : `There is no command /${name}.`);
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
    return { gemini, server, rpc, repo };
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
      ['git', ['commit', 'log']],
      ['review', []],
    ]);
  });

  it('lists the commands of the workspace AgentSettings names, and refuses one outside the roots', async () => {
    const { rpc, repo } = await setUp();
    const inside = path.join(repo, 'packages', 'app');
    await mkdir(inside, { recursive: true });
    asked.length = 0;
    const settings = (workspace: string) => ({
      metadata: { [DEVELOPMENT_TOOL_URI]: { workspace_path: workspace } },
    });
    expect((await rpc('commands/get', settings(inside), '1.0')).result).toHaveProperty('commands');
    expect(asked).toEqual([await realpath(inside)]);
    const outside = await tempRepo();
    for (const method of ['commands/get', 'command/execute']) {
      expect(
        await rpc(method, { command_path: ['git', 'commit'], ...settings(outside) }, '1.0'),
      ).toMatchObject({
        error: {
          code: -32602,
          message: expect.stringContaining(
            'is outside the workspaces this server was started with',
          ) as string,
        },
      });
    }
    expect(await rpc('commands/get', { metadata: 'ws' })).toMatchObject({
      error: {
        code: -32602,
        message: expect.stringContaining('metadata must be an object') as string,
      },
    });
  });

  it('starts a task invoking the command, which the client follows to its end', async () => {
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
    const task = await client.getTask({ tenant: '', id });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    // The task's message is the invocation; the session expands it (this harness's sessions
    // take it as written).
    expect(task.history[0]?.parts[0]?.content).toEqual({
      $case: 'text',
      value: '/git:commit the README typo',
    });
    expect(gemini.generateRequests()).toHaveLength(1);
  });

  it('answers FAILED_TO_START for an unknown command and for one that cannot be expanded', async () => {
    const { gemini, rpc } = await setUp();
    expect(
      (await rpc('command/execute', { command_path: ['nope'], args: '' }, '1.0')).result,
    ).toEqual({
      execution_id: '',
      status: 'FAILED_TO_START',
      message: 'There is no command /nope.',
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
