// Confirmations through `gemini-agent serve`: a call whose policy rule says ask_user goes to the
// client as a PENDING ToolCall with its confirmation request, then input-required (final on the
// 0.3 wire); the client's ToolCallConfirmation resumes the task. The policy stays in charge: what
// it denies is never asked about, and `proceed_always` reaches no further than this task.
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSseStream, Role, TaskState } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeRequest } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import {
  authFetch,
  collect,
  compatClient,
  confirmationOf,
  dataParts,
  EXTENSION_URI,
  outline,
  prompt,
  send,
  startServe,
  taskIds,
  textPart,
  v1Client,
  withExtension,
} from './support/serve-process.js';

const ASK_POLICY = `
[[rule]]
toolName = "run_shell_command"
commandPrefix = "echo"
decision = "ask_user"
priority = 500

[[rule]]
toolName = "write_file"
decision = "ask_user"
priority = 500
`;

async function serverAsking(script: Parameters<typeof useFakeGemini>[0]) {
  const gemini = await useFakeGemini(script);
  const repo = await tempRepo({ 'notes.txt': 'one\ntwo\n' }, { git: true });
  const policy = path.join(await tempRepo(), 'ask.toml');
  await writeFile(policy, ASK_POLICY);
  const server = await startServe({
    gemini,
    repo,
    args: ['--sandbox', 'none', '--policy', policy, '-m', 'gemini-2.5-flash'],
  });
  return { gemini, repo, server };
}

/** What the model was told about a call, from the request after it. */
function functionResponse(request: FakeRequest | undefined, id: string): unknown {
  const contents = (request?.body as { contents?: { parts?: unknown[] }[] } | undefined)?.contents;
  const parts = (contents ?? []).flatMap((content) => content.parts ?? []) as {
    functionResponse?: { id?: string; response?: unknown };
  }[];
  return parts.find((part) => part.functionResponse?.id === id)?.functionResponse?.response;
}

