// `gemini-agent serve` from the built bundle, driven by `@a2a-js/sdk`'s own clients: the agent
// card, authentication, and a streamed task whose read, edit and shell call arrive as the
// development-tool extension (spec/002) shapes them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import {
  collect,
  dataParts,
  EXTENSION_URI,
  outline,
  prompt,
  startServe,
  taskIds,
  v1Client,
  wire,
  withExtension,
} from './support/serve-process.js';

describe('gemini-agent serve: the agent card and the token', () => {
  it('serves the 1.0 card to 1.0 clients and the 0.3 card to clients without a version', async () => {
    const gemini = await useFakeGemini();
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({ gemini, repo, args: ['--sandbox', 'none'] });

    const v1 = (await (
      await fetch(server.cardUrl, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as Record<string, unknown>;
    expect(v1).toMatchObject({
      name: 'Gemini Agent',
      supportedInterfaces: [
        { url: `${server.url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${server.url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      ],
      capabilities: {
        streaming: true,
        extensions: [{ uri: EXTENSION_URI, description: expect.any(String) as string }],
      },
      securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
    });

    const legacy = (await (await fetch(server.cardUrl)).json()) as Record<string, unknown>;
    expect(legacy).toMatchObject({
      protocolVersion: '0.3.0',
      url: `${server.url}/a2a`,
      preferredTransport: 'JSONRPC',
      capabilities: {
        streaming: true,
        extensions: [{ uri: EXTENSION_URI, required: false }],
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'Bearer' } },
      security: [{ bearer: [] }],
    });
    expect(legacy).not.toHaveProperty('supportedInterfaces');
  });

  it('answers 401 without the token, and prints a generated token once', async () => {
    const gemini = await useFakeGemini();
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await startServe({ gemini, repo, token: null, args: ['--sandbox', 'none'] });
    expect(server.token).toMatch(/^[\w-]{40,}$/);
    expect(server.stdout().split(server.token)).toHaveLength(2);
    expect(server.stderr()).not.toContain(server.token);

    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tasks/get',
      params: { id: 'x' },
    });
    const headers = { 'Content-Type': 'application/json' };
    const none = await fetch(`${server.url}/a2a`, { method: 'POST', headers, body });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await fetch(`${server.url}/a2a`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${server.token.slice(0, -1)}x` },
      body,
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${server.url}/a2a`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${server.token}` },
      body,
    });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ error: { code: -32001 } });
    expect(gemini.requests).toHaveLength(0);
  });
});

describe('gemini-agent serve: a streamed task', () => {
  it('streams a read, an edit and a shell call with the spec’s event sequence and shapes', async () => {
    const gemini = await useFakeGemini([
      callsReply([{ id: 'r1', name: 'read_file', args: { file_path: 'notes.txt' } }], {
        thoughts: ['**Reading the notes**\n\nI will read notes.txt first.'],
      }),
      callsReply([
        {
          id: 'e1',
          name: 'replace',
          args: { file_path: 'notes.txt', old_string: 'two', new_string: 'deux' },
        },
      ]),
      callsReply([{ id: 's1', name: 'run_shell_command', args: { command: 'echo checked' } }]),
      textReply('Renamed two to deux.'),
    ]);
    const repo = await tempRepo({ 'notes.txt': 'one\ntwo\n' }, { git: true });
    const server = await startServe({
      gemini,
      repo,
      args: ['--sandbox', 'none', '--allow-command', 'echo', '-m', 'gemini-2.5-flash'],
    });
    const client = await v1Client(server);
    expect(client.protocolVersion).toBe('1.0');

    const events = await collect(
      client.sendMessageStream(prompt('Rename two to deux.', repo), withExtension()),
    );
    expect(outline(events)).toEqual([
      'task submitted',
      'STATE_CHANGE working',
      'THOUGHT working thought',
      'TOOL_CALL_UPDATE working read_file PENDING',
      'TOOL_CALL_UPDATE working read_file EXECUTING',
      'TOOL_CALL_UPDATE working read_file SUCCEEDED',
      'TOOL_CALL_UPDATE working replace PENDING',
      'TOOL_CALL_UPDATE working replace EXECUTING',
      'TOOL_CALL_UPDATE working replace SUCCEEDED',
      'TOOL_CALL_UPDATE working run_shell_command PENDING',
      'TOOL_CALL_UPDATE working run_shell_command EXECUTING',
      'TOOL_CALL_UPDATE working run_shell_command EXECUTING',
      'TOOL_CALL_UPDATE working run_shell_command SUCCEEDED',
      'TEXT_CONTENT working "Renamed two to deux."',
      'STATE_CHANGE completed',
    ]);
    const notes = path.join(repo, 'notes.txt');
    const [thought, readPending, , readDone, editPending, , editDone, , , shellLive, shellDone] =
      dataParts(events);
    expect(thought).toEqual({
      subject: 'Reading the notes',
      description: 'I will read notes.txt first.',
    });
    expect(readPending).toEqual({
      tool_call_id: 'r1',
      status: 'PENDING',
      tool_name: 'read_file',
      description: 'Read notes.txt',
      input_parameters: { file_path: 'notes.txt' },
    });
    expect(readDone).toMatchObject({
      tool_call_id: 'r1',
      status: 'SUCCEEDED',
      output: { text: expect.stringContaining('notes.txt') as string },
    });
    expect(editPending).toMatchObject({
      tool_call_id: 'e1',
      tool_name: 'replace',
      input_parameters: { file_path: 'notes.txt', old_string: 'two', new_string: 'deux' },
    });
    expect(editPending).not.toHaveProperty('confirmation_request');
    expect(editDone).toMatchObject({
      status: 'SUCCEEDED',
      output: {
        diff: {
          file_name: 'notes.txt',
          file_path: notes,
          old_content: 'one\ntwo\n',
          new_content: 'one\ndeux\n',
          formatted_diff: expect.stringContaining('+deux') as string,
        },
      },
    });
    expect(shellLive).toMatchObject({ status: 'EXECUTING', live_content: 'checked' });
    expect(shellDone).toMatchObject({
      tool_call_id: 's1',
      status: 'SUCCEEDED',
      output: { text: expect.stringContaining('checked') as string },
    });
    expect(shellDone).not.toHaveProperty('live_content');
    // Every update carries the extension's metadata under its URI.
    for (const event of wire(events).slice(1)) {
      expect(event).toMatchObject({
        statusUpdate: { metadata: { [EXTENSION_URI]: { model: 'gemini-2.5-flash' } } },
      });
    }
    expect(await readFile(notes, 'utf8')).toBe('one\ndeux\n');
    const task = await client.getTask({ tenant: '', id: taskIds(events).taskId });
    expect(task.status?.state).toBe(3);
  });
});
