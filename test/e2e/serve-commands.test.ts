// The extension's `commands/get` and `command/execute` through the built server, over command
// files in the Gemini CLI's format: the workspace's `.gemini/commands/`, an `--extension` folder,
// and the workspace AgentSettings names. A command's `{{args}}` and `!{…}` blocks are expanded by
// the task's own session, through its policy: a block the policy refuses, or would ask about,
// fails the task with that reason and no model request.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TaskState } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../support/fake-gemini.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import type { ServeProcess } from './support/serve-process.js';
import {
  authFetch,
  collect,
  EXTENSION_URI,
  outline,
  prompt,
  startServe,
  v1Client,
  waitFor,
  withExtension,
} from './support/serve-process.js';

const ARGS = ['--sandbox', 'none', '-m', 'gemini-2.5-flash'];

const RELEASE_NOTES = `description = "Draft the release notes for a version."
prompt = """Draft the release notes for {{args}}.
Changes: !{cat CHANGES.txt}
Tag: !{echo {{args}}}"""
`;

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** The extension's methods as JSON-RPC over HTTP: the SDK's clients have no call for them. */
function rpc(server: ServeProcess) {
  return async (method: string, params: unknown, version?: string): Promise<RpcAnswer> => {
    const response = await authFetch(server.token)(`${server.url}/a2a`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        // The methods are the extension's: a client using them activates it.
        ...(version === undefined
          ? { 'X-A2A-Extensions': EXTENSION_URI }
          : { 'A2A-Version': version, 'A2A-Extensions': EXTENSION_URI }),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return (await response.json()) as RpcAnswer;
  };
}

function requestText(request: FakeRequest | undefined): string {
  const contents = (request?.body as { contents?: { parts?: { text?: string }[] }[] }).contents;
  return (contents ?? [])
    .flatMap((content) => content.parts ?? [])
    .map((part) => part.text ?? '')
    .join('\n');
}

describe('gemini-agent serve: custom commands', () => {
  it('lists the workspace’s and the extensions’ commands, and runs one with its arguments and command output', async () => {
    const gemini = await useFakeGemini([textReply('v1.2 fixes the parser.', { delayMs: 1500 })]);
    const repo = await tempRepo({
      'CHANGES.txt': 'fixed the parser\n',
      '.gemini/commands/release/notes.toml': RELEASE_NOTES,
      '.gemini/commands/review.toml': 'prompt = "Review the working tree."\n',
    });
    const extension = await tempRepo({
      'gemini-extension.json': '{"name":"lint","version":"1.0.0"}',
      'commands/lint/fix.toml': 'description = "Fix the lint errors."\nprompt = "Fix them."\n',
    });
    const server = await startServe({
      gemini,
      repo,
      args: [
        ...ARGS,
        '--allow-command',
        'cat',
        '--allow-command',
        'echo',
        '--extension',
        extension,
      ],
    });
    const call = rpc(server);

    const listed = await call('commands/get', {}, '1.0');
    expect(listed.result?.['commands']).toEqual([
      {
        name: 'lint',
        description: '',
        arguments: [],
        sub_commands: [
          {
            name: 'fix',
            description: 'Fix the lint errors.',
            arguments: [
              { name: 'args', description: expect.any(String) as string, is_required: false },
            ],
            sub_commands: [],
          },
        ],
      },
      {
        name: 'release',
        description: '',
        arguments: [],
        sub_commands: [
          {
            name: 'notes',
            description: 'Draft the release notes for a version.',
            arguments: [
              { name: 'args', description: expect.any(String) as string, is_required: false },
            ],
            sub_commands: [],
          },
        ],
      },
      {
        name: 'review',
        description: 'Custom command from review.toml',
        arguments: [
          { name: 'args', description: expect.any(String) as string, is_required: false },
        ],
        sub_commands: [],
      },
    ]);
    // The 0.3 wire (no version header) answers the same.
    expect(await call('commands/get', {})).toEqual(listed);

    const started = await call('command/execute', {
      command_path: ['release', 'notes'],
      args: 'v1.2 beta',
    });
    expect(started.result).toEqual({
      execution_id: expect.any(String) as string,
      status: 'STARTED',
      message: '',
    });
    const id = String(started.result?.['execution_id']);
    const client = await v1Client(server);
    const events = outline(
      await collect(client.resubscribeTask({ tenant: '', id }, withExtension())),
    );
    expect(events.slice(-2)).toEqual([
      'TEXT_CONTENT working "v1.2 fixes the parser."',
      'STATE_CHANGE completed',
    ]);
    // The model got the expansion: {{args}} as typed, and shell-quoted inside !{…}.
    expect(requestText(gemini.generateRequests()[0])).toContain(
      'Draft the release notes for v1.2 beta.\nChanges: fixed the parser\nTag: v1.2 beta',
    );
    const task = await client.getTask({ tenant: '', id });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.history[0]?.parts[0]?.content).toEqual({
      $case: 'text',
      value: '/release:notes v1.2 beta',
    });

    expect(
      (await call('command/execute', { command_path: ['release', 'nope'] }, '1.0')).result,
    ).toEqual({
      execution_id: '',
      status: 'FAILED_TO_START',
      message: expect.stringMatching(
        /^There is no command \/release:nope in .+\. Its commands: \/lint:fix, \/release:notes, \/review\.$/,
      ) as string,
    });
  });

  it('serves the commands of the workspace AgentSettings names, inside a --root', async () => {
    const gemini = await useFakeGemini([textReply('Counted.')]);
    const repo = await tempRepo({ 'README.md': '# default\n' });
    const other = await tempRepo({
      'notes.txt': 'alpha\nbeta\n',
      '.gemini/commands/count.toml': 'prompt = "Lines: !{cat notes.txt}"\n',
    });
    const server = await startServe({
      gemini,
      repo,
      args: [...ARGS, '--root', other, '--allow-command', 'cat'],
    });
    const call = rpc(server);
    const settings = { [EXTENSION_URI]: { workspace_path: other } };
    expect((await call('commands/get', {}, '1.0')).result).toEqual({ commands: [] });
    const listed = await call('commands/get', { metadata: settings }, '1.0');
    expect(listed.result?.['commands']).toMatchObject([{ name: 'count' }]);

    const started = await call(
      'command/execute',
      { command_path: ['count'], args: '', metadata: settings },
      '1.0',
    );
    expect(started.result).toMatchObject({ status: 'STARTED' });
    const client = await v1Client(server);
    const id = String(started.result?.['execution_id']);
    await waitFor(
      async () =>
        (await client.getTask({ tenant: '', id })).status?.state === TaskState.TASK_STATE_COMPLETED,
    );
    expect(requestText(gemini.generateRequests()[0])).toContain('Lines: alpha\nbeta');
  });

  it('fails the task with the policy’s reason when a !{…} block is denied or would need a confirmation', async () => {
    const gemini = await useFakeGemini([textReply('Never asked.')]);
    const repo = await tempRepo({
      'notes.txt': 'notes\n',
      '.gemini/commands/fetch.toml': 'prompt = "Page: !{curl -s https://example.com}"\n',
      '.gemini/commands/greet.toml': 'prompt = "Greeting: !{echo hello}"\n',
    });
    const policy = path.join(await tempRepo(), 'ask.toml');
    await writeFile(
      policy,
      '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "echo"\ndecision = "ask_user"\npriority = 500\n',
    );
    const server = await startServe({ gemini, repo, args: [...ARGS, '--policy', policy] });
    const client = await v1Client(server);

    // A message that invokes a command is expanded as command/execute's is.
    const denied = outline(
      await collect(client.sendMessageStream(prompt('/fetch'), withExtension())),
    );
    expect(denied).toEqual(['task submitted', expect.any(String)]);
    expect(denied[1]).toMatch(
      /^STATE_CHANGE failed "\.gemini\/commands\/fetch\.toml: \/fetch cannot be run\. Blocked command: "curl -s https:\/\/example\.com"\. Reason: Tool execution denied by policy\./,
    );

    const asked = outline(
      await collect(client.sendMessageStream(prompt('/greet'), withExtension())),
    );
    expect(asked).toEqual([
      'task submitted',
      expect.stringContaining(
        "a command's !{…} blocks run before the task starts, where nobody can confirm them",
      ) as string,
    ]);
    expect(asked[1]).toMatch(/^STATE_CHANGE failed /);
    expect(gemini.generateRequests()).toHaveLength(0);

    // An unknown command is a failed task that lists the ones there are.
    const unknown = outline(await collect(client.sendMessageStream(prompt('/nope please'))));
    expect(unknown.at(-1)).toMatch(
      /^STATE_CHANGE failed "There is no command \/nope\. The available commands: \/fetch/,
    );
  });
});