describe('gemini-agent serve: confirmations', () => {
  it('asks about a shell call, and runs it when the 1.x client answers proceed_once', async () => {
    const { gemini, server } = await serverAsking([
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: 'echo approved' } }]),
      textReply('It printed approved.'),
    ]);
    const client = await v1Client(server);
    const first = await collect(client.sendMessageStream(prompt('Say approved.'), withExtension()));
    expect(outline(first)).toEqual([
      'task submitted',
      'STATE_CHANGE working',
      'TOOL_CALL_CONFIRMATION working run_shell_command PENDING',
      'STATE_CHANGE input_required',
    ]);
    expect(dataParts(first)[0]).toEqual({
      tool_call_id: 's1',
      status: 'PENDING',
      tool_name: 'run_shell_command',
      description: 'Run: echo approved',
      input_parameters: { command: 'echo approved' },
      confirmation_request: {
        options: [
          { id: 'proceed_once', name: 'Allow once' },
          {
            id: 'proceed_always',
            name: 'Allow for this task',
            description: expect.any(String) as string,
          },
          { id: 'cancel', name: 'Reject', description: expect.any(String) as string },
        ],
        execute_details: {
          command: 'echo approved',
          working_directory: expect.any(String) as string,
        },
      },
    });
    const ids = taskIds(first);
    expect((await client.getTask({ tenant: '', id: ids.taskId })).status?.state).toBe(6);
    expect(gemini.generateRequests()).toHaveLength(1);

    const second = await collect(
      client.sendMessageStream(confirmationOf(ids, 's1', 'proceed_once'), withExtension()),
    );
    expect(outline(second)).toEqual([
      'task input_required',
      'STATE_CHANGE working',
      'TOOL_CALL_UPDATE working run_shell_command EXECUTING',
      'TOOL_CALL_UPDATE working run_shell_command EXECUTING',
      'TOOL_CALL_UPDATE working run_shell_command SUCCEEDED',
      'TEXT_CONTENT working "It printed approved."',
      'STATE_CHANGE completed',
    ]);
    expect(taskIds(second)).toEqual(ids);
    expect(JSON.stringify(functionResponse(gemini.generateRequests()[1], 's1'))).toContain(
      'approved',
    );
  });

  it('skips the call when the v0.3 compatibility client answers cancel', async () => {
    const { gemini, repo, server } = await serverAsking([
      callsReply([
        { id: 'w1', name: 'write_file', args: { file_path: 'notes.txt', content: 'erased\n' } },
      ]),
      textReply('I left the notes alone.'),
    ]);
    const client = await compatClient(server);
    expect(client.protocolVersion).toBe('0.3');
    const first = await collect(
      client.sendMessageStream(prompt('Erase the notes.'), withExtension()),
    );
    expect(outline(first).slice(-2)).toEqual([
      'TOOL_CALL_CONFIRMATION working write_file PENDING',
      'STATE_CHANGE input_required',
    ]);
    expect(dataParts(first)[0]).toMatchObject({
      confirmation_request: {
        file_edit_details: {
          file_name: 'notes.txt',
          file_path: path.join(repo, 'notes.txt'),
          old_content: 'one\ntwo\n',
          new_content: 'erased\n',
          formatted_diff: expect.stringContaining('+erased') as string,
        },
      },
    });
    const second = await collect(
      client.sendMessageStream(confirmationOf(taskIds(first), 'w1', 'cancel'), withExtension()),
    );
    expect(outline(second)).toEqual([
      'task input_required',
      'STATE_CHANGE working',
      'TOOL_CALL_UPDATE working write_file CANCELLED',
      'TEXT_CONTENT working "I left the notes alone."',
      'STATE_CHANGE completed',
    ]);
    expect(dataParts(second)[0]).toMatchObject({
      error: { message: '[Operation Cancelled] Reason: The user rejected this call.' },
    });
    expect(await readFile(path.join(repo, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
    // tasks/get on the 0.3 wire: the task as it ended, with both messages the client sent.
    const ids = taskIds(first);
    const task = await client.getTask({ tenant: '', id: ids.taskId });
    expect(task).toMatchObject({ id: ids.taskId, contextId: ids.contextId });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.history.filter((message) => message.role === Role.ROLE_USER)).toHaveLength(2);
    expect(functionResponse(gemini.generateRequests()[1], 'w1')).toEqual({
      error: '[Operation Cancelled] Reason: The user rejected this call.',
    });
  });

  it('writes the content the client changed, after the policy judged it again', async () => {
    const { repo, server } = await serverAsking([
      callsReply([
        { id: 'w1', name: 'write_file', args: { file_path: 'notes.txt', content: 'model\n' } },
      ]),
      textReply('Written.'),
    ]);
    const client = await v1Client(server);
    const first = await collect(
      client.sendMessageStream(prompt('Rewrite notes.'), withExtension()),
    );
    const second = await collect(
      client.sendMessageStream(
        confirmationOf(taskIds(first), 'w1', 'proceed_once', 'by hand\n'),
        withExtension(),
      ),
    );
    expect(outline(second).at(-1)).toBe('STATE_CHANGE completed');
    const done = dataParts(second).find((data) => data['status'] === 'SUCCEEDED');
    expect(done).toMatchObject({
      input_parameters: { file_path: 'notes.txt', content: 'by hand\n' },
      output: { diff: { new_content: 'by hand\n' } },
    });
    expect(await readFile(path.join(repo, 'notes.txt'), 'utf8')).toBe('by hand\n');
  });

  it('refuses an answer that is not one, and keeps asking', async () => {
    const { server } = await serverAsking([
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: 'echo x' } }]),
    ]);
    const client = await v1Client(server);
    const first = await collect(client.sendMessageStream(prompt('Say x.'), withExtension()));
    const ids = taskIds(first);
    const wrongCall = client.sendMessageStream(confirmationOf(ids, 'other', 'proceed_once'));
    await expect(collect(wrongCall)).rejects.toThrow(
      /the waiting tool call is s1 \(run_shell_command\), not other/,
    );
    const edit = client.sendMessageStream(confirmationOf(ids, 's1', 'proceed_once', 'rm -rf /'));
    await expect(collect(edit)).rejects.toThrow(/file_details only answers a file edit/);
    const plainText = send([textPart('Just do it.')], ids);
    await expect(collect(client.sendMessageStream(plainText))).rejects.toThrow(
      /waiting for the confirmation of tool call s1 \(run_shell_command\): send a DataPart ToolCallConfirmation/,
    );
    expect((await client.getTask({ tenant: '', id: ids.taskId })).status?.state).toBe(6);
  });

  it('ends input-required with final: true on the 0.3 wire', async () => {
    const { server } = await serverAsking([
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: 'echo hi' } }]),
    ]);
    const response = await authFetch(server.token)(`${server.url}/a2a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-A2A-Extensions': EXTENSION_URI },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'message/stream',
        params: {
          message: {
            kind: 'message',
            messageId: randomUUID(),
            role: 'user',
            parts: [{ kind: 'text', text: 'Say hi.' }],
          },
        },
      }),
    });
    expect(response.headers.get('x-a2a-extensions')).toBe(EXTENSION_URI);
    const results: Record<string, unknown>[] = [];
    for await (const event of parseSseStream(response)) {
      results.push((JSON.parse(event.data) as { result: Record<string, unknown> }).result);
    }
    expect(
      results.map((result) => [
        result['kind'],
        (result['status'] as { state?: string } | undefined)?.state,
        result['final'],
      ]),
    ).toEqual([
      ['task', 'submitted', undefined],
      ['status-update', 'working', false],
      ['status-update', 'working', false],
      ['status-update', 'input-required', true],
    ]);
    expect(results[2]).toMatchObject({
      metadata: { [EXTENSION_URI]: { kind: 'TOOL_CALL_CONFIRMATION' } },
      status: {
        message: { parts: [{ kind: 'data', data: { tool_call_id: 's1', status: 'PENDING' } }] },
      },
    });
  });
});
